/**
 * What the CLI gets from its process, passed in so the commands never touch globals: the
 * arguments, the environment (read only here, by the bin entry), and the three streams.
 */
import type { Readable, Writable } from 'node:stream';
import type { ParseArgsConfig } from 'node:util';
import type { Quarry } from '../client.js';
import type { Settings } from './settings.js';

export interface CliIo {
  argv: string[];
  env: Record<string, string | undefined>;
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable;
  stderr: Writable & { isTTY?: boolean };
}

/** Wrong arguments or missing set-up: exit 64 with the message (and usage). */
export class UsageError extends Error {}

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;
export type OptionValues = Record<string, string | boolean | Array<string | boolean> | undefined>;

export interface CommandContext {
  io: CliIo;
  settings: Settings;
  /** A client with the resolved key and address; `requireKey` throws UsageError when there is no key. */
  client(options?: { requireKey?: boolean }): Quarry;
  out(text: string): void;
  err(text: string): void;
}

export interface Command {
  /** The words that select it, e.g. ['apis', 'list']. */
  words: string[];
  /** The syntax after `quarry-user`. */
  usage: string;
  summary: string;
  options: OptionSpec;
  run(ctx: CommandContext, values: OptionValues, positionals: string[]): Promise<number>;
}

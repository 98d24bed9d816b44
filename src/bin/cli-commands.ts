/**
 * CLI commands contributed by later parts (scraper import, ...), kept apart from the core
 * account commands so each stays small.
 */
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import type { Clock } from '../clock.js';

export interface CliContext {
  db: Db;
  config: Config;
  clock: Clock;
  args: string[];
  options: Record<string, string | boolean | undefined>;
}

export interface CliCommand {
  usage: string;
  /** How many words name the command (e.g. 2 for "scraper import"). */
  words: number;
  run(ctx: CliContext): Promise<unknown>;
}

export const EXTRA_COMMANDS: Record<string, CliCommand> = {};

/**
 * The user CLI `quarry-user`: argument parsing, command selection and exit codes only; the
 * commands do the work through the SDK. Exit codes: 0 ok, 1 the service (or the build)
 * refused, 64 bad usage or missing set-up.
 */
import { parseArgs } from 'node:util';
import { Quarry } from '../client.js';
import { QuarryError, TaskWaitError } from '../errors.js';
import { apisList, apisRemove, apisRestore, tasksDelete } from './commands/apis.js';
import { usage } from './commands/usage.js';
import { build } from './commands/build.js';
import { call } from './commands/call.js';
import { login } from './commands/login.js';
import { marketplaceSearch } from './commands/marketplace.js';
import { monitorChanges, monitorCreate, monitorDeliveries, monitorList } from './commands/monitors.js';
import { UsageError, type CliIo, type Command, type CommandContext, type OptionSpec } from './io.js';
import { loadSettings } from './settings.js';

export const EXIT_OK = 0;
export const EXIT_API_ERROR = 1;
export const EXIT_USAGE = 64;

const COMMANDS: Command[] = [login, build, call, apisList, apisRemove, apisRestore, tasksDelete, usage, marketplaceSearch, monitorCreate, monitorList, monitorChanges, monitorDeliveries];

const GLOBAL_OPTIONS: OptionSpec = {
  'base-url': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

export const USAGE = `usage: quarry-user <command> [options]

${COMMANDS.map((c) => `  ${c.usage}\n      ${c.summary}`).join('\n')}

Global options: --base-url URL, --help
Settings: QUARRY_API_KEY and QUARRY_BASE_URL override the file written by login
($XDG_CONFIG_HOME/quarry/config.json, or ~/.config/quarry/config.json).`;

export async function runCli(io: CliIo): Promise<number> {
  const out = (text: string) => io.stdout.write(`${text}\n`);
  const err = (text: string) => io.stderr.write(`${text}\n`);
  const [first] = io.argv;
  if (first === undefined || first === 'help' || first === '--help' || first === '-h') {
    (first === undefined ? err : out)(USAGE);
    return first === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const command = COMMANDS.find((c) => c.words.every((w, i) => io.argv[i] === w));
  try {
    if (!command) throw new UsageError(`unknown command "${io.argv.slice(0, 2).join(' ')}"`);
    const { values, positionals } = parseCommandArgs(command, io.argv.slice(command.words.length));
    if (values.help) {
      out(`usage: quarry-user ${command.usage}`);
      return EXIT_OK;
    }
    const settings = await loadSettings(io.env);
    if (typeof values['base-url'] === 'string') settings.baseUrl = values['base-url'];
    const ctx: CommandContext = { io, settings, out, err, client: (o) => clientFor(settings, o?.requireKey ?? false) };
    return await command.run(ctx, values, positionals);
  } catch (e) {
    return reportError(e, command, err);
  }
}

function parseCommandArgs(command: Command, args: string[]) {
  try {
    return parseArgs({ args, options: { ...GLOBAL_OPTIONS, ...command.options }, allowPositionals: true, strict: true });
  } catch (e) {
    // parseArgs throws TypeErrors with ERR_PARSE_ARGS_* codes for unknown or malformed options.
    throw new UsageError((e as Error).message);
  }
}

function clientFor(settings: { baseUrl: string; apiKey: string | undefined }, requireKey: boolean): Quarry {
  if (requireKey && !settings.apiKey) {
    throw new UsageError('not logged in: run `quarry-user login` or set QUARRY_API_KEY');
  }
  try {
    return new Quarry({ apiKey: settings.apiKey, baseUrl: settings.baseUrl });
  } catch {
    throw new UsageError(`invalid service address "${settings.baseUrl}"`);
  }
}

function reportError(e: unknown, command: Command | undefined, err: (t: string) => void): number {
  if (e instanceof UsageError) {
    err(`error: ${e.message}`);
    err(command ? `usage: quarry-user ${command.usage}` : USAGE);
    return EXIT_USAGE;
  }
  if (e instanceof QuarryError) {
    const where = e.status ? `HTTP ${e.status}` : 'no response';
    err(`error: ${e.message} (${where}${e.requestId ? `, request id ${e.requestId}` : ''})`);
    return EXIT_API_ERROR;
  }
  if (e instanceof TaskWaitError) {
    err(`error: ${e.message}`);
    return EXIT_API_ERROR;
  }
  err(`error: ${e instanceof Error ? e.message : String(e)}`);
  return EXIT_API_ERROR;
}

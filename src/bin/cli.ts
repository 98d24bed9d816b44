/**
 * The operator CLI `quarry`: account, key, plan and credit administration and migrations,
 * on the same configuration and data as the server (safe while it runs: SQLite WAL or
 * PostgreSQL). Start-up and argument parsing only; the work is done by the services.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/index.js';
import { openDb, migrateToLatest, type Db } from '../db/index.js';
import { systemClock } from '../clock.js';
import { isQuarryError } from '../errors/index.js';
import { createUser, findUserIdByEmail, getAccount, setPlan } from '../services/accounts.js';
import { createKey } from '../services/keys.js';
import { setBalance } from '../services/credits.js';
import { EXTRA_COMMANDS } from './cli-commands.js';

const USAGE = `usage: quarry <command> [options]

  user create --email E --password P [--plan PLAN]   create an account
  key create --email E [--name N] [--expires-at ISO]  create an API key (printed once)
  plan set --email E --plan PLAN                      change an account's plan
  credits set --email E --credits N                   set the credit balance (recorded in the ledger)
  account show --email E                              show an account
  migrate                                             apply database migrations
${Object.values(EXTRA_COMMANDS).map((c) => `  ${c.usage}`).join('\n')}
Settings come from the environment (QUARRY_DATA_DIR, DATABASE_URL, ...), as for the server.

User commands (through a running service, see \`quarry login --help\`):
  login, build URL --task "..." --wait, call SCRAPER ENDPOINT --param k=v, apis list, marketplace search Q`;

type Options = Record<string, string | boolean | undefined>;

function need(opts: Options, name: string): string {
  const v = opts[name];
  if (typeof v !== 'string' || v === '') throw new UsageError(`--${name} is required`);
  return v;
}

class UsageError extends Error {}

async function run(argv: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      plan: { type: 'string' },
      name: { type: 'string' },
      'expires-at': { type: 'string' },
      credits: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals.slice(0, 2).join(' ');
  if (values.help || positionals.length === 0) {
    console.log(USAGE);
    return undefined;
  }
  const config = loadConfig();
  const db: Db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await migrateToLatest(db);
    const clock = systemClock;
    switch (command) {
      case 'migrate':
        return { migrated: true, dialect: db.dialect };
      case 'user create':
        return await createUser(db, clock, { email: need(values, 'email'), password: need(values, 'password'), plan: values.plan });
      case 'key create': {
        const userId = await findUserIdByEmail(db, need(values, 'email'));
        return await createKey(db, clock, userId, { name: values.name ?? null, expiresAt: values['expires-at'] ?? null });
      }
      case 'plan set':
        return await setPlan(db, await findUserIdByEmail(db, need(values, 'email')), need(values, 'plan'));
      case 'credits set': {
        const n = Number(need(values, 'credits'));
        if (!Number.isInteger(n) || n < 0) throw new UsageError('--credits must be a whole number >= 0');
        const userId = await findUserIdByEmail(db, need(values, 'email'));
        await setBalance(db.kysely, clock, userId, n, 'operator_set');
        return await getAccount(db, userId);
      }
      case 'account show':
        return await getAccount(db, await findUserIdByEmail(db, need(values, 'email')));
      default: {
        const extra = EXTRA_COMMANDS[command] ?? EXTRA_COMMANDS[positionals[0]];
        if (extra) return await extra.run({ db, config, clock, args: positionals.slice(extra.words), options: values });
        throw new UsageError(`unknown command "${positionals.join(' ')}"`);
      }
    }
  } finally {
    await db.close();
  }
}

run(process.argv.slice(2)).then(
  (out) => {
    if (out !== undefined) console.log(JSON.stringify(out, null, 2));
  },
  (err: unknown) => {
    if (err instanceof UsageError) console.error(`quarry: ${err.message}\n\n${USAGE}`);
    else if (isQuarryError(err)) {
      console.error(`quarry: ${err.message}`);
      const details = err.fields.details;
      if (Array.isArray(details)) for (const d of details) console.error(`  ${JSON.stringify(d)}`);
    } else if (err instanceof Error) console.error(`quarry: ${err.message}`);
    else console.error('quarry:', err);
    process.exitCode = err instanceof UsageError ? 64 : 1;
  },
);

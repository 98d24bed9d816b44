/**
 * Numbered migrations, applied in order at start-up and by `quarry migrate`. The list is
 * explicit (not read from a folder) so bundlers and tsx see every file.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import * as m0001 from './migrations/0001_init.js';
import * as m0002 from './migrations/0002_marketplace.js';
import * as m0003 from './migrations/0003_revisions.js';
import * as m0004 from './migrations/0004_sessions.js';
import * as m0005 from './migrations/0005_oauth.js';
import * as m0006 from './migrations/0006_scale_out.js';
import * as m0007 from './migrations/0007_monitors.js';
import * as m0008 from './migrations/0008_archive.js';

const MIGRATIONS: Record<string, Migration> = {
  '0001_init': m0001,
  '0002_marketplace': m0002,
  '0003_revisions': m0003,
  '0004_sessions': m0004,
  '0005_oauth': m0005,
  '0006_scale_out': m0006,
  '0007_monitors': m0007,
  '0008_archive': m0008,
};

const TABLE = 'quarry_migrations';
/** Any constant: PostgreSQL advisory lock key that serialises concurrent migrators. */
const PG_LOCK_KEY = 727_111_001;

/**
 * Apply every pending migration, in name order, each in its own transaction together with
 * its bookkeeping row. Our own small runner rather than Kysely's Migrator: that one inspects
 * every table of every schema to find its own, which fails when another schema is being
 * dropped at the same moment (parallel test databases) and is more than we need.
 * Concurrent starts are safe: PostgreSQL takes an advisory lock, SQLite's write lock
 * serialises the transactions, and a migration already recorded is skipped.
 */
export async function migrateToLatest(target: Kysely<any> | { kysely: Kysely<any> }): Promise<string[]> {
  const db: Kysely<any> = 'kysely' in target ? target.kysely : target;
  await db.schema
    .createTable(TABLE)
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .execute()
    .catch(async (err: unknown) => {
      // Two processes creating the table at once: the loser sees it exists afterwards.
      const exists = await sql`select 1 from ${sql.table(TABLE)} limit 1`.execute(db).then(() => true, () => false);
      if (!exists) throw err;
    });
  const applied: string[] = [];
  for (const name of Object.keys(MIGRATIONS).sort()) {
    const done = await db.transaction().execute(async (trx) => {
      if (isPostgres(db)) await sql`select pg_advisory_xact_lock(${PG_LOCK_KEY})`.execute(trx);
      const row = await trx.selectFrom(TABLE).select('name').where('name', '=', name).executeTakeFirst();
      if (row) return false;
      await MIGRATIONS[name].up(trx);
      await trx.insertInto(TABLE).values({ name, applied_at: new Date().toISOString() }).execute();
      return true;
    });
    if (done) applied.push(name);
  }
  return applied;
}

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

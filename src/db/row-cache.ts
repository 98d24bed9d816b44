/**
 * Rows of one SQLite table kept in memory for a read made on every call (an execution's scraper
 * row), answering what a fresh read would. A read of one row costs tens of microseconds under
 * load, most of it the read transaction's locks, not the row; a hit costs a map lookup.
 *
 * Exact, not merely fresh enough:
 * - This process's writes reach the cache as they are made: temporary triggers on the writer
 *   connection (`AFTER INSERT/UPDATE/DELETE ON main.<table>`, foreign-key cascades included)
 *   call back into it for every row they touch, committed or not; the row is read again next
 *   time.
 * - Other connections' commits (the CLI, another process, a second connection of this one) are
 *   seen through the writer's `PRAGMA data_version`, which changes only when another connection
 *   committed, and `schema_version`, which changes with any migration (one that rebuilds the
 *   table drops its triggers: they are made again). Both are read once per turn of the event
 *   loop, as committedCache reads its token: requests handled in one turn were all received
 *   before it began. Any change drops every entry.
 * - A row is stored only from a read made while no transaction is open on the writer (a Kysely
 *   transaction stays open across awaits; a read then goes to the read-only connection and may
 *   be older than that transaction's writes) and only if nothing dropped entries meanwhile.
 * Rows not found are not kept: an unknown id costs a read, never memory. Kept rows are frozen:
 * every caller gets the same object.
 *
 * PostgreSQL (and a transaction's own reads) always go to the database.
 */
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { perTurn, sqliteWriterConnection } from './index.js';
import { LruCache } from '../lru-cache.js';

export interface RowCache<R> {
  /** The row with this key: remembered when still exact, else load()'s answer. */
  read(key: string, load: () => Promise<R | undefined>): Promise<R | undefined>;
}

type Table = keyof Database & string;

const CHANGED_FUNCTION = 'quarry_row_changed';

/** What the triggers of one writer connection call back into: a table's caches by table name. */
const listeners = new WeakMap<SQLite.Database, Map<string, Set<(key: string) => void>>>();

function listen(connection: SQLite.Database, table: string, forget: (key: string) => void): void {
  let byTable = listeners.get(connection);
  if (!byTable) {
    const tables = (byTable = new Map());
    listeners.set(connection, tables);
    connection.function(CHANGED_FUNCTION, { deterministic: false }, (changedTable: unknown, key: unknown) => {
      for (const f of tables.get(String(changedTable)) ?? []) f(String(key));
      return null;
    });
  }
  let set = byTable.get(table);
  if (!set) byTable.set(table, (set = new Set()));
  set.add(forget);
}

/** The temporary triggers that report every row of `table` this connection writes (IF NOT EXISTS: made again after a rebuild). */
function installTriggers(connection: SQLite.Database, table: Table, keyColumn: string): void {
  const name = (op: string) => `"quarry_changed_${table}_${op}"`;
  const call = (row: 'NEW' | 'OLD') => `SELECT ${CHANGED_FUNCTION}('${table}', ${row}."${keyColumn}");`;
  connection.exec(`
    CREATE TEMP TRIGGER IF NOT EXISTS ${name('insert')} AFTER INSERT ON main."${table}" BEGIN ${call('NEW')} END;
    CREATE TEMP TRIGGER IF NOT EXISTS ${name('update')} AFTER UPDATE ON main."${table}" BEGIN ${call('OLD')} ${call('NEW')} END;
    CREATE TEMP TRIGGER IF NOT EXISTS ${name('delete')} AFTER DELETE ON main."${table}" BEGIN ${call('OLD')} END;
  `);
}

export function sqliteRowCache<R>(kysely: Kysely<Database>, table: Table, keyColumn: string, maxEntries = 10_000): RowCache<R> {
  const connection = sqliteWriterConnection(kysely);
  if (!connection) return { read: (_key, load) => load() };
  const writer = connection;
  const entries = new LruCache<string, R>(maxEntries);
  // Bumped whenever entries are dropped: a read that overlapped a drop must not store its row.
  let generation = 0;
  let versions: string | null = null;
  const versionsOf = writer.prepare<[], { data_version: number; schema_version: number }>(
    'SELECT data_version, schema_version FROM pragma_data_version, pragma_schema_version',
  );
  listen(writer, table, (key) => {
    entries.delete(key);
    generation++;
  });

  /** Drops everything if another connection committed or the schema changed since the last look (once per turn). */
  const others = perTurn(() => {
    const v = versionsOf.get()!;
    const now = `${v.data_version}/${v.schema_version}`;
    if (now === versions) return;
    entries.clear();
    generation++;
    installTriggers(writer, table, keyColumn);
    versions = now;
  });

  return {
    async read(key, load) {
      // While a transaction is open on the writer nothing is learned or installed (its rollback
      // would drop triggers made inside it) and nothing is served: go around.
      if (writer.inTransaction) return load();
      others.get();
      const hit = entries.get(key);
      if (hit !== undefined) return hit;
      const before = generation;
      const row = await load();
      if (row === undefined || generation !== before || writer.inTransaction) return row;
      // Shared by every later caller: frozen, so a caller that changed it would fail loudly.
      entries.set(key, Object.freeze(row));
      return row;
    },
  };
}

/**
 * Opens the database the configuration names: PostgreSQL when DATABASE_URL is set,
 * otherwise SQLite (WAL) in a file under the data folder. Both go through Kysely, so
 * repositories are written once.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Database } from './schema.js';
import { loadPg } from '../optional-modules.js';
import { startCheckpointer } from './checkpointer.js';

export type { Database } from './schema.js';
export { migrateToLatest } from './migrate.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema in use when it is not the default one. */
  pgSchema?: string | null;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** PostgreSQL connection string; SQLite when null. */
  databaseUrl: string | null;
  /** SQLite file (or ':memory:'); defaults to <dataDir>/quarry.db. */
  sqliteFile?: string;
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate themselves in a fresh schema). */
  pgSchema?: string;
  poolSize?: number;
}

export function openDb(opts: OpenDbOptions): Db {
  if (opts.databaseUrl) {
    const pgSchema = opts.pgSchema ?? schemaFromUrl(opts.databaseUrl);
    const { Pool } = loadPg();
    const pool = new Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    // A connection the server dropped (restart, pg_terminate_backend) emits 'error' on the pool
    // when idle and on its client when checked out; unhandled, either would crash the process.
    // The query in flight fails, the broken client is not reused, the next query opens a new one.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', pgSchema, close: () => kysely.destroy() };
  }
  const file = opts.sqliteFile ?? path.join(opts.dataDir, 'quarry.db');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  // WAL lets the CLI and the server work on the same file at once; busy_timeout makes a
  // writer wait for the other's lock instead of failing.
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = NORMAL');
  // A second, read-only connection for hot reads: in WAL mode it sees exactly the committed
  // data, never a write transaction in flight on the main connection, and it answers
  // synchronously without queueing behind that connection's lock.
  const reader = file === ':memory:' ? null : new SQLite(file, { readonly: true, fileMustExist: true });
  const checkpointer = file === ':memory:' ? null : startCheckpointer(file, database);
  const probe = reader ? openCommitProbe(file, reader) : null;
  // Every statement of this process's writer (its COMMIT included) makes the probe look again.
  const writer = withStatementCache(database, probe ? () => probe.forget() : undefined);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: writer }) });
  sqliteWriters.set(kysely, sqliteWriterOf(writer));
  if (reader && probe) {
    reader.pragma('busy_timeout = 5000');
    sqliteReaders.set(kysely, committedReads(database, withStatementCache(database), withStatementCache(reader)));
    sqliteCommitProbes.set(kysely, probe);
  }
  return {
    kysely,
    dialect: 'sqlite',
    close: async () => {
      await checkpointer?.close();
      probe?.close();
      reader?.close();
      await kysely.destroy();
    },
  };
}

/** A writer and its one reusable IMMEDIATE transaction (better-sqlite3 builds one per `transaction()` call). */
interface SqliteWriter {
  inTransaction<T>(work: (db: SQLite.Database) => T): T;
  /** The connection itself, for what must live on it (db/row-cache.ts: its temporary triggers). */
  connection: SQLite.Database;
}
const sqliteWriters = new WeakMap<object, SqliteWriter>();

function sqliteWriterOf(db: SQLite.Database): SqliteWriter {
  const run = db.transaction((work: (db: SQLite.Database) => unknown) => work(db));
  return { inTransaction: (work) => run.immediate(work) as ReturnType<typeof work>, connection: db };
}

/** The SQLite writer connection of a database (not of a transaction), or undefined (PostgreSQL). */
export function sqliteWriterConnection(kysely: Kysely<Database>): SQLite.Database | undefined {
  return kysely.isTransaction ? undefined : sqliteWriters.get(kysely)?.connection;
}

/**
 * On SQLite (outside a Kysely transaction), a runner of synchronous write transactions: `work`
 * runs in one IMMEDIATE transaction on the writer while Kysely's connection lock is held, so no
 * transaction of this process interleaves. For a hot write of several statements: Kysely's
 * asynchronous transaction costs about as much again as the statements. Undefined elsewhere.
 */
export function sqliteWriteTransaction(
  kysely: Kysely<Database>,
): (<T>(work: (db: SQLite.Database) => T) => Promise<T>) | undefined {
  const writer = kysely.isTransaction ? undefined : sqliteWriters.get(kysely);
  if (!writer) return undefined;
  // The executor's connection provider takes the driver's lock without building a Kysely per call.
  return (work) => kysely.getExecutor().provideConnection(async () => writer.inTransaction(work));
}

/** Where a committed read is prepared, by database (see openDb); used by preparedQuery. */
export interface CommittedReads {
  prepare(sql: string): SQLite.Statement;
}
export const sqliteReaders = new WeakMap<object, CommittedReads>();

/**
 * A committed read runs on the writer connection when no transaction is open on it: outside a
 * transaction that connection sees exactly the committed data, and its page cache survives
 * this process's own commits, where the read-only connection drops its cache at each of them
 * (a charge commits on every paid call; a key lookup then costs twice as much there). While a
 * transaction is open on the writer (a Kysely transaction spans awaits), reads go to the
 * read-only connection, which never sees that transaction's uncommitted rows. `writerReads`
 * has its own statement cache: reading does not need the commit probe told (see openDb).
 */
function committedReads(writer: SQLite.Database, writerReads: SQLite.Database, readerReads: SQLite.Database): CommittedReads {
  return { prepare: (sql) => (writer.inTransaction ? readerReads : writerReads).prepare(sql) };
}

/**
 * Tells whether anything was committed to a SQLite database since it last answered: it answers
 * a token, and two equal tokens mean no connection, in this process or another, committed in
 * between. It reads the wal-index header: the first 48 bytes of the `-shm` file, which every
 * commit rewrites (mxFrame, the change counter, salts and checksum; the layout is documented at
 * sqlite.org/walformat.html and shared by every SQLite version that opens the file). That is
 * one pread, where `PRAGMA data_version` (the fallback when the file cannot be opened) starts a
 * read transaction and costs several times more on a busy server.
 *
 * One read serves a whole turn of the event loop: requests handled in one turn were all received
 * before it began, so the state at the read is one each of them could have seen. A statement
 * of this process's writer (`forget`) makes the next token read again, so the process always
 * sees its own commits at once.
 */
export interface CommitProbe {
  token(): string;
  forget(): void;
  close(): void;
}

/**
 * A value read at most once per turn of the event loop, unless forgotten: the requests handled
 * in one turn were all received before it began, so a state read during the turn is one each of
 * them could have seen. Shared by the commit probe and the row cache's look at other connections.
 */
export function perTurn<T>(read: () => T): { get(): T; forget(): void } {
  let current: { value: T } | null = null;
  let ending = false;
  return {
    get() {
      if (current === null) {
        current = { value: read() };
        if (!ending) {
          ending = true;
          setImmediate(() => {
            current = null;
            ending = false;
          });
        }
      }
      return current.value;
    },
    forget() {
      current = null;
    },
  };
}

/** Commit probes of SQLite databases by database (see openDb); used by committedCache. */
export const sqliteCommitProbes = new WeakMap<object, CommitProbe>();

const WAL_INDEX_HEADER_BYTES = 48;

function openCommitProbe(file: string, reader: SQLite.Database): CommitProbe {
  const dataVersion = reader.prepare<[], number>('PRAGMA data_version').pluck();
  const header = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  let shm: number | null = null;
  const read = (): string => {
    // SQLite creates the -shm file with the first transaction, so it is opened on first use.
    if (shm === null) {
      try {
        shm = fs.openSync(`${file}-shm`, 'r');
      } catch {
        return `v${dataVersion.get()}`;
      }
    }
    fs.readSync(shm, header, 0, WAL_INDEX_HEADER_BYTES, 0);
    return header.toString('latin1', 0, WAL_INDEX_HEADER_BYTES);
  };
  const thisTurn = perTurn(read);
  return {
    token: () => thisTurn.get(),
    forget: () => thisTurn.forget(),
    close: () => {
      if (shm !== null) fs.closeSync(shm);
    },
  };
}

/**
 * Kysely prepares every query anew; preparing costs more than running a simple one. The
 * driver is synchronous and serialised, so a prepared statement is never used by two
 * queries at once and can be kept, keyed by its SQL text (bounded, oldest dropped first).
 */
function withStatementCache(database: SQLite.Database, onStatement?: () => void, max = 500): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = database.prepare.bind(database);
  // One cached prepare for the life of the connection: this is on every query's path (the
  // driver prepares and runs in one synchronous step, so onStatement runs just before it).
  const cachedPrepare = (source: string): SQLite.Statement => {
    onStatement?.();
    let stmt = cache.get(source);
    if (!stmt) {
      stmt = prepare(source);
      if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      cache.set(source, stmt);
    }
    return stmt;
  };
  return new Proxy(database, {
    get(target, prop, receiver) {
      if (prop === 'prepare') return cachedPrepare;
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A schema named by `options=-c search_path=X` in the connection string, if any. */
function schemaFromUrl(url: string): string | null {
  try {
    const options = new URL(url).searchParams.get('options') ?? '';
    return /search_path=([A-Za-z0-9_]+)/.exec(options)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** True once the database answers a trivial query. */
export async function isReady(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db.kysely);
    return true;
  } catch {
    return false;
  }
}

/**
 * Precompiled queries for hot paths. Building and compiling a Kysely query costs more than
 * running it on SQLite; a hot query is compiled once per database (with sentinel values in
 * place of its parameters) and then executed with the real values swapped in. The SQL stays
 * dialect-correct because the database's own compiler produced it. Compilations are kept per
 * dialect adapter, which a database shares with its transactions, so a query run inside a
 * transaction is not compiled again. A read (`readOnly`) on SQLite outside a transaction runs
 * synchronously on a connection that sees committed data only (see committedReads in
 * db/index.ts), so a hot read never waits for a write.
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import { sqliteReaders } from './index.js';

const SENTINEL = (i: number) => `\u0000quarry-param-${i}\u0000`;

export interface PreparedQuery<P extends unknown[], R> {
  (db: Kysely<Database>, ...params: P): Promise<R[]>;
  /** The SQL and values for this database, to run on a connection directly (see sqliteWriteTransaction). */
  compiled(db: Kysely<Database>, ...params: P): { sql: string; values: unknown[] };
}

export function preparedQuery<P extends unknown[], R>(
  arity: P['length'],
  build: (db: Kysely<Database>, ...params: P) => Compilable<R>,
  options: { readOnly: boolean } = { readOnly: true },
): PreparedQuery<P, R> {
  const compilations = new WeakMap<object, { sql: string; slots: Array<number | { value: unknown }> }>();
  const compiled = (db: Kysely<Database>, ...params: P) => {
    const dialect = db.getExecutor().adapter;
    let c = compilations.get(dialect);
    if (!c) {
      const sentinels = Array.from({ length: arity }, (_, i) => SENTINEL(i)) as P;
      const q = build(db, ...sentinels).compile();
      const slots = q.parameters.map((p) => {
        const i = sentinels.indexOf(p);
        return i >= 0 ? i : { value: p };
      });
      c = { sql: q.sql, slots };
      compilations.set(dialect, c);
    }
    return { sql: c.sql, values: c.slots.map((s) => (typeof s === 'number' ? params[s] : s.value)) };
  };
  const run = async (db: Kysely<Database>, ...params: P): Promise<R[]> => {
    const { sql, values } = compiled(db, ...params);
    // SQLite: run directly on a connection that sees committed data only; else through Kysely.
    const reader = options.readOnly ? sqliteReaders.get(db) : undefined;
    if (reader) return reader.prepare(sql).all(...values) as R[];
    const res = await db.executeQuery<R>(CompiledQuery.raw(sql, values));
    return res.rows;
  };
  return Object.assign(run, { compiled });
}

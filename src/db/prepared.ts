/**
 * Precompiled queries for hot paths. Building and compiling a Kysely query costs more than
 * running it on SQLite; a hot query is compiled once per database (with sentinel values in
 * place of its parameters) and then executed with the real values swapped in. The SQL stays
 * dialect-correct because the database's own compiler produced it. Compilations are kept per
 * dialect adapter, which a database shares with its transactions, so a query run inside a
 * transaction is not compiled again. A read (`readOnly`) on SQLite outside a transaction runs
 * on the read-only connection (see db/index.ts), so a hot read never waits for a write.
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import { sqliteReaders } from './index.js';

const SENTINEL = (i: number) => `\u0000quarry-param-${i}\u0000`;

export function preparedQuery<P extends unknown[], R>(
  arity: P['length'],
  build: (db: Kysely<Database>, ...params: P) => Compilable<R>,
  options: { readOnly: boolean } = { readOnly: true },
): (db: Kysely<Database>, ...params: P) => Promise<R[]> {
  const compiled = new WeakMap<object, { sql: string; slots: Array<number | { value: unknown }> }>();
  return async (db, ...params) => {
    const dialect = db.getExecutor().adapter;
    let c = compiled.get(dialect);
    if (!c) {
      const sentinels = Array.from({ length: arity }, (_, i) => SENTINEL(i)) as P;
      const q = build(db, ...sentinels).compile();
      const slots = q.parameters.map((p) => {
        const i = sentinels.indexOf(p);
        return i >= 0 ? i : { value: p };
      });
      c = { sql: q.sql, slots };
      compiled.set(dialect, c);
    }
    const values = c.slots.map((s) => (typeof s === 'number' ? params[s] : s.value));
    // SQLite: run on the read-only connection directly (committed data only); else through Kysely.
    const reader = options.readOnly ? sqliteReaders.get(db) : undefined;
    if (reader) return reader.prepare(c.sql).all(...values) as R[];
    const res = await db.executeQuery<R>(CompiledQuery.raw(c.sql, values));
    return res.rows;
  };
}

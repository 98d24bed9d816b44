/**
 * A read-through cache for hot reads whose answer stays exact until something is committed.
 *
 * On SQLite the commit probe (db/index.ts) answers a token that changes whenever any
 * connection commits: this process's writer, the operator CLI, a worker process. An entry is
 * served only while the token equals the one read *before* the entry was loaded, so a hit is
 * what a fresh read would return (a commit racing the load only makes the entry look older
 * than it is). Any commit invalidates every entry: coarse, but it needs no knowledge of which
 * writes touch which reads, and a quiet database (the polling case) hits. The probe costs about
 * a microsecond; a cold read of a wide row costs tens.
 *
 * PostgreSQL has no counter that cheap, so there every read goes to the database.
 */
import { LruCache } from '../lru-cache.js';
import { sqliteCommitProbes } from './index.js';

export interface CommittedCache<V> {
  /** The remembered value when nothing was committed since it was loaded (synchronously), else load()'s answer. */
  read(key: string, load: () => Promise<V>): V | Promise<V>;
}

export function committedCache<V>(kysely: object, maxEntries = 1000): CommittedCache<V> {
  const probe = sqliteCommitProbes.get(kysely);
  if (!probe) return { read: (_key, load) => load() };
  const entries = new LruCache<string, { token: string; value: V }>(maxEntries);
  return {
    read(key, load) {
      const token = probe.token();
      const hit = entries.get(key);
      if (hit && hit.token === token) return hit.value;
      return load().then((value) => {
        entries.set(key, { token, value });
        return value;
      });
    },
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, usePostgres, type TestDb } from '../helpers/db.js';
import { committedCache } from '../../src/db/committed-cache.js';
import { systemClock } from '../../src/clock.js';
import { createUser } from '../../src/services/accounts.js';
import { openDb, type Db } from '../../src/db/index.js';
import { newId } from '../../src/clock.js';

describe('committedCache', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => t.cleanup());

  it('loads again only after a commit (on SQLite); on PostgreSQL it always loads', async () => {
    const cache = committedCache<number>(t.db.kysely);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.read('a', load)).toBe(1);
    const again = cache.read('a', load);
    expect(await again).toBe(usePostgres ? 2 : 1);
    if (!usePostgres) expect(again).toBe(1); // answered synchronously
    await createUser(t.db, systemClock, { email: 'cache@example.test', password: 'a long password' });
    const before = loads;
    await cache.read('a', load);
    expect(loads).toBe(before + 1);
    expect(await cache.read('b', load)).toBe(loads);
  });

  it("sees this process's own commit at once, another connection's from the next turn of the event loop", async () => {
    const cache = committedCache<number>(t.db.kysely);
    let loads = 0;
    const load = async () => ++loads;
    const insert = (db: Db, id: string) =>
      db.kysely
        .insertInto('users')
        .values({ id, email: `${id}@example.test`, password_hash: null, plan: 'free', credits: 0, disclaimer_accepted_at: null, workspace_id: null, created_at: new Date().toISOString() })
        .execute();
    await cache.read('own', load);
    await insert(t.db, newId()); // only promises in between: still the same turn
    await cache.read('own', load);
    expect(loads).toBe(2);

    const other = openDb({ databaseUrl: t.env.DATABASE_URL ?? null, dataDir: t.dataDir, pgSchema: t.db.pgSchema ?? undefined });
    try {
      await new Promise((resolve) => setImmediate(resolve));
      await cache.read('theirs', load);
      const before = loads;
      await insert(other, newId());
      await new Promise((resolve) => setImmediate(resolve));
      await cache.read('theirs', load);
      expect(loads).toBe(before + 1);
    } finally {
      await other.close();
    }
  });

  it('keeps at most its bound of entries, dropping the oldest', async () => {
    const cache = committedCache<string>(t.db.kysely, 2);
    let loads = 0;
    const load = (v: string) => async () => (loads++, v);
    await cache.read('x', load('x'));
    await cache.read('y', load('y'));
    await cache.read('z', load('z'));
    loads = 0;
    await cache.read('z', load('z'));
    await cache.read('x', load('x'));
    expect(loads).toBe(usePostgres ? 2 : 1);
  });
});

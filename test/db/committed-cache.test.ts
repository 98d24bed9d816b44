import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, usePostgres, type TestDb } from '../helpers/db.js';
import { committedCache } from '../../src/db/committed-cache.js';
import { systemClock } from '../../src/clock.js';
import { createUser } from '../../src/services/accounts.js';

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

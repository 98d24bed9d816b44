/**
 * MCP `read_more` cursors whichever process answers: a long result cut by one process (its own
 * pool and ResultPages) is read on by another through the database store; only by its user,
 * only until it expires.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../helpers/db.js';
import { openDb, type Db } from '../../src/db/index.js';
import { ResultPages, RESULT_CAP_BYTES } from '../../src/mcp/result-pages.js';
import { DbPageStore } from '../../src/mcp/page-store.js';

describe('MCP result pages kept in the database', () => {
  let testDb: TestDb;
  let other: Db;
  let now = Date.now();
  const clock = () => now;

  beforeAll(async () => {
    testDb = await createTestDb();
    other = openDb({ databaseUrl: testDb.env.DATABASE_URL ?? null, dataDir: testDb.dataDir });
  });
  afterAll(async () => {
    await other.close();
    await testDb.cleanup();
  });

  it('a cursor made by one process is read by another, part after part', async () => {
    const one = new ResultPages(RESULT_CAP_BYTES, clock, new DbPageStore(testDb.db, clock));
    const two = new ResultPages(RESULT_CAP_BYTES, clock, new DbPageStore(other, clock));
    const value = { status: 'success', data: Array.from({ length: 800 }, (_, i) => ({ n: i, text: `item ${i} `.repeat(8) })) };
    let part = await one.first('alice', value);
    const seen: unknown[] = [];
    for (let i = 0; ; i++) {
      seen.push(...(JSON.parse(part.text) as { data: unknown[] }).data);
      if (!part.next) break;
      // Alternate processes, as a load balancer would.
      part = (await (i % 2 ? one : two).read('alice', part.next))!;
      expect(part).not.toBeNull();
    }
    expect(seen).toEqual(value.data);
  });

  it('only its user reads it, and only until it expires (then it is swept)', async () => {
    const one = new ResultPages(100, clock, new DbPageStore(testDb.db, clock));
    const two = new ResultPages(100, clock, new DbPageStore(other, clock));
    const { next } = await one.first('alice', 'x'.repeat(500));
    expect(await two.read('bob', next!)).toBeNull();
    expect(await two.read('alice', next!)).not.toBeNull();
    now += 15 * 60_000 + 1;
    expect(await two.read('alice', next!)).toBeNull();
    await one.first('carol', 'y'.repeat(500));
    const rows = await testDb.db.kysely.selectFrom('mcp_result_pages').select('user_id').execute();
    expect(rows.map((r) => r.user_id)).toEqual(['carol']);
  });
});

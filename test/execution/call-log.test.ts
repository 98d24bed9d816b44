/**
 * The call log writes from timers: a failed write (the database away, e.g. PostgreSQL
 * restarting) must neither reject (that ends the API process) nor lose the rows it can retry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDb, type TestDb } from '../helpers/db.js';
import { CallLog } from '../../src/services/call-log.js';

const call = (n: number) => ({
  user_id: 'u1',
  scraper_id: 's1',
  endpoint_name: 'get_item',
  version: 1,
  status_code: 200,
  latency_ms: n,
  created_at: new Date().toISOString(),
});

describe('call log', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const stored = async () => Number((await t.db.kysely.selectFrom('endpoint_calls').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

  it('keeps the rows of a failed write and stores them on the next flush, without rejecting', async () => {
    const warnings: string[] = [];
    const log = new CallLog(t.db, { warn: ((_o: unknown, msg: string) => void warnings.push(msg)) as never });
    await sql`alter table endpoint_calls rename to endpoint_calls_away`.execute(t.db.kysely);
    log.record(call(1));
    log.record(call(2));
    await expect(log.flush()).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);

    await sql`alter table endpoint_calls_away rename to endpoint_calls`.execute(t.db.kysely);
    log.record(call(3));
    await log.flush();
    expect(await stored()).toBe(3);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../helpers/db.js';
import { isReady, migrateToLatest } from '../../src/db/index.js';

describe('database', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => t.cleanup());

  it('is ready after migrations and migrating again is a no-op', async () => {
    expect(await isReady(t.db)).toBe(true);
    expect(await migrateToLatest(t.db)).toEqual([]);
    const rows = await t.db.kysely.selectFrom('tasks').selectAll().execute();
    expect(rows).toEqual([]);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, usePostgres, type TestDb } from '../helpers/db.js';
import { insertUser } from '../credits/users.js';

// The WAL of an embedded database is checkpointed by a thread of its own (db/checkpointer.ts),
// not inside a commit on the event loop. The wal-index header in the -shm file tells how many
// frames the WAL holds (mxFrame, offset 16) and how many were copied back into the database
// (nBackfill, offset 96); sqlite.org/walformat.html.
describe.skipIf(usePostgres)('background WAL checkpoints (sqlite)', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => t.cleanup());

  function walIndex(): { mxFrame: number; nBackfill: number } {
    const header = fs.readFileSync(path.join(t.dataDir, 'quarry.db-shm')).subarray(0, 136);
    return { mxFrame: header.readUInt32LE(16), nBackfill: header.readUInt32LE(96) };
  }

  it('copies committed frames back into the database soon after, with no commit doing it', async () => {
    // A few hundred frames: under SQLite's own 1,000-page threshold, so only the thread checkpoints.
    for (let i = 0; i < 100; i++) await insertUser(t.db);
    const written = walIndex();
    expect(written.mxFrame).toBeGreaterThan(100);
    expect(written.mxFrame).toBeLessThan(1000);
    let now = walIndex();
    for (let waited = 0; now.nBackfill < now.mxFrame && waited < 5_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      now = walIndex();
    }
    expect(now.nBackfill).toBe(now.mxFrame);
    expect(now.mxFrame).toBeGreaterThanOrEqual(written.mxFrame);
  });
});

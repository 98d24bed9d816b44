import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDb, type TestDb } from '../helpers/db.js';
import { openDb, type Db } from '../../src/db/index.js';
import { findScraper } from '../../src/services/scrapers.js';
import { newId } from '../../src/clock.js';
import { insertUser } from '../credits/users.js';

// findScraper keeps rows in memory on SQLite (db/row-cache.ts); whatever changes a row, in this
// process or another connection, the next read must answer as a fresh read would. Run on
// PostgreSQL too, where it always reads.
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe(`scraper rows read through the row cache (${process.env.QUARRY_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite'})`, () => {
  let t: TestDb;
  let other: Db;
  beforeAll(async () => {
    t = await createTestDb();
    other = openDb({ databaseUrl: t.env.DATABASE_URL ?? null, dataDir: t.dataDir, pgSchema: t.db.pgSchema ?? undefined });
  });
  afterAll(async () => {
    await other.close();
    await t.cleanup();
  });

  async function insertScraper(db: Db, userId: string, name = 'first'): Promise<string> {
    const id = newId();
    const now = new Date().toISOString();
    await db.kysely
      .insertInto('scrapers')
      .values({ id, user_id: userId, website: 'http://127.0.0.1/', name, description: '', source: 'built', canonical_scraper_id: null, pinned_version: null, contributes_to_marketplace: 0, has_script: 0, latest_version: 1, task_id: null, created_at: now, updated_at: now })
      .execute();
    return id;
  }
  const read = async (id: string) => (await findScraper(t.db.kysely, id))?.name;

  it("sees this process's updates and deletes at once, a foreign-key cascade's too", async () => {
    const user = await insertUser(t.db);
    const id = await insertScraper(t.db, user);
    expect(await read(id)).toBe('first');
    expect(await read(id)).toBe('first'); // now remembered
    await t.db.kysely.updateTable('scrapers').set({ name: 'second' }).where('id', '=', id).execute();
    expect(await read(id)).toBe('second');
    await t.db.kysely.deleteFrom('scrapers').where('id', '=', id).execute();
    expect(await read(id)).toBeUndefined();

    const cascaded = await insertScraper(t.db, user);
    expect(await read(cascaded)).toBe('first');
    await t.db.kysely.deleteFrom('users').where('id', '=', user).execute();
    expect(await read(cascaded)).toBeUndefined();
  });

  it("sees another connection's commit from the next turn of the event loop", async () => {
    const user = await insertUser(t.db);
    const id = await insertScraper(t.db, user);
    expect(await read(id)).toBe('first');
    await other.kysely.updateTable('scrapers').set({ name: 'theirs' }).where('id', '=', id).execute();
    await nextTurn();
    expect(await read(id)).toBe('theirs');
    await other.kysely.deleteFrom('scrapers').where('id', '=', id).execute();
    await nextTurn();
    expect(await read(id)).toBeUndefined();
  });

  it("never serves a row an open transaction changed, nor keeps one it read meanwhile; a rollback leaves the old row", async () => {
    const user = await insertUser(t.db);
    const id = await insertScraper(t.db, user);
    expect(await read(id)).toBe('first');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let updated!: () => void;
    const wasUpdated = new Promise<void>((resolve) => (updated = resolve));
    const tx = t.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('scrapers').set({ name: 'pending' }).where('id', '=', id).execute();
      updated();
      await held;
    });
    await wasUpdated;
    expect(await read(id)).toBe('first'); // committed data only, read around the open transaction
    release();
    await tx;
    expect(await read(id)).toBe('pending');

    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await trx.updateTable('scrapers').set({ name: 'rolled back' }).where('id', '=', id).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await read(id)).toBe('pending');
  });

  it('first used inside an open transaction that rolls back, still sees every later write', async () => {
    const fresh = await createTestDb(); // a database whose row cache has not been used yet
    try {
      const id = await insertScraper(fresh.db, await insertUser(fresh.db));
      await expect(
        fresh.db.kysely.transaction().execute(async () => {
          expect((await findScraper(fresh.db.kysely, id))?.name).toBe('first');
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect((await findScraper(fresh.db.kysely, id))?.name).toBe('first');
      await fresh.db.kysely.updateTable('scrapers').set({ name: 'later' }).where('id', '=', id).execute();
      expect((await findScraper(fresh.db.kysely, id))?.name).toBe('later');
    } finally {
      await fresh.cleanup();
    }
  });

  it('hands out rows no caller can change', async () => {
    const id = await insertScraper(t.db, await insertUser(t.db));
    await findScraper(t.db.kysely, id);
    const row = (await findScraper(t.db.kysely, id))!;
    if (t.db.dialect === 'sqlite') expect(() => Object.assign(row, { name: 'changed' })).toThrow(TypeError);
    expect(await read(id)).toBe('first');
  });

  it('keeps working after the table is rebuilt (a migration drops the triggers with the old table)', async () => {
    if (t.db.dialect !== 'sqlite') return; // the rebuild is SQLite's way of altering a table
    const user = await insertUser(t.db);
    const id = await insertScraper(t.db, user);
    expect(await read(id)).toBe('first');
    await sql`PRAGMA foreign_keys = OFF`.execute(t.db.kysely);
    try {
      await t.db.kysely.transaction().execute(async (trx) => {
        // SQLite's documented way to alter a table: the same definition under a new name, copy, swap.
        const { rows } = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'scrapers'`.execute(trx);
        await sql.raw(rows[0].sql.replace(/^CREATE TABLE "?scrapers"?/, 'CREATE TABLE "scrapers_rebuilt"')).execute(trx);
        await sql`INSERT INTO scrapers_rebuilt SELECT * FROM scrapers`.execute(trx);
        await sql`DROP TABLE scrapers`.execute(trx);
        await sql`ALTER TABLE scrapers_rebuilt RENAME TO scrapers`.execute(trx);
      });
    } finally {
      await sql`PRAGMA foreign_keys = ON`.execute(t.db.kysely);
    }
    await nextTurn();
    expect(await read(id)).toBe('first');
    await t.db.kysely.updateTable('scrapers').set({ name: 'after rebuild' }).where('id', '=', id).execute();
    expect(await read(id)).toBe('after rebuild');
  });
});

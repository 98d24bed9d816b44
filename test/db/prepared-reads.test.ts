import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../helpers/db.js';
import { preparedQuery } from '../../src/db/prepared.js';
import { newId } from '../../src/clock.js';
import { userRow } from '../credits/users.js';

// A hot read (preparedQuery) runs directly on a connection, on SQLite on the writer when it is
// idle (db/index.ts, committedReads): it must see every commit and never another flow's
// transaction still open on that same connection.
describe(`prepared reads see committed data only (${process.env.QUARRY_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite'})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => t.cleanup());

  const selectEmail = preparedQuery(1, (db, id: string) => db.selectFrom('users').select('email').where('id', '=', id));

  it('answers a committed row at once, an open transaction’s row only after it commits, a rolled-back one never', async () => {
    const committed = newId();
    await t.db.kysely.insertInto('users').values(userRow(committed)).execute();
    expect(await selectEmail(t.db.kysely, committed)).toEqual([{ email: `${committed}@example.test` }]);

    const pending = newId();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const wasInserted = new Promise<void>((resolve) => (inserted = resolve));
    const tx = t.db.kysely.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(userRow(pending)).execute();
      inserted();
      await held; // the transaction stays open across awaits, as a Kysely transaction does
    });
    await wasInserted;
    expect(await selectEmail(t.db.kysely, pending)).toEqual([]);
    expect(await selectEmail(t.db.kysely, committed)).toHaveLength(1);
    release();
    await tx;
    expect(await selectEmail(t.db.kysely, pending)).toEqual([{ email: `${pending}@example.test` }]);

    const rolledBack = newId();
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await trx.insertInto('users').values(userRow(rolledBack)).execute();
        expect(await selectEmail(t.db.kysely, rolledBack)).toEqual([]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await selectEmail(t.db.kysely, rolledBack)).toEqual([]);
  });
});

/** The credit ledger on a real database (SQLite, or PostgreSQL with QUARRY_TEST_DATABASE=postgres). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLogId, systemClock, type Clock } from '../../src/clock.js';
import { QuarryError, toHttp } from '../../src/errors/index.js';
import {
  charge,
  chargeOrThrow,
  getBalance,
  grant,
  listLedger,
  mayAfford,
  requireCredits,
  setBalance,
} from '../../src/services/credits.js';
import { openDb } from '../../src/db/index.js';
import { createTestDb, type TestDb } from '../helpers/db.js';
import { insertUser } from './users.js';

let t: TestDb;
const clock: Clock = systemClock;

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

async function ledgerOf(userId: string) {
  return t.db.kysely.selectFrom('credit_ledger').selectAll().where('user_id', '=', userId).execute();
}

describe(`credit ledger (${process.env.QUARRY_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite'})`, () => {
  it('grants, charges and lists, newest first', async () => {
    const user = await insertUser(t.db);
    expect(await getBalance(t.db, user)).toBe(0);
    expect(await grant(t.db, clock, user, 100, 'plan_grant', 'free')).toBe(100);
    expect(await charge(t.db, clock, user, 3, 'execution', 'scraper-1/search')).toEqual({ ok: true, balance: 97 });

    const entries = await listLedger(t.db, user);
    expect(entries.map((e) => [e.delta, e.balanceAfter, e.reason, e.ref])).toEqual([
      [-3, 97, 'execution', 'scraper-1/search'],
      [100, 100, 'plan_grant', 'free'],
    ]);
    expect(entries[0]).toMatchObject({ userId: user, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(await listLedger(t.db, user, { limit: 1, offset: 1 })).toHaveLength(1);
    expect((await listLedger(t.db, user, { limit: 1, offset: 1 }))[0].delta).toBe(100);
    // Ledger rows take time-ordered ids (newLogId), so they append to the primary-key index.
    expect(entries.map((e) => e.id)).toEqual(entries.map((e) => e.id).sort().reverse());
  });

  it('refuses a charge larger than the balance and writes nothing', async () => {
    const user = await insertUser(t.db);
    await grant(t.db, clock, user, 10, 'plan_grant');
    expect(await charge(t.db, clock, user, 11, 'build')).toEqual({ ok: false, balance: 10, required: 11 });
    expect(await getBalance(t.db, user)).toBe(10);
    expect(await ledgerOf(user)).toHaveLength(1);
    // The whole balance can be spent.
    expect(await charge(t.db, clock, user, 10, 'build')).toEqual({ ok: true, balance: 0 });
  });

  it('charges nothing and writes nothing for a price of 0; rejects negative or fractional amounts', async () => {
    const user = await insertUser(t.db, 5);
    expect(await charge(t.db, clock, user, 0, 'execution')).toEqual({ ok: true, balance: 5 });
    expect(await ledgerOf(user)).toHaveLength(0);
    await expect(charge(t.db, clock, user, -1, 'execution')).rejects.toThrow(RangeError);
    await expect(grant(t.db, clock, user, 1.5, 'x')).rejects.toThrow(RangeError);
    await expect(grant(t.db, clock, user, 0, 'x')).rejects.toThrow(RangeError);
  });

  it('lets exactly as many of 200 concurrent charges through as there are credits', async () => {
    const user = await insertUser(t.db);
    await grant(t.db, clock, user, 100, 'plan_grant');
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => charge(t.db, clock, user, 1, 'execution', `call-${i}`)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(100);
    expect(results.filter((r) => !r.ok).every((r) => r.balance === 0)).toBe(true);
    expect(await getBalance(t.db, user)).toBe(0);

    const rows = await ledgerOf(user);
    const charges = rows.filter((r) => r.delta < 0);
    expect(charges).toHaveLength(100);
    expect(rows.reduce((sum, r) => sum + Number(r.delta), 0)).toBe(0);
    // Every charge saw a different balance: 99, 98, ..., 0. None saw a negative one.
    expect(charges.map((r) => Number(r.balance_after)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 100 }, (_, i) => i),
    );
  });

  it('throws the 402 with credits_required and credits_remaining when short', async () => {
    const user = await insertUser(t.db, 4);
    expect(await requireCredits(t.db, user, 4)).toBe(4);
    const err = await requireCredits(t.db, user, 75).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QuarryError);
    expect(toHttp(err)).toEqual({
      statusCode: 402,
      headers: {},
      body: { error: { message: expect.any(String), credits_required: 75, credits_remaining: 4, retryable: false }, status_code: 402 },
    });
    await expect(chargeOrThrow(t.db, clock, user, 5, 'build')).rejects.toMatchObject({
      code: 'payment_required',
      fields: { credits_required: 5, credits_remaining: 4 },
    });
    expect(await chargeOrThrow(t.db, clock, user, 4, 'build')).toBe(0);
  });

  it('records setBalance as a grant or a charge of the difference', async () => {
    const user = await insertUser(t.db);
    await grant(t.db, clock, user, 30, 'plan_grant');
    expect(await setBalance(t.db, clock, user, 500, 'operator_set')).toBe(500);
    expect(await setBalance(t.db, clock, user, 120, 'operator_set')).toBe(120);
    expect(await setBalance(t.db, clock, user, 120, 'operator_set')).toBe(120);
    const rows = await listLedger(t.db, user);
    expect(rows.map((r) => [r.delta, r.balanceAfter, r.reason])).toEqual([
      [-380, 120, 'operator_set'],
      [470, 500, 'operator_set'],
      [30, 30, 'plan_grant'],
    ]);
    expect(await getBalance(t.db, user)).toBe(120);
  });

  it('keeps the ledger consistent when setBalance races with charges', async () => {
    const user = await insertUser(t.db);
    await grant(t.db, clock, user, 50, 'plan_grant');
    await Promise.all([
      ...Array.from({ length: 40 }, () => charge(t.db, clock, user, 1, 'execution')),
      setBalance(t.db, clock, user, 1_000, 'operator_set'),
      ...Array.from({ length: 40 }, () => charge(t.db, clock, user, 1, 'execution')),
    ]);
    const rows = await ledgerOf(user);
    const balance = await getBalance(t.db, user);
    expect(rows.reduce((sum, r) => sum + Number(r.delta), 0)).toBe(balance);
    expect(rows.every((r) => Number(r.balance_after) >= 0)).toBe(true);
  });

  it("joins a caller's transaction and rolls back with it", async () => {
    const user = await insertUser(t.db, 10);
    await t.db.kysely
      .transaction()
      .execute(async (trx) => {
        expect(await charge(trx, clock, user, 4, 'build')).toEqual({ ok: true, balance: 6 });
        expect(await grant(trx, clock, user, 1, 'refund')).toBe(7);
        throw new Error('abort');
      })
      .catch(() => undefined);
    expect(await getBalance(t.db, user)).toBe(10);
    expect(await ledgerOf(user)).toHaveLength(0);
  });

  it('reports an unknown user as not found', async () => {
    await expect(getBalance(t.db, 'nobody')).rejects.toMatchObject({ code: 'not_found' });
    await expect(grant(t.db, clock, 'nobody', 1, 'x')).rejects.toMatchObject({ code: 'not_found' });
    await expect(charge(t.db, clock, 'nobody', 1, 'x')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('the pre-check of a paid call (mayAfford)', () => {
  it('trusts the last balance seen only to let a call through; a refusal is always read fresh', async () => {
    const userId = await insertUser(t.db);
    await grant(t.db, clock, userId, 10, 'plan_grant');
    expect(await mayAfford(t.db, userId, 5)).toEqual({ ok: true, balance: 10 });

    // Another connection (as another process would) spends most of it.
    const other = openDb({ databaseUrl: t.env.DATABASE_URL ?? null, dataDir: t.dataDir, pgSchema: t.db.pgSchema ?? undefined });
    try {
      await setBalance(other, clock, userId, 2, 'spent elsewhere');
      // The hint lets the call through; the charge decides, refuses, and nothing is taken.
      expect((await mayAfford(t.db, userId, 5)).ok).toBe(true);
      expect(await charge(t.db, clock, userId, 5, 'endpoint_call')).toEqual({ ok: false, balance: 2, required: 5 });
      expect(await mayAfford(t.db, userId, 5)).toEqual({ ok: false, balance: 2 });

      // Credits granted elsewhere are seen at once: below the price, the balance is read again.
      await grant(other, clock, userId, 10, 'top_up');
      expect(await mayAfford(t.db, userId, 5)).toEqual({ ok: true, balance: 12 });
    } finally {
      await other.close();
    }
  });
});

describe('a charge beside an open transaction of this process', () => {
  it('waits for it and is not undone when it rolls back', async () => {
    const userId = await insertUser(t.db);
    await grant(t.db, clock, userId, 50, 'plan_grant');
    let chargeStarted!: () => void;
    const started = new Promise<void>((resolve) => (chargeStarted = resolve));
    const doomed = t.db.kysely
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ credits: 1000 }).where('id', '=', userId).execute();
        chargeStarted();
        await new Promise((resolve) => setTimeout(resolve, 100));
        throw new Error('roll back');
      })
      .catch((err: Error) => err.message);
    await started;
    const charged = await charge(t.db, clock, userId, 5, 'endpoint_call', 'beside');
    expect(await doomed).toBe('roll back');
    expect(charged).toEqual({ ok: true, balance: 45 });
    expect(await getBalance(t.db, userId)).toBe(45);
    expect((await ledgerOf(userId)).map((r) => Number(r.delta)).sort((a, b) => a - b)).toEqual([-5, 50]);
  });
});

describe('log row ids (newLogId)', () => {
  it('are RFC 9562 version 7 UUIDs that sort in the order they were made, within a millisecond too', () => {
    const at = Date.UTC(2026, 10, 26, 12, 0, 0, 5);
    const id = newLogId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
    const ids = [at - 1, at, at + 1, at + 1000, at + 86_400_000].map((ms) => newLogId(ms));
    expect([...ids].sort()).toEqual(ids);
    const sameMs = Array.from({ length: 1000 }, () => newLogId(at + 2_000));
    expect(new Set(sameMs).size).toBe(1000);
    expect([...sameMs].sort()).toEqual(sameMs);
  });
});

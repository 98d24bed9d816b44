/**
 * The credit ledger. A user's balance is `users.credits`; every change to it writes one
 * `credit_ledger` row (delta, balance after, reason, ref) in the same transaction, so the
 * ledger always explains the balance.
 *
 * Charging is one conditional UPDATE (`credits = credits - n WHERE credits >= n RETURNING
 * credits`): the database decides, under its row (PostgreSQL) or file (SQLite) write lock,
 * so concurrent charges from any number of connections or processes never take the balance
 * below zero and never both spend the same credit.
 *
 * Every function takes the `Db`, a `Kysely<Database>`, or a caller's `Transaction` (which
 * then also covers the ledger write).
 */
import type { Kysely, Transaction } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Database, Db } from '../db/index.js';
import { iso, newLogId, type Clock } from '../clock.js';
import { notFound, paymentRequired } from '../errors/index.js';
import { preparedQuery } from '../db/prepared.js';
import { LruCache } from '../lru-cache.js';
import { sqliteWriteTransaction } from '../db/index.js';
import { recordCharge } from '../metrics/index.js';

export type CreditsDb = Db | Kysely<Database> | Transaction<Database>;

export type ChargeResult = { ok: true; balance: number } | { ok: false; balance: number; required: number };

export interface LedgerEntry {
  id: string;
  userId: string;
  /** Positive for a grant, negative for a charge. */
  delta: number;
  balanceAfter: number;
  reason: string;
  ref: string | null;
  createdAt: string;
}

/** How often setBalance re-reads a balance that changed under it before giving up. */
const SET_BALANCE_ATTEMPTS = 20;

function kyselyOf(db: CreditsDb): Kysely<Database> {
  return 'kysely' in db ? db.kysely : db;
}

/** Run `fn` in the caller's transaction when there is one, otherwise in a new one. */
function inTransaction<T>(db: Kysely<Database>, fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

function checkAmount(amount: number, allowZero: boolean): void {
  if (!Number.isSafeInteger(amount) || amount < 0 || (amount === 0 && !allowZero)) {
    throw new RangeError(`credit amount must be a ${allowZero ? 'non-negative' : 'positive'} integer, got ${amount}`);
  }
}

// Every paid call writes a ledger row and debits the balance: both precompiled (db/prepared.ts).
const insertLedger = preparedQuery(
  7,
  (db, id: string, userId: string, delta: number, balanceAfter: number, reason: string, ref: string | null, createdAt: string) =>
    db.insertInto('credit_ledger').values({ id, user_id: userId, delta, balance_after: balanceAfter, reason, ref, created_at: createdAt }),
  { readOnly: false },
);

const debit = preparedQuery(
  2,
  (db, userId: string, amount: number) =>
    db
      .updateTable('users')
      .set((eb) => ({ credits: eb('credits', '-', amount) }))
      .where('id', '=', userId)
      .where('credits', '>=', amount)
      .returning('credits'),
  { readOnly: false },
);

async function writeLedger(
  trx: Kysely<Database>,
  clock: Clock,
  entry: { userId: string; delta: number; balanceAfter: number; reason: string; ref: string | null },
): Promise<void> {
  await insertLedger(trx, newLogId(), entry.userId, entry.delta, entry.balanceAfter, entry.reason, entry.ref, iso(clock));
}

// Read on every execution (headers and the pre-check): precompiled (db/prepared.ts).
const selectCredits = preparedQuery(1, (db, userId: string) => db.selectFrom('users').select('credits').where('id', '=', userId));

/**
 * The last balance this process saw per user (bounded), so the pre-check of a paid call can
 * skip its read while the balance plainly covers the price. Only a hint: a balance spent by
 * another process makes the pre-check pass and the conditional charge then refuses (the same
 * 402, after the work); a balance that grew elsewhere is read again before anything is refused.
 */
const lastSeen = new WeakMap<object, LruCache<string, number>>();
const LAST_SEEN_MAX = 10_000;

function remember(db: Kysely<Database>, userId: string, balance: number): void {
  if (db.isTransaction) return; // may still roll back
  let seen = lastSeen.get(db);
  if (!seen) lastSeen.set(db, (seen = new LruCache(LAST_SEEN_MAX)));
  seen.set(userId, balance);
}

/**
 * The 402 check before a paid call: true when the balance covers `amount`, answered from the
 * last balance seen when that covers it, else from a fresh read. The charge itself decides.
 */
export async function mayAfford(db: CreditsDb, userId: string, amount: number): Promise<{ ok: boolean; balance: number }> {
  const kysely = kyselyOf(db);
  const seen = lastSeen.get(kysely)?.get(userId);
  if (seen !== undefined && seen >= amount) return { ok: true, balance: seen };
  const balance = await getBalance(kysely, userId);
  return { ok: balance >= amount, balance };
}

export async function getBalance(db: CreditsDb, userId: string): Promise<number> {
  const kysely = kyselyOf(db);
  const [row] = await selectCredits(kysely, userId);
  if (!row) throw notFound('Account not found');
  const balance = Number(row.credits);
  remember(kysely, userId, balance);
  return balance;
}

/** Add credits; returns the new balance. */
export async function grant(
  db: CreditsDb,
  clock: Clock,
  userId: string,
  amount: number,
  reason: string,
  ref: string | null = null,
): Promise<number> {
  checkAmount(amount, false);
  const kysely = kyselyOf(db);
  const balance = await inTransaction(kysely, async (trx) => {
    const row = await trx
      .updateTable('users')
      .set((eb) => ({ credits: eb('credits', '+', amount) }))
      .where('id', '=', userId)
      .returning('credits')
      .executeTakeFirst();
    if (!row) throw notFound('Account not found');
    const after = Number(row.credits);
    await writeLedger(trx, clock, { userId, delta: amount, balanceAfter: after, reason, ref });
    return after;
  });
  remember(kysely, userId, balance);
  return balance;
}

/**
 * A charge's statements: the conditional debit (it writes first, so SQLite takes its write lock
 * there, waiting on busy_timeout for another process, instead of failing a read-then-write
 * upgrade), then its ledger row; short, the balance for the answer and nothing written.
 */
async function debitIn(
  trx: Kysely<Database>,
  clock: Clock,
  userId: string,
  amount: number,
  reason: string,
  ref: string | null,
): Promise<ChargeResult> {
  const [row] = await debit(trx, userId, amount);
  if (!row) return { ok: false, balance: await getBalance(trx, userId), required: amount };
  const balance = Number(row.credits);
  await writeLedger(trx, clock, { userId, delta: -amount, balanceAfter: balance, reason, ref });
  return { ok: true, balance };
}

/** The same statements run synchronously on SQLite's writer, inside sqliteWriteTransaction (every paid call). */
function debitNow(
  kysely: Kysely<Database>,
  writer: SQLite.Database,
  clock: Clock,
  userId: string,
  amount: number,
  reason: string,
  ref: string | null,
): ChargeResult {
  const one = (q: { sql: string; values: unknown[] }) => writer.prepare(q.sql).get(...q.values) as { credits: number } | undefined;
  const row = one(debit.compiled(kysely, userId, amount));
  if (!row) {
    const current = one(selectCredits.compiled(kysely, userId));
    if (!current) throw notFound('Account not found');
    return { ok: false, balance: Number(current.credits), required: amount };
  }
  const balance = Number(row.credits);
  const ledger = insertLedger.compiled(kysely, newLogId(), userId, -amount, balance, reason, ref, iso(clock));
  writer.prepare(ledger.sql).run(...ledger.values);
  return { ok: true, balance };
}

/** A charge waiting for its group commit (see `chargeInGroup`). */
interface PendingCharge {
  clock: Clock;
  userId: string;
  amount: number;
  reason: string;
  ref: string | null;
  resolve(result: ChargeResult): void;
  reject(err: unknown): void;
}

/** Per SQLite database: the charges that arrived since its group commit was scheduled. */
const pendingGroups = new WeakMap<object, PendingCharge[]>();

type SqliteWrite = NonNullable<ReturnType<typeof sqliteWriteTransaction>>;

/**
 * A charge on SQLite, committed together with the others that arrive in the same turn of the
 * event loop: one IMMEDIATE transaction, each charge still its own conditional debit and its
 * own ledger row, in arrival order. A commit costs more than the statements (it writes every
 * touched page to the WAL), so under load this is most of a paid call's database time.
 *
 * Nothing is acknowledged before the commit: each promise resolves only after the transaction
 * holding its debit and ledger row committed, so the caller answers (and the client learns of a
 * charge) only once it is stored; a crash before that commit loses the whole group, none of it
 * answered (test/credits/crash.test.ts kills a charging process and checks the ledger). A group
 * that fails (SQLITE_BUSY after busy_timeout, an unknown account, a full disk) rolls back as a
 * whole and each of its charges is then retried in a transaction of its own, so one charge's
 * failure is its own and never another's.
 */
function chargeInGroup(
  kysely: Kysely<Database>,
  write: SqliteWrite,
  pending: Omit<PendingCharge, 'resolve' | 'reject'>,
): Promise<ChargeResult> {
  return new Promise<ChargeResult>((resolve, reject) => {
    let group = pendingGroups.get(kysely);
    if (!group) {
      group = [];
      pendingGroups.set(kysely, group);
      setImmediate(() => void commitGroup(kysely, write));
    }
    group.push({ ...pending, resolve, reject });
  });
}

async function commitGroup(kysely: Kysely<Database>, write: SqliteWrite): Promise<void> {
  const group = pendingGroups.get(kysely) ?? [];
  pendingGroups.delete(kysely);
  const debitOne = (writer: SQLite.Database, c: PendingCharge) => debitNow(kysely, writer, c.clock, c.userId, c.amount, c.reason, c.ref);
  let results: ChargeResult[] | null = null;
  try {
    results = await write((writer) => group.map((c) => debitOne(writer, c)));
  } catch {
    results = null; // rolled back whole: each charge on its own below
  }
  if (results) {
    group.forEach((c, i) => c.resolve(results[i]));
    return;
  }
  for (const c of group) {
    await write((writer) => debitOne(writer, c)).then(c.resolve, c.reject);
  }
}

/**
 * Take `amount` credits if the balance covers them. Short: `{ok: false}` and nothing is
 * written. A charge of 0 (a free endpoint) writes nothing either.
 */
export async function charge(
  db: CreditsDb,
  clock: Clock,
  userId: string,
  amount: number,
  reason: string,
  ref: string | null = null,
): Promise<ChargeResult> {
  checkAmount(amount, true);
  if (amount === 0) return { ok: true, balance: await getBalance(db, userId) };
  const kysely = kyselyOf(db);
  const inSqlite = sqliteWriteTransaction(kysely);
  const result = inSqlite
    ? await chargeInGroup(kysely, inSqlite, { clock, userId, amount, reason, ref })
    : await inTransaction(kysely, (trx) => debitIn(trx, clock, userId, amount, reason, ref));
  remember(kysely, userId, result.balance);
  if (result.ok) recordCharge(reason, amount);
  return result;
}

/** `charge`, but a short balance throws the 402 (`payment_required`). Returns the new balance. */
export async function chargeOrThrow(
  db: CreditsDb,
  clock: Clock,
  userId: string,
  amount: number,
  reason: string,
  ref: string | null = null,
): Promise<number> {
  const result = await charge(db, clock, userId, amount, reason, ref);
  if (!result.ok) throw insufficient(result.required, result.balance);
  return result.balance;
}

/**
 * Throw the 402 unless the balance covers `amount`; returns the balance. A check only: the
 * credits are not held, so the later `charge` can still come back short.
 */
export async function requireCredits(db: CreditsDb, userId: string, amount: number): Promise<number> {
  const balance = await getBalance(db, userId);
  if (balance < amount) throw insufficient(amount, balance);
  return balance;
}

function insufficient(required: number, remaining: number) {
  return paymentRequired(`Not enough credits: ${required} required, ${remaining} remaining`, required, remaining);
}

/**
 * Set the balance to `balance` (operator command), recording the difference as one grant or
 * charge row; no row when nothing changes. Compare-and-set, so a charge racing with it is
 * neither lost nor double counted. Returns the new balance.
 */
export async function setBalance(
  db: CreditsDb,
  clock: Clock,
  userId: string,
  balance: number,
  reason: string,
): Promise<number> {
  checkAmount(balance, true);
  const kysely = kyselyOf(db);
  for (let attempt = 0; attempt < SET_BALANCE_ATTEMPTS; attempt++) {
    const current = await getBalance(kysely, userId);
    if (current === balance) return balance;
    const swapped = await inTransaction(kysely, async (trx) => {
      const row = await trx
        .updateTable('users')
        .set({ credits: balance })
        .where('id', '=', userId)
        .where('credits', '=', current)
        .returning('credits')
        .executeTakeFirst();
      if (!row) return false;
      await writeLedger(trx, clock, { userId, delta: balance - current, balanceAfter: balance, reason, ref: null });
      return true;
    });
    if (swapped) {
      remember(kysely, userId, balance);
      return balance;
    }
  }
  throw new Error(`setBalance: the balance of ${userId} kept changing; gave up after ${SET_BALANCE_ATTEMPTS} attempts`);
}

/** Newest first. */
export async function listLedger(
  db: CreditsDb,
  userId: string,
  page: { limit?: number; offset?: number } = {},
): Promise<LedgerEntry[]> {
  const rows = await kyselyOf(db)
    .selectFrom('credit_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit ?? 50)
    .offset(page.offset ?? 0)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    delta: Number(r.delta),
    balanceAfter: Number(r.balance_after),
    reason: r.reason,
    ref: r.ref,
    createdAt: r.created_at,
  }));
}

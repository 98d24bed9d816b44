/**
 * Accounts: sign-up, dashboard log-in sessions, the account view, the one-time disclaimer,
 * and the operator's plan changes. Shared by the HTTP routes and the `quarry` CLI.
 */
import type { Db } from '../db/index.js';
import { iso, newId, type Clock } from '../clock.js';
import { planOf, type PlanName, PLANS } from '../config/index.js';
import { QuarryError, conflict, notFound, unauthorized, validationFailed } from '../errors/index.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { getBalance, grant } from './credits.js';
import { forgetKeys } from './keys.js';
import { newToken, sha256Hex } from './secrets.js';

export interface Account {
  id: string;
  email: string;
  plan: PlanName;
  credits_remaining: number;
  credits_limit: number;
  disclaimer_accepted_at: string | null;
  workspace_id: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkCredentials(email: string, password: string): void {
  const details: Array<{ field: string; message: string }> = [];
  if (!EMAIL.test(email)) details.push({ field: 'email', message: 'must be an email address' });
  if (password.length < 8) details.push({ field: 'password', message: 'must be at least 8 characters' });
  if (details.length) throw validationFailed('Invalid sign-up data', details);
}

export async function createUser(
  db: Db,
  clock: Clock,
  input: { email: string; password: string; plan?: string },
): Promise<Account> {
  const email = input.email.trim().toLowerCase();
  checkCredentials(email, input.password);
  const plan = planOf(input.plan ?? 'free');
  const existing = await db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) throw conflict(`An account with email ${email} already exists`);
  const id = newId();
  const passwordHash = await hashPassword(input.password);
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id,
        email,
        password_hash: passwordHash,
        plan: plan.name,
        credits: 0,
        disclaimer_accepted_at: null,
        // Team plans come with a workspace; others have none.
        workspace_id: plan.workspaces ? newId() : null,
        created_at: iso(clock),
      })
      .execute();
    await grant(trx, clock, id, plan.monthlyCredits, 'plan_grant', plan.name);
  });
  return getAccount(db, id);
}

export async function getAccount(db: Db, userId: string): Promise<Account> {
  const u = await db.kysely.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!u) throw notFound('Account not found');
  const plan = planOf(u.plan);
  return {
    id: u.id,
    email: u.email,
    plan: plan.name,
    credits_remaining: await getBalance(db.kysely, u.id),
    credits_limit: plan.monthlyCredits,
    disclaimer_accepted_at: u.disclaimer_accepted_at,
    workspace_id: u.workspace_id,
  };
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string> {
  const u = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!u) throw notFound(`No account with email ${email}`);
  return u.id;
}

export async function setPlan(db: Db, userId: string, planName: string): Promise<Account> {
  if (!(planName in PLANS)) {
    throw validationFailed(`Unknown plan "${planName}"`, [{ field: 'plan', allowed: Object.keys(PLANS) }]);
  }
  const plan = planOf(planName);
  const u = await db.kysely.selectFrom('users').select('workspace_id').where('id', '=', userId).executeTakeFirst();
  if (!u) throw notFound('Account not found');
  await db.kysely
    .updateTable('users')
    .set({ plan: plan.name, workspace_id: plan.workspaces ? (u.workspace_id ?? newId()) : u.workspace_id })
    .where('id', '=', userId)
    .execute();
  await forgetKeys(db.kysely, { userId });
  return getAccount(db, userId);
}

export async function acceptDisclaimer(db: Db, clock: Clock, userId: string): Promise<Account> {
  await db.kysely
    .updateTable('users')
    .set({ disclaimer_accepted_at: iso(clock) })
    .where('id', '=', userId)
    .where('disclaimer_accepted_at', 'is', null)
    .execute();
  return getAccount(db, userId);
}

// ---- dashboard sessions (HttpOnly cookie) ----

const sessionHash = sha256Hex;

export async function login(
  db: Db,
  clock: Clock,
  ttlMs: number,
  email: string,
  password: string,
): Promise<{ token: string; expiresAt: string; account: Account }> {
  const u = await db.kysely
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  // Same answer for an unknown email and a wrong password: do not reveal which accounts exist.
  const ok = await verifyPassword(password, u?.password_hash ?? null);
  if (!u || !ok) throw unauthorized('Invalid email or password');
  return startSession(db, clock, ttlMs, u.id);
}

export async function startSession(
  db: Db,
  clock: Clock,
  ttlMs: number,
  userId: string,
): Promise<{ token: string; expiresAt: string; account: Account }> {
  const token = newToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
  await db.kysely
    .insertInto('web_sessions')
    .values({ id: sessionHash(token), user_id: userId, created_at: now.toISOString(), expires_at: expiresAt })
    .execute();
  return { token, expiresAt, account: await getAccount(db, userId) };
}

export async function sessionUser(db: Db, clock: Clock, token: string | undefined): Promise<string | null> {
  if (!token) return null;
  const s = await db.kysely
    .selectFrom('web_sessions')
    .select(['user_id', 'expires_at'])
    .where('id', '=', sessionHash(token))
    .executeTakeFirst();
  if (!s || Date.parse(s.expires_at) <= clock.now().getTime()) return null;
  return s.user_id;
}

export async function logout(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.kysely.deleteFrom('web_sessions').where('id', '=', sessionHash(token)).execute();
}

export function requirePaidPlan(planName: string, what: string): void {
  if (!planOf(planName).paid) throw new QuarryError('plan_required', `${what} requires a paid plan`);
}

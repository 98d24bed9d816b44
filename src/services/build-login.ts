/**
 * A build behind a login, on the storage side (docs/sessions.md):
 * - the answer to a credentials prompt is sealed (AES-256-GCM, key from QUARRY_HANDOFF_SECRET or
 *   a per-process random key, the task id as additional data) into `task_logins.secret`; the
 *   task row, its view, the job payload and the logs never see it;
 * - the worker opens it for one run, and it is deleted when the build ends (completed, failed,
 *   cancelled) or is refused; it stays only while a one-time code is being asked for;
 * - the builder's stops become task states: the first wall asks for credentials
 *   (`needs_input`), a refusal asks again with a message, the third refusal fails the task, a
 *   one-time code is a second prompt.
 */
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/index.js';
import { LoginLocked, LoginRefused, LoginRequired, OtpRequired, credentialsPrompt, otpPrompt, type BuildAuth, type LoginPlan } from '../builder/auth/index.js';
import type { ProgressReporter } from '../builder/progress.js';
import type { ServiceDeps } from './deps.js';
import { newSecret, seal, unseal } from './sessions.js';
import { transitionTask } from './task-state.js';
import type { TaskRow } from './tasks.js';

/** Failed logins after which the task fails instead of asking again. */
export const MAX_LOGIN_FAILURES = 3;
/** An answer nobody picked up is dropped after this long. */
const SECRET_TTL_MS = 3_600_000;

const PROCESS_SECRET = newSecret();
const secretOf = (deps: Pick<ServiceDeps, 'config'>) =>
  deps.config.handoffSecret ? createHash('sha256').update(deps.config.handoffSecret).digest('base64url') : PROCESS_SECRET;
const aadOf = (taskId: string) => Buffer.from(`task-login\n${taskId}`);

type Deps = Pick<ServiceDeps, 'db' | 'clock' | 'config'>;

/** Is this prompt asking for credentials (whose answers must never be stored in clear)? */
export const isCredentialsPrompt = (prompt: unknown): boolean => (prompt as { kind?: string } | null)?.kind === 'credentials';

/**
 * Keep the caller's answer for the worker, sealed, inside the respond transaction. A one-time
 * code is added to the credentials kept from the first answer.
 */
export async function stashAnswer(deps: Deps, trx: Transaction<Database>, taskId: string, answer: Record<string, unknown>): Promise<void> {
  // Answers nobody picked up within the hour are dropped (the sweep rides on every answer).
  await trx
    .updateTable('task_logins')
    .set({ secret: null, secret_expires_at: null })
    .where('secret_expires_at', '<=', deps.clock.now().toISOString())
    .execute();
  let row = await trx.selectFrom('task_logins').selectAll().where('task_id', '=', taskId).executeTakeFirst();
  if (!row) {
    // A credentials prompt not made by the builder's wall check (no sign-in known yet).
    row = { task_id: taskId, plan: 'null', failures: 0, secret: null, secret_expires_at: null, updated_at: deps.clock.now().toISOString() };
    await trx.insertInto('task_logins').values(row).execute();
  }
  const earlier = row.secret ? (unseal(secretOf(deps), aadOf(taskId), JSON.parse(row.secret)) as Record<string, string> | null) : null;
  const answers: Record<string, string> = { ...(earlier ?? {}) };
  for (const [k, v] of Object.entries(answer)) if (typeof v === 'string' || typeof v === 'number') answers[k] = String(v);
  const now = deps.clock.now().getTime();
  await trx
    .updateTable('task_logins')
    .set({
      secret: JSON.stringify(seal(secretOf(deps), aadOf(taskId), answers)),
      secret_expires_at: new Date(now + SECRET_TTL_MS).toISOString(),
      updated_at: new Date(now).toISOString(),
    })
    .where('task_id', '=', taskId)
    .execute();
}

/** What the build may know of the login: allow_auth, the sign-in found earlier, the answers (opened here). */
export async function buildAuthOf(deps: Deps & Pick<ServiceDeps, 'logger'>, task: Pick<TaskRow, 'id' | 'allow_auth'>): Promise<BuildAuth> {
  if (task.allow_auth !== 1) return { allowed: false };
  const row = await deps.db.kysely.selectFrom('task_logins').selectAll().where('task_id', '=', task.id).executeTakeFirst();
  if (!row) return { allowed: true };
  const plan = (JSON.parse(row.plan) as LoginPlan | null) ?? undefined;
  const expired = row.secret_expires_at !== null && row.secret_expires_at <= deps.clock.now().toISOString();
  const answers = row.secret && !expired ? (unseal(secretOf(deps), aadOf(task.id), JSON.parse(row.secret)) as Record<string, string> | null) : null;
  if (row.secret && !expired && !answers) {
    // Sealed by another process with its own random key: the caller will be asked again.
    deps.logger.warn({ taskId: task.id }, 'build login: the answer cannot be opened here; set QUARRY_HANDOFF_SECRET when workers run apart');
  }
  return { allowed: true, plan, answers: answers ?? undefined };
}

/** Forget the answers (the build ended, or they were refused). */
export async function dropAnswers(deps: Pick<ServiceDeps, 'db'>, taskId: string): Promise<void> {
  await deps.db.kysely.updateTable('task_logins').set({ secret: null, secret_expires_at: null }).where('task_id', '=', taskId).execute();
}

/**
 * Turn a login stop of the builder into the task's next state. Returns false when `err` is not
 * one (the job handles it as any failure).
 */
export async function pauseForLogin(
  deps: Deps,
  task: Pick<TaskRow, 'id'>,
  err: unknown,
  progress: ProgressReporter,
): Promise<boolean> {
  if (err instanceof LoginLocked) {
    // Not a wrong password: the account is locked, and asking again would only lock it longer.
    await dropAnswers(deps, task.id);
    const message = `${err.message} The build stopped; unlock the account on the site (or wait), then dispatch again.`;
    progress.log('error', message);
    await progress.flush();
    await transitionTask(deps.db.kysely, deps.clock, task.id, 'failed', { error: message, progress: JSON.stringify(progress.current), auth_enabled: 1 }, ['running']);
    return true;
  }
  if (!(err instanceof LoginRequired || err instanceof LoginRefused || err instanceof OtpRequired)) return false;
  const now = deps.clock.now();
  const stamp = now.toISOString();
  const plan = JSON.stringify(err.plan);
  let failures = 0;
  await deps.db.kysely.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('task_logins').select('failures').where('task_id', '=', task.id).executeTakeFirst();
    failures = (row?.failures ?? 0) + (err instanceof LoginRefused ? 1 : 0);
    // The answers stay only while a one-time code is asked for (the login is replayed with it).
    const keep = err instanceof OtpRequired;
    const values = { plan, failures, updated_at: stamp, ...(keep ? {} : { secret: null, secret_expires_at: null }) };
    if (row) await trx.updateTable('task_logins').set(values).where('task_id', '=', task.id).execute();
    else await trx.insertInto('task_logins').values({ task_id: task.id, secret: null, secret_expires_at: null, ...values }).execute();
  });
  if (err instanceof LoginRefused && failures >= MAX_LOGIN_FAILURES) {
    const message = `${err.message} The login failed ${failures} times; the build stopped. Dispatch again to retry.`;
    progress.log('error', message);
    await progress.flush();
    await transitionTask(deps.db.kysely, deps.clock, task.id, 'failed', { error: message, progress: JSON.stringify(progress.current), auth_enabled: 1 }, ['running']);
    return true;
  }
  const host = new URL(err.plan.protectedUrl).host;
  const prompt =
    err instanceof OtpRequired
      ? otpPrompt(err.plan, `${host} asks for a one-time code to finish signing in. Answer with the code.`, now)
      : err instanceof LoginRefused
        ? credentialsPrompt(err.plan, `${err.message} Check them and answer again (attempt ${failures + 1} of ${MAX_LOGIN_FAILURES}).`, now)
        : credentialsPrompt(err.plan, `${host} needs a login (${err.reason}). Answer with the account's credentials; they are used for this build only and never stored.`, now);
  progress.log('info', prompt.message);
  await progress.flush();
  await transitionTask(
    deps.db.kysely,
    deps.clock,
    task.id,
    'needs_input',
    { user_input_prompt: JSON.stringify(prompt), user_response: null, progress: JSON.stringify(progress.current), auth_enabled: 1 },
    ['running'],
  );
  return true;
}

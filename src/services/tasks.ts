/**
 * Dispatch tasks: creating a build, reading and listing tasks, answering an input prompt,
 * cancelling, and the views the contract defines. Ownership is checked here, once: another
 * account's task is indistinguishable from a missing one (404).
 */
import type { Selectable } from 'kysely';
import type { TasksTable } from '../db/schema.js';
import { preparedQuery } from '../db/prepared.js';
import { iso, newId } from '../clock.js';
import { planOf, CHARGES } from '../config/index.js';
import { QuarryError, badRequest, conflict, forbidden, notFound, validationFailed } from '../errors/index.js';
import type { DispatchHooks, ServiceDeps } from './deps.js';
import { newTaskRow } from './task-rows.js';
import { transitionTask, isTerminal, IN_FLIGHT, TASK_STATUSES, type TaskStatus } from './task-state.js';
import { chargeOrThrow } from './credits.js';
import { findScraper, getLatestVersion, getOwnedScraper } from './scrapers.js';
import { generatedApi, type GeneratedApi } from './api-view.js';
import { matchDispatch } from './marketplace/match.js';
import { dropAnswers, isCredentialsPrompt, stashAnswer } from './build-login.js';

export type TaskRow = Selectable<TasksTable>;

export interface TaskView {
  id: string;
  url: string;
  task: string;
  status: TaskStatus;
  iteration: number;
  user_input_prompt: unknown;
  result_scraper_id: string | null;
  result_marketplace_id: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  parent_task_id: string | null;
  extends_scraper_id: string | null;
  revision_type: string | null;
  auth_enabled: boolean;
  source: string;
  contributes_to_marketplace: boolean;
  progress: unknown;
  marketplace_apis: unknown;
  existing_marketplace_apis: unknown;
  generated_api: GeneratedApi | null;
  /** When the API this task made was archived (services/removal.ts); null while live or when it made none. */
  archived_at: string | null;
}

const parse = (s: string | null): unknown => (s ? JSON.parse(s) : null);

export async function toTaskView(deps: Pick<ServiceDeps, 'db' | 'config'>, t: TaskRow): Promise<TaskView> {
  let api: GeneratedApi | null = null;
  let archivedAt: string | null = null;
  if (t.status === 'completed' && t.result_scraper_id) {
    const scraper = await findScraper(deps.db.kysely, t.result_scraper_id);
    if (scraper) {
      const v = await getLatestVersion(deps.db.kysely, scraper);
      api = generatedApi(deps.config, scraper.id, v.recipe, t.result_marketplace_id);
      archivedAt = scraper.archived_at ?? null;
    }
  }
  return {
    id: t.id,
    url: t.url,
    task: t.task,
    status: t.status as TaskStatus,
    iteration: t.iteration,
    user_input_prompt: t.status === 'needs_input' ? parse(t.user_input_prompt) : null,
    result_scraper_id: t.result_scraper_id,
    result_marketplace_id: t.result_marketplace_id,
    error: t.error,
    created_at: t.created_at,
    updated_at: t.updated_at,
    completed_at: t.completed_at,
    parent_task_id: t.parent_task_id,
    extends_scraper_id: t.extends_scraper_id,
    revision_type: t.revision_type,
    auth_enabled: t.auth_enabled === 1,
    source: t.source,
    contributes_to_marketplace: t.contributes_to_marketplace === 1,
    progress: parse(t.progress),
    marketplace_apis: parse(t.marketplace_apis),
    existing_marketplace_apis: parse(t.existing_marketplace_apis),
    generated_api: api,
    archived_at: archivedAt,
  };
}

// The most polled read of the service: precompiled.
const selectOwnedTask = preparedQuery(2, (db, taskId: string, userId: string) =>
  db.selectFrom('tasks').selectAll().where('id', '=', taskId).where('user_id', '=', userId),
);

export async function getOwnedTask(deps: Pick<ServiceDeps, 'db'>, userId: string, taskId: string): Promise<TaskRow> {
  const [t] = await selectOwnedTask(deps.db.kysely, taskId, userId);
  if (!t) throw notFound(`Task ${taskId} not found`);
  return t;
}

export interface DispatchInput {
  url: string;
  task?: string;
  contributes_to_marketplace?: boolean;
  allow_auth?: boolean;
  workspace?: boolean;
  force_new?: unknown;
}

export interface DispatchResult {
  task_id: string;
  matched: boolean;
  test_inputs: unknown[];
  may_require_auth: boolean;
}

/** An absolute http(s) URL with a host, or a 422 naming the field. */
export function checkTargetUrl(raw: string): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw validationFailed('url must be an absolute http(s) URL', [{ field: 'url', message: 'not an absolute URL' }]);
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname) {
    throw validationFailed('url must be an absolute http(s) URL', [{ field: 'url', message: 'scheme must be http or https' }]);
  }
  return u;
}

export const BUILD_JOB = 'build';

export const FORCE_NEW_REMOVED = () => badRequest('force_new has been removed; every dispatch builds or matches');

export type { DispatchHooks } from './deps.js';

export async function createDispatch(
  deps: ServiceDeps,
  userId: string,
  input: DispatchInput,
  hooks: DispatchHooks = {},
  /** The HTTP request id, carried on the job so a failure log leads back to the request. */
  requestId?: string,
): Promise<DispatchResult> {
  if (input.force_new !== undefined) throw FORCE_NEW_REMOVED();
  const url = checkTargetUrl(input.url).toString();
  const user = await deps.db.kysely
    .selectFrom('users')
    .select(['plan', 'workspace_id', 'disclaimer_accepted_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const plan = planOf(user.plan);
  if (input.workspace === true && !(plan.workspaces && user.workspace_id)) {
    throw new QuarryError('plan_required', 'workspace builds require a Team plan workspace');
  }
  if (input.allow_auth === true) {
    if (!plan.paid) throw new QuarryError('plan_required', 'allow_auth requires a paid plan');
    if (!user.disclaimer_accepted_at) {
      throw forbidden('allow_auth requires accepting the one-time disclaimer (POST /account/disclaimer)');
    }
  }
  const contributes = input.contributes_to_marketplace !== false;
  // Marketplace matching (services/marketplace/match.ts): a canonical of the site that covers the
  // task answers at once with the caller's subscribed copy. A private build (contributes false)
  // opted out of the marketplace, so it never matches; it still learns what exists.
  const match = await matchDispatch(deps, userId, { url, task: input.task ?? '' }, { acquire: contributes });
  if (match.matched) return match.result;
  const mayRequireAuth = hooks.probeLoginWall ? await hooks.probeLoginWall(url).catch(() => false) : false;

  const now = iso(deps.clock);
  const taskId = newId();
  await deps.db.kysely.transaction().execute(async (trx) => {
    // The charge, the task and its job commit together or not at all.
    if (!contributes) {
      await chargeOrThrow(trx, deps.clock, userId, CHARGES.privateBuild, 'private_build', taskId);
    }
    await trx
      .insertInto('tasks')
      .values(
        newTaskRow({
          id: taskId,
          user_id: userId,
          url,
          task: input.task ?? '',
          now,
          allow_auth: input.allow_auth ? 1 : 0,
          contributes_to_marketplace: contributes ? 1 : 0,
          workspace: input.workspace ? 1 : 0,
          existing_marketplace_apis: JSON.stringify({ matches: match.matches }), // canonicals found for the site
        }),
      )
      .execute();
    await deps.queue.enqueue(trx, { kind: BUILD_JOB, payload: { taskId, ...(requestId ? { requestId } : {}) }, taskId, jobKey: `task:${taskId}` });
  });
  deps.queue.nudge?.();
  return { task_id: taskId, matched: false, test_inputs: [], may_require_auth: mayRequireAuth };
}

export { initialProgress } from './task-rows.js';

export async function listTasks(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  userId: string,
  opts: { status?: string; limit: number; offset: number; parentTaskId?: string },
): Promise<{ tasks: TaskView[]; total: number }> {
  if (opts.status !== undefined && !(TASK_STATUSES as readonly string[]).includes(opts.status)) {
    throw validationFailed(`status must be one of ${TASK_STATUSES.join(', ')}`, [{ field: 'status' }]);
  }
  let q = deps.db.kysely.selectFrom('tasks').where('user_id', '=', userId);
  if (opts.status) q = q.where('status', '=', opts.status);
  if (opts.parentTaskId) q = q.where('parent_task_id', '=', opts.parentTaskId);
  const [{ n }] = await q.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = await q
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit)
    .offset(opts.offset)
    .execute();
  return { tasks: await Promise.all(rows.map((r) => toTaskView(deps, r))), total: Number(n) };
}

export async function respondToTask(
  deps: ServiceDeps,
  userId: string,
  taskId: string,
  userResponse: Record<string, unknown>,
): Promise<{ ok: true }> {
  const t = await getOwnedTask(deps, userId, taskId);
  if (t.status !== 'needs_input') throw conflict(`Task ${taskId} is ${t.status}, not needs_input`);
  const prompt = parse(t.user_input_prompt) as { fields?: Array<{ name: string; required?: boolean }> } | null;
  const missing = (prompt?.fields ?? []).filter(
    (f) => f.required && (userResponse[f.name] === undefined || userResponse[f.name] === null || userResponse[f.name] === ''),
  );
  if (missing.length) {
    throw validationFailed(
      `Missing required answer${missing.length > 1 ? 's' : ''}: ${missing.map((f) => f.name).join(', ')}`,
      missing.map((f) => ({ field: f.name, message: 'required' })),
    );
  }
  // Credentials never reach the task row, its view or the job payload: they are sealed for the
  // worker and deleted when the build ends (services/build-login.ts).
  const credentials = isCredentialsPrompt(prompt);
  await deps.db.kysely.transaction().execute(async (trx) => {
    if (credentials) await stashAnswer(deps, trx, taskId, userResponse);
    const answer = credentials ? null : JSON.stringify(userResponse);
    const moved = await transitionTask(trx, deps.clock, taskId, 'queued', { user_response: answer }, ['needs_input']);
    if (!moved) throw conflict(`Task ${taskId} is no longer waiting for input`);
    await deps.queue.enqueue(trx, {
      kind: BUILD_JOB,
      payload: { taskId, resume: true },
      taskId,
      jobKey: `task:${taskId}:resume:${t.iteration + 1}`,
    });
  });
  deps.queue.nudge?.(); // the build resumes at once, not at the worker's next poll
  return { ok: true };
}

export async function cancelTask(
  deps: ServiceDeps,
  userId: string,
  taskId: string,
): Promise<{ task_id: string; previous_status: string; cancelled: boolean }> {
  // A task can change state between the read and the write (a build finishing); retry with
  // the state we find until the move is made or the task is terminal.
  for (let i = 0; i < 5; i++) {
    const t = await getOwnedTask(deps, userId, taskId);
    if (isTerminal(t.status)) throw conflict(`Task ${taskId} is already ${t.status}`, { previous_status: t.status });
    const moved = await transitionTask(deps.db.kysely, deps.clock, taskId, 'cancelled', { error: null }, [t.status as TaskStatus]);
    if (moved) {
      await deps.queue.cancel({ taskId });
      await dropAnswers(deps, taskId); // a build behind a login keeps no answer once cancelled
      return { task_id: taskId, previous_status: t.status, cancelled: true };
    }
  }
  throw conflict(`Task ${taskId} is changing state; try again`);
}

export async function activeTaskOfScraper(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  userId: string,
  scraperId: string,
): Promise<{ task: TaskView | null }> {
  await getOwnedScraper(deps.db, userId, scraperId);
  const t = await deps.db.kysely
    .selectFrom('tasks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('extends_scraper_id', '=', scraperId)
    .where('status', 'in', IN_FLIGHT)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return { task: t ? await toTaskView(deps, t) : null };
}

export async function listRevisions(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  userId: string,
  taskId: string,
  opts: { limit: number; offset: number },
): Promise<{ tasks: TaskView[]; total: number }> {
  await getOwnedTask(deps, userId, taskId);
  return listTasks(deps, userId, { ...opts, parentTaskId: taskId });
}

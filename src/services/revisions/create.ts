/**
 * Queuing a revision: `POST /dispatch/tasks/{task_id}/revise`. Only a completed task's API can
 * be revised, one revision at a time per API. The child task (parent_task_id, extends_scraper_id,
 * revision_type), its charge and its job commit together or not at all; the parent stays
 * completed and its API keeps serving until the revision publishes a new version.
 *
 * Charges (decisions.md): a revision with contributes_to_marketplace false costs
 * CHARGES.privateRevision; one with true is free. Opting out is permanent per API: it is
 * recorded on the scraper, and every later revision of that API is charged and never
 * contributes, whatever it asks.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { iso, newId } from '../../clock.js';
import { CHARGES } from '../../config/index.js';
import { conflict } from '../../errors/index.js';
import type { ServiceDeps } from '../deps.js';
import { chargeOrThrow } from '../credits.js';
import { findScraper, getLatestVersion, type ScraperRow } from '../scrapers.js';
import { getOwnedTask, type TaskRow } from '../tasks.js';
import type { RevisionPlan } from '../../builder/revise/index.js';
import { IN_FLIGHT } from '../task-state.js';
import { detachFromCanonical } from '../marketplace/index.js';
import { classifyForRevision } from './classify.js';
import { newTaskRow } from '../task-rows.js';

export const REVISE_JOB = 'revise';

export interface ReviseInput {
  revision: string;
  contributes_to_marketplace?: boolean;
}

export interface ReviseResult {
  task_id: string;
  revision_type: string;
}

/** The task source of a revision: a subscribed copy that is revised becomes a fork. */
const childSource = (scraperSource: string, parentSource: string) =>
  scraperSource === 'subscribed' || scraperSource === 'forked' ? 'forked' : parentSource;

export async function reviseTask(deps: ServiceDeps, userId: string, taskId: string, input: ReviseInput): Promise<ReviseResult> {
  const parent = await getOwnedTask(deps, userId, taskId);
  if (parent.status !== 'completed') {
    throw conflict(`Task ${taskId} is ${parent.status}; only a completed task can be revised`, { status: parent.status });
  }
  const scraper = parent.result_scraper_id ? await findScraper(deps.db.kysely, parent.result_scraper_id) : undefined;
  if (!scraper || scraper.user_id !== userId) throw conflict(`Task ${taskId} has no API to revise any more`);
  if (scraper.archived_at) throw conflict(`API ${scraper.id} is archived; restore it (POST /scraper/${scraper.id}/restore) before revising it`);
  const live = await getLatestVersion(deps.db.kysely, scraper);
  const plan = await classifyForRevision(deps.config, input.revision, live.recipe);
  await refuseIfInFlight(deps, userId, scraper.id);

  const optedOut = scraper.contributes_to_marketplace === 0;
  const contributes = !optedOut && input.contributes_to_marketplace !== false;
  const childId = newId();
  await deps.db.kysely.transaction().execute(async (trx) => {
    if (!contributes) await chargeOrThrow(trx, deps.clock, userId, CHARGES.privateRevision, 'private_revision', childId);
    if (!contributes && !optedOut) {
      await trx.updateTable('scrapers').set({ contributes_to_marketplace: 0, updated_at: iso(deps.clock) }).where('id', '=', scraper.id).execute();
    }
    const queued = await insertRevision(trx, deps, { id: childId, parent, scraper, text: input.revision, plan, contributes, baseVersion: live.version });
    if (!queued) throw conflict(`A revision of this API is already in progress`);
  });
  // Opting out desyncs the API from its canonical for good: no updates, no contributions.
  if (!contributes && !optedOut) await detachFromCanonical(deps, scraper.id);
  return { task_id: childId, revision_type: plan.type };
}

export interface RevisionRow {
  id: string;
  /** The task whose API is revised (null for an API that has no task, e.g. an imported recipe). */
  parent: Pick<TaskRow, 'id' | 'url' | 'auth_enabled' | 'allow_auth' | 'source' | 'workspace'> | null;
  scraper: ScraperRow;
  text: string;
  plan: RevisionPlan;
  contributes: boolean;
  baseVersion: number;
}

/**
 * Write a queued revision task and its job in the caller's transaction. False when a revision of
 * the API is already queued or running: the job key `revise:{scraper_id}` is held while one is,
 * so a second one racing the first past any check finds it taken (the caller rolls back).
 */
export async function insertRevision(trx: Transaction<Database>, deps: Pick<ServiceDeps, 'clock' | 'queue'>, row: RevisionRow): Promise<boolean> {
  const now = iso(deps.clock);
  const { parent, scraper } = row;
  await trx
    .insertInto('tasks')
    .values(
      newTaskRow({
        id: row.id,
        user_id: scraper.user_id,
        url: parent?.url ?? scraper.website,
        task: row.text,
        now,
        parent_task_id: parent?.id ?? null,
        extends_scraper_id: scraper.id,
        revision_type: row.plan.type,
        auth_enabled: parent?.auth_enabled ?? 0,
        allow_auth: parent?.allow_auth ?? 0,
        source: childSource(scraper.source, parent?.source ?? 'built'),
        contributes_to_marketplace: row.contributes ? 1 : 0,
        workspace: parent?.workspace ?? 0,
      }),
    )
    .execute();
  const job = await deps.queue.enqueue(trx, {
    kind: REVISE_JOB,
    payload: { taskId: row.id, plan: row.plan, baseVersion: row.baseVersion },
    taskId: row.id,
    jobKey: `revise:${scraper.id}`,
  });
  return job.created;
}

async function refuseIfInFlight(deps: ServiceDeps, userId: string, scraperId: string): Promise<void> {
  const running = await deps.db.kysely
    .selectFrom('tasks')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .where('extends_scraper_id', '=', scraperId)
    .where('status', 'in', IN_FLIGHT)
    .executeTakeFirst();
  if (running) throw conflict(`A revision of this API is already in progress (task ${running.id}, ${running.status})`, { active_task_id: running.id });
}

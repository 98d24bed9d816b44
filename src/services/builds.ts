/**
 * The storage side of a build: claiming the task for a running build, saving progress, and
 * publishing the result (scraper, first version, completed task) in one transaction, or
 * recording why it failed. Used by jobs/build.ts; the builder itself never touches storage.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/index.js';
import type { Recipe } from '../recipe/types.js';
import { recipeHasScript } from '../recipe/index.js';
import type { ServiceDeps } from './deps.js';
import { transitionTask } from './task-state.js';
import { createScraper, addVersion } from './scrapers.js';
import type { TaskRow } from './tasks.js';

export type BuildTask = TaskRow;

/** Move a queued (or resumed) task to running; null when it is no longer buildable (e.g. cancelled). */
export async function claimBuild(deps: Pick<ServiceDeps, 'db' | 'clock'>, taskId: string): Promise<BuildTask | null> {
  const moved = await transitionTask(deps.db.kysely, deps.clock, taskId, 'running', {}, ['queued', 'needs_input']);
  const task = await deps.db.kysely.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirst();
  if (!task) return null;
  // A job retried after its worker died finds the task already running: it resumes it.
  if (!moved && task.status !== 'running') return null;
  await deps.db.kysely
    .updateTable('tasks')
    .set({ iteration: task.iteration + 1 })
    .where('id', '=', taskId)
    .execute();
  return { ...task, iteration: task.iteration + 1, status: 'running' };
}

export async function saveProgress(deps: Pick<ServiceDeps, 'db' | 'clock'>, taskId: string, progress: unknown): Promise<void> {
  await deps.db.kysely
    .updateTable('tasks')
    .set({ progress: JSON.stringify(progress), updated_at: deps.clock.now().toISOString() })
    .where('id', '=', taskId)
    .where('status', '=', 'running')
    .execute();
}

export interface PublishInput {
  recipe: Recipe;
  progress: unknown;
  /** For a revision: the scraper that gets a new version instead of a new scraper. */
  extendsScraperId?: string | null;
  reason?: string;
  /** Extra facts recorded on the new version (what a revision changed), beside the task id. */
  info?: Record<string, unknown>;
  /**
   * Runs in the publishing transaction once the version is written and before the task is
   * completed (a revision forks a subscribed copy, releases to the canonical): all or nothing.
   */
  afterPublish?: (trx: Transaction<Database>, scraperId: string) => Promise<void>;
}

/** Returns the scraper id, or null when the task was cancelled meanwhile (nothing is published). */
export async function publishBuild(deps: Pick<ServiceDeps, 'db' | 'clock'>, task: BuildTask, input: PublishInput): Promise<string | null> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    let scraperId: string;
    if (input.extendsScraperId) {
      await addVersion(trx, deps.clock, input.extendsScraperId, input.recipe, input.reason ?? 'revision', { task_id: task.id, ...input.info }, {
        hasScript: recipeHasScript(input.recipe),
      });
      scraperId = input.extendsScraperId;
    } else {
      const scraper = await createScraper(trx, deps.clock, {
        userId: task.user_id,
        recipe: input.recipe,
        source: 'built',
        reason: input.reason ?? 'build',
        taskId: task.id,
        contributesToMarketplace: task.contributes_to_marketplace === 1,
        hasScript: recipeHasScript(input.recipe),
      });
      scraperId = scraper.id;
    }
    if (input.afterPublish) await input.afterPublish(trx, scraperId);
    const done = await transitionTask(
      trx,
      deps.clock,
      task.id,
      'completed',
      { result_scraper_id: scraperId, progress: JSON.stringify(input.progress), error: null },
      ['running'],
    );
    if (!done) throw new CancelledMeanwhile();
    return scraperId;
  }).catch((err: unknown) => {
    if (err instanceof CancelledMeanwhile) return null;
    throw err;
  });
}

class CancelledMeanwhile extends Error {}

export async function failBuild(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  taskId: string,
  message: string,
  progress: unknown,
): Promise<boolean> {
  return transitionTask(
    deps.db.kysely,
    deps.clock,
    taskId,
    'failed',
    { error: message, progress: JSON.stringify(progress) },
    ['queued', 'running', 'needs_input'],
  );
}

/**
 * The revise job: a queued child task becomes a running revision, the builder carries the
 * classified intents out on the live recipe (reporting progress), and the result is published
 * as a new version of the same scraper with the task completed, all or nothing. A cancel aborts
 * it through the job's signal; a failure ends the task `failed` with a message for people, and
 * the previous version stays live either way.
 */
import type { JobHandler, JobKindOptions } from '../queue/index.js';
import { PermanentJobError } from '../queue/index.js';
import type { ServiceDeps } from '../services/deps.js';
import { claimBuild, failBuild, saveProgress } from '../services/builds.js';
import { findScraper, getLatestVersion } from '../services/scrapers.js';
import { publishRevision, type ReleaseHook } from '../services/revisions/index.js';
import { ProgressReporter, type Progress } from '../builder/progress.js';
import { reviseApi, RevisionFailedError, type RevisionPlan } from '../builder/revise/index.js';
import { createLlmAssist } from '../builder/llm/index.js';
import { transitionTask } from '../services/task-state.js';

export interface RevisePayload {
  taskId: string;
  plan: RevisionPlan;
  /** The version the sentence was classified against (the job revises the latest). */
  baseVersion?: number;
}

export interface ReviseJobOptions {
  /** Publishes a contributing revision upstream (the marketplace supplies it). */
  release?: ReleaseHook;
}

export function reviseJob(deps: ServiceDeps, opts: ReviseJobOptions = {}): { handler: JobHandler<RevisePayload>; options: JobKindOptions } {
  const handler: JobHandler<RevisePayload> = async (payload, helpers) => {
    const task = await claimBuild(deps, payload.taskId);
    if (!task) return; // cancelled (or finished) before a worker got to it
    const initial = task.progress ? (JSON.parse(task.progress) as Progress) : undefined;
    const progress = new ProgressReporter((p) => saveProgress(deps, task.id, p), initial);
    if (helpers.attempt > 1) progress.log('warn', `Resuming after an interrupted attempt (attempt ${helpers.attempt})`);
    const budget = deps.config.build;
    const deadline = AbortSignal.timeout(budget.timeBudgetMs);
    const signal = AbortSignal.any([helpers.signal, deadline]);
    try {
      const scraper = task.extends_scraper_id ? await findScraper(deps.db.kysely, task.extends_scraper_id) : undefined;
      if (!scraper) throw new RevisionFailedError('The API this revision was for no longer exists.');
      const live = await getLatestVersion(deps.db.kysely, scraper);
      if (payload.baseVersion && live.version !== payload.baseVersion) {
        progress.log('info', `The API changed since the request (version ${payload.baseVersion} -> ${live.version}); revising the latest`);
      }
      const outcome = await reviseApi({
        recipe: live.recipe,
        plan: payload.plan,
        url: task.url,
        fetcher: deps.fetcher,
        signal,
        budget,
        progress,
        llm: createLlmAssist(deps.config),
        logger: deps.logger,
      });
      progress.stage('publishing', `Publishing version ${live.version + 1}`);
      const headline = outcome.skipped.length
        ? `Revised: ${outcome.applied.length} of ${outcome.applied.length + outcome.skipped.length} changes made`
        : 'Revised API ready';
      const published = await publishRevision(deps, task, outcome, { ...progress.current, stage: 'done', percent: 100, headline }, opts.release);
      if (!published) return; // cancelled while finishing: nothing was published
    } catch (err) {
      if (helpers.signal.aborted && !deadline.aborted) return; // cancelled: the task is already cancelled
      const message = deadline.aborted
        ? `Out of time: the revision did not finish within ${Math.round(budget.timeBudgetMs / 1000)} s. The previous version stays live.`
        : err instanceof RevisionFailedError
          ? err.message
          : null;
      if (message === null) throw err; // an unexpected fault: the queue retries, then onFailed
      progress.log('error', message);
      await progress.flush();
      await failBuild(deps, task.id, message, progress.current);
      throw new PermanentJobError(message);
    }
  };
  return {
    handler,
    options: {
      async onFailed({ job, error, trx }) {
        const taskId = job.taskId;
        if (!taskId) return;
        const message =
          error instanceof PermanentJobError
            ? error.message
            : 'The revision failed because of an internal error; the previous version stays live. Please try again.';
        await transitionTask(trx, deps.clock, taskId, 'failed', { error: message }, ['queued', 'running', 'needs_input']);
      },
    },
  };
}

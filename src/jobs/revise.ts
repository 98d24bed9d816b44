/**
 * The revise job: a queued child task becomes a running revision, the builder carries the
 * classified intents out on the live recipe (reporting progress), and the result is published
 * as a new version of the same scraper with the task completed, all or nothing. A cancel aborts
 * it through the job's signal; a failure ends the task `failed` with a message for people, and
 * the previous version stays live either way.
 */
import type { JobHandler, JobKindOptions } from '../queue/index.js';
import type { ServiceDeps } from '../services/deps.js';
import { taskJob } from './task-job.js';
import { findScraper, getLatestVersion } from '../services/scrapers.js';
import { publishRevision, type ReleaseHook } from '../services/revisions/index.js';
import { reviseApi, RevisionFailedError, type RevisionPlan } from '../builder/revise/index.js';
import { createLlmAssist } from '../builder/llm/index.js';

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
  return taskJob<RevisePayload>(deps, {
    noun: 'revision',
    failureNote: 'The previous version stays live.',
    isUserFailure: (err): err is Error => err instanceof RevisionFailedError,
    async run(payload, { task, progress, signal, budget }) {
      const scraper = task.extends_scraper_id ? await findScraper(deps.db.kysely, task.extends_scraper_id) : undefined;
      if (!scraper) throw new RevisionFailedError('scraper_gone', 'The API this revision was for no longer exists.');
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
      // Returns null when the task was cancelled while finishing: nothing is published then.
      await publishRevision(deps, task, outcome, { ...progress.current, stage: 'done', percent: 100, headline }, opts.release);
    },
  });
}

/**
 * The build job: a queued task becomes a running build, the builder turns the site into a
 * recipe (reporting progress), and the result is published with the task completed, all or
 * nothing. A cancel aborts the build through the job's signal; a failure ends the task `failed`
 * with a message for people, keeping the progress log.
 */
import type { JobHandler, JobKindOptions } from '../queue/index.js';
import type { ServiceDeps } from '../services/deps.js';
import { publishBuild } from '../services/builds.js';
import { taskJob } from './task-job.js';
import { buildApi, BuildFailedError, type BuildOutcome } from '../builder/pipeline.js';
import { createLlmAssist } from '../builder/llm/index.js';
import { publishRelease, linkToRelease, type PublishedRelease } from '../services/marketplace/index.js';
import { buildAuthOf, dropAnswers, pauseForLogin } from '../services/build-login.js';

export interface BuildPayload {
  taskId: string;
  resume?: boolean;
  /** The dispatch request's id, for the failure log (absent on jobs queued before it existed). */
  requestId?: string;
}

export function buildJob(deps: ServiceDeps): { handler: JobHandler<BuildPayload>; options: JobKindOptions } {
  return taskJob<BuildPayload>(deps, {
    noun: 'build',
    isUserFailure: (err): err is Error => err instanceof BuildFailedError,
    async run(_payload, { task, progress, signal, budget }) {
      // Login-protected sites (issue 13, services/build-login.ts): allow_auth, the sign-in found
      // earlier and the caller's sealed answers; a login stop becomes needs_input (or failed).
      const auth = await buildAuthOf(deps, task);
      const outcome = await buildApi({
        url: task.url,
        task: task.task,
        fetcher: deps.fetcher,
        signal,
        budget,
        progress,
        publicUrl: deps.config.publicUrl,
        llm: createLlmAssist(deps.config),
        logger: deps.logger,
        auth,
      }).catch(async (err: unknown) => {
        if (await pauseForLogin(deps, task, err, progress)) return null;
        if (auth.answers) await dropAnswers(deps, task.id);
        throw err;
      });
      if (!outcome) return; // waiting for the caller's answer
      if (auth.answers) await dropAnswers(deps, task.id);
      progress.stage('publishing', 'Publishing the API');
      // Marketplace: a contributing build releases to its site's canonical before the task
      // completes, so a completed task already carries marketplace_apis (and a dispatch made
      // right after it matches). A release failure never fails the build. A build behind a
      // login is private (its samples come from someone's account): never released.
      const behindLogin = outcome.recipe.endpoints.some((e) => e.initiates_session);
      const release = task.contributes_to_marketplace === 1 && !behindLogin ? await releaseBuild(deps, task, outcome) : null;
      // Private also later: its scraper does not contribute, so no revision releases it either.
      const owner = behindLogin ? { ...task, contributes_to_marketplace: 0 } : task;
      const published = await publishBuild(deps, owner, { recipe: outcome.recipe, progress: { ...progress.current, stage: 'done', percent: 100, headline: 'API ready' } });
      if (!published) return; // cancelled while finishing: nothing was published
      if (release) await linkToRelease(deps, published, release).catch((err: unknown) => deps.logger.warn({ err }, 'marketplace: linking the built scraper failed'));
    },
  });
}

/** Publish a contributing build's recipe as a release of its site's canonical; null on failure (logged). */
async function releaseBuild(deps: ServiceDeps, task: { id: string; url: string }, outcome: BuildOutcome): Promise<PublishedRelease | null> {
  try {
    return await publishRelease(deps, { scraperId: null, recipe: outcome.recipe, taskId: task.id, site: outcome.site, url: task.url });
  } catch (err) {
    deps.logger.warn({ err, taskId: task.id }, 'marketplace: publishing the release failed');
    return null;
  }
}

/**
 * The build job: a queued task becomes a running build, the builder turns the site into a
 * recipe (reporting progress), and the result is published with the task completed, all or
 * nothing. A cancel aborts the build through the job's signal; a failure ends the task `failed`
 * with a message for people, keeping the progress log.
 */
import type { JobHandler, JobKindOptions } from '../queue/index.js';
import { PermanentJobError } from '../queue/index.js';
import type { ServiceDeps } from '../services/deps.js';
import { claimBuild, failBuild, publishBuild, saveProgress } from '../services/builds.js';
import { ProgressReporter, type Progress } from '../builder/progress.js';
import { buildApi, BuildFailedError } from '../builder/pipeline.js';
import { createLlmAssist } from '../builder/llm/index.js';
import { transitionTask } from '../services/task-state.js';

export interface BuildPayload {
  taskId: string;
  resume?: boolean;
}

export function buildJob(deps: ServiceDeps): { handler: JobHandler<BuildPayload>; options: JobKindOptions } {
  const handler: JobHandler<BuildPayload> = async (payload, helpers) => {
    const task = await claimBuild(deps, payload.taskId);
    if (!task) return; // cancelled (or finished) before a worker got to it
    const initial = task.progress ? (JSON.parse(task.progress) as Progress) : undefined;
    const progress = new ProgressReporter((p) => saveProgress(deps, task.id, p), initial);
    if (helpers.attempt > 1) progress.log('warn', `Resuming after an interrupted attempt (attempt ${helpers.attempt})`);
    const budget = deps.config.build;
    const deadline = AbortSignal.timeout(budget.timeBudgetMs);
    const signal = AbortSignal.any([helpers.signal, deadline]);
    try {
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
      });
      progress.stage('publishing', 'Publishing the API');
      const published = await publishBuild(deps, task, { recipe: outcome.recipe, progress: { ...progress.current, stage: 'done', percent: 100, headline: 'API ready' } });
      if (!published) return; // cancelled while finishing: nothing was published
    } catch (err) {
      if (helpers.signal.aborted && !deadline.aborted) return; // cancelled: the task is already cancelled
      const message = deadline.aborted
        ? `Out of time: the build did not finish within ${Math.round(budget.timeBudgetMs / 1000)} s`
        : err instanceof BuildFailedError
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
        const message = error instanceof PermanentJobError ? error.message : 'The build failed because of an internal error; please try again.';
        await transitionTask(trx, deps.clock, taskId, 'failed', { error: message }, ['queued', 'running', 'needs_input']);
      },
    },
  };
}

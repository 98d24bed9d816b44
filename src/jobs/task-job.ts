/**
 * The lifecycle every task-running job shares (build, revise): claim the task, report progress
 * on it, bound the work by the time budget and the job's cancel signal, and end the task the
 * way the contract says — completed by the job's own publish step, `failed` with a message for
 * people, or left `cancelled` when the caller cancelled it. Unexpected faults are rethrown so
 * the queue retries them; when attempts run out, `onFailed` fails the task in the same
 * transaction as the job.
 */
import type { JobHandler, JobHelpers, JobKindOptions } from '../queue/index.js';
import { PermanentJobError } from '../queue/index.js';
import type { Config } from '../config/index.js';
import type { ServiceDeps } from '../services/deps.js';
import { claimBuild, failBuild, saveProgress, type BuildTask } from '../services/builds.js';
import { transitionTask } from '../services/task-state.js';
import { ProgressReporter, type Progress } from '../builder/progress.js';

export interface TaskJobContext {
  task: BuildTask;
  progress: ProgressReporter;
  /** Aborted on cancel and when the time budget runs out. */
  signal: AbortSignal;
  budget: Config['build'];
  helpers: JobHelpers;
}

export interface TaskJobSpec<P extends { taskId: string }> {
  /** "build" or "revision": used in the messages people read. */
  noun: string;
  /** Errors whose message is meant for the user (a build that cannot be done). */
  isUserFailure(err: unknown): err is Error;
  /** Appended to failure messages (e.g. "The previous version stays live."). */
  failureNote?: string;
  run(payload: P, ctx: TaskJobContext): Promise<void>;
}

export function taskJob<P extends { taskId: string }>(
  deps: ServiceDeps,
  spec: TaskJobSpec<P>,
): { handler: JobHandler<P>; options: JobKindOptions } {
  const note = spec.failureNote ? ` ${spec.failureNote}` : '';
  const handler: JobHandler<P> = async (payload, helpers) => {
    const task = await claimBuild(deps, payload.taskId);
    if (!task) return; // cancelled (or finished) before a worker got to it
    const initial = task.progress ? (JSON.parse(task.progress) as Progress) : undefined;
    const progress = new ProgressReporter((p) => saveProgress(deps, task.id, p), initial);
    if (helpers.attempt > 1) progress.log('warn', `Resuming after an interrupted attempt (attempt ${helpers.attempt})`);
    const budget = deps.config.build;
    const deadline = AbortSignal.timeout(budget.timeBudgetMs);
    const signal = AbortSignal.any([helpers.signal, deadline]);
    try {
      await spec.run(payload, { task, progress, signal, budget, helpers });
    } catch (err) {
      if (helpers.signal.aborted && !deadline.aborted) return; // cancelled: the task is already cancelled
      const message = deadline.aborted
        ? `Out of time: the ${spec.noun} did not finish within ${Math.round(budget.timeBudgetMs / 1000)} s.${note}`
        : spec.isUserFailure(err)
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
        if (!job.taskId) return;
        const message =
          error instanceof PermanentJobError ? error.message : `The ${spec.noun} failed because of an internal error.${note} Please try again.`;
        await transitionTask(trx, deps.clock, job.taskId, 'failed', { error: message }, ['queued', 'running', 'needs_input']);
      },
    },
  };
}

/**
 * The producer's side shared by every transport: jobs are rows, written with the caller's
 * executor so a service commits its own rows and their job together.
 */
import { getJob, insertJob, listJobsForTask, requestCancel, type StoreContext } from './store.js';
import type { QueueEmitter } from './events.js';
import type { CancelOutcome, CancelTarget, EnqueueInput, EnqueueResult, Executor, Job, JobQueue } from './types.js';

export class DbJobQueue implements JobQueue {
  constructor(
    protected readonly store: StoreContext,
    protected readonly events: QueueEmitter,
  ) {}

  enqueue(executor: Executor, input: EnqueueInput): Promise<EnqueueResult> {
    return insertJob(executor, this.store.clock, input);
  }

  async cancel(target: CancelTarget): Promise<CancelOutcome[]> {
    const { jobs, outcomes } = await requestCancel(this.store, target);
    for (const job of jobs) if (job.status === 'cancelled') this.events.emit('job:cancelled', { job });
    const running = outcomes.filter((o) => o.state === 'cancel_requested').map((o) => o.jobId);
    if (running.length > 0) {
      this.events.emit('job:cancel_requested', { jobIds: running });
      await this.announceCancel(running);
    }
    return outcomes;
  }

  getJob(jobId: string): Promise<Job | null> {
    return getJob(this.store, jobId);
  }

  listJobsForTask(taskId: string): Promise<Job[]> {
    return listJobsForTask(this.store, taskId);
  }

  /** Readiness: the jobs table answers. */
  async ping(): Promise<void> {
    await this.store.db.kysely.selectFrom('jobs').select('id').limit(1).execute();
  }

  /** Tells workers in other processes at once; the embedded queue relies on their cancel poll. */
  protected async announceCancel(_jobIds: string[]): Promise<void> {}
}

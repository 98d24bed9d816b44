/**
 * The jobs one worker is running right now, and the timer that keeps them honest: every
 * cancelPollMs it reads their cancel flags (one indexed SELECT), and every heartbeatMs it
 * renews their leases instead (one UPDATE that also returns the flags). A job whose lease
 * could not be renewed belongs to someone else now: it is disowned (its outcome will not be
 * recorded) and its handler is aborted.
 */
import { JobCancelledError, JobLeaseLostError } from './errors.js';
import { cancelRequestedAmong, renewLeases, type StoreContext } from './store.js';
import type { Job, Logger } from './types.js';

export interface ActiveJob {
  job: Job;
  controller: AbortController;
  /** The worker no longer owns the job (lease lost, or released): drop the outcome. */
  disowned: boolean;
  /** A cancel request reached the job: it ends `cancelled` whatever the handler does. */
  cancelled: boolean;
}

export interface ActiveJobsOptions extends StoreContext {
  workerId: string;
  leaseMs: number;
  heartbeatMs: number;
  cancelPollMs: number;
  logger: Logger;
}

export class ActiveJobs {
  private readonly jobs = new Map<string, ActiveJob>();
  private timer: NodeJS.Timeout | null = null;
  private lastHeartbeat = 0;
  private running = false;

  constructor(private readonly opts: ActiveJobsOptions) {}

  get size(): number {
    return this.jobs.size;
  }

  list(): ActiveJob[] {
    return [...this.jobs.values()];
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.lastHeartbeat = Date.now();
    this.schedule();
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  track(job: Job): ActiveJob {
    const active: ActiveJob = { job, controller: new AbortController(), disowned: false, cancelled: false };
    this.jobs.set(job.id, active);
    return active;
  }

  untrack(jobId: string): void {
    this.jobs.delete(jobId);
  }

  /** Aborts the handler because the job was cancelled (no-op for jobs this worker does not run). */
  cancel(jobId: string): void {
    const active = this.jobs.get(jobId);
    if (!active || active.cancelled || active.disowned) return;
    active.cancelled = true;
    active.controller.abort(new JobCancelledError(jobId));
  }

  /** Stops recording this job's outcome and aborts its handler. */
  disown(jobId: string, why: string): void {
    const active = this.jobs.get(jobId);
    if (!active || active.disowned) return;
    active.disowned = true;
    active.controller.abort(new JobLeaseLostError(jobId, why));
  }

  /** Renews one job's lease now (helpers.heartbeat); throws if the lease is lost. */
  async heartbeat(jobId: string): Promise<void> {
    const { renewed } = await renewLeases(this.opts, this.opts.workerId, [jobId], this.opts.leaseMs);
    this.applyLeaseState([jobId], renewed);
    const active = this.jobs.get(jobId);
    if (active?.disowned) throw new JobLeaseLostError(jobId, 'lease lost');
  }

  private schedule(): void {
    if (!this.running) return;
    // Ticking slower than heartbeatMs would let leases expire under running jobs.
    const interval = Math.min(this.opts.cancelPollMs, this.opts.heartbeatMs);
    this.timer = setTimeout(() => void this.tick(), interval);
  }

  private async tick(): Promise<void> {
    const ids = [...this.jobs.keys()];
    try {
      if (Date.now() - this.lastHeartbeat >= this.opts.heartbeatMs) {
        this.lastHeartbeat = Date.now();
        const { renewed } = await renewLeases(this.opts, this.opts.workerId, ids, this.opts.leaseMs);
        this.applyLeaseState(ids, renewed);
      } else {
        for (const id of await cancelRequestedAmong(this.opts, ids)) this.cancel(id);
      }
    } catch (err) {
      this.opts.logger.error({ err, workerId: this.opts.workerId }, 'job heartbeat failed');
    } finally {
      this.schedule();
    }
  }

  private applyLeaseState(ids: string[], renewed: Map<string, boolean>): void {
    for (const id of ids) {
      const cancelRequested = renewed.get(id);
      if (cancelRequested === undefined) {
        // Only a job still tracked can be lost: one that just finished is no longer running.
        if (this.jobs.has(id)) this.disown(id, 'lease lost (another worker owns the job now)');
      } else if (cancelRequested) {
        this.cancel(id);
      }
    }
  }
}

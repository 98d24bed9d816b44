/**
 * Runs claimed jobs for one worker, whatever brought them (the embedded poll loop or a BullMQ
 * worker): builds the helpers, runs the handler under an AbortSignal, and records the outcome
 * as data (completed / retry with backoff / failed + onFailed / cancelled). Also owns the
 * bounded graceful drain used by `Worker.stop()`.
 */
import { ActiveJobs, type ActiveJob } from './active-jobs.js';
import { backoffDelayMs, type BackoffPolicy } from './backoff.js';
import { describeError, isRetryable, isUnexpected, PermanentJobError } from './errors.js';
import type { QueueEmitter } from './events.js';
import { completeJob, failJob, markCancelled, releaseJob, retryJob } from './outcomes.js';
import type { JobRegistry } from './registry.js';
import type { StoreContext } from './store.js';
import type { Job, JobHelpers, Logger } from './types.js';

export interface RunnerOptions extends StoreContext {
  workerId: string;
  registry: JobRegistry;
  events: QueueEmitter;
  logger: Logger;
  leaseMs: number;
  heartbeatMs: number;
  cancelPollMs: number;
  backoff: BackoffPolicy;
}

export class JobRunner {
  private readonly active: ActiveJobs;
  private readonly runs = new Set<Promise<void>>();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly opts: RunnerOptions) {
    this.active = new ActiveJobs(opts);
  }

  /** Jobs started and not yet recorded. */
  get busy(): number {
    return this.runs.size;
  }

  start(): void {
    this.active.start();
    // Same-process cancel: abort at once instead of waiting for the next poll.
    this.unsubscribe ??= this.opts.events.on('job:cancel_requested', ({ jobIds }) => {
      for (const id of jobIds) this.active.cancel(id);
    });
  }

  /** Aborts the job if this worker runs it (cancel message from another process). */
  cancelLocal(jobId: string): void {
    this.active.cancel(jobId);
  }

  /** Starts running a claimed job; the promise settles once its outcome is recorded. */
  run(job: Job): Promise<void> {
    const run = this.execute(job)
      .catch((err: unknown) => this.opts.logger.error({ err, jobId: job.id }, 'recording the job outcome failed'))
      .finally(() => this.runs.delete(run));
    this.runs.add(run);
    return run;
  }

  /**
   * Waits up to graceMs for running jobs, then releases the unfinished ones (back to pending,
   * due now) and aborts their handlers, whose outcome is no longer recorded.
   */
  async drain(graceMs: number): Promise<void> {
    await this.waitIdle(graceMs);
    for (const { job } of this.active.list()) {
      this.active.disown(job.id, 'released: the worker is stopping');
      const released = await releaseJob(this.opts, job.id, this.opts.workerId).catch((err: unknown) => {
        this.opts.logger.error({ err, jobId: job.id }, 'releasing the job failed; it is claimed again when its lease expires');
        return null;
      });
      if (released) this.opts.logger.info({ jobId: job.id, workerId: this.opts.workerId }, 'job released on shutdown');
    }
    this.active.stop();
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private async waitIdle(ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (this.runs.size > 0 && Date.now() < deadline) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadline - Date.now())));
      await Promise.race([Promise.allSettled([...this.runs]), timeout]);
      clearTimeout(timer);
    }
  }

  private async execute(job: Job): Promise<void> {
    const { events, workerId } = this.opts;
    events.emit('job:claimed', { job, workerId });
    // A job claimed back from a dead worker may have been cancelled, or have used its attempts.
    if (job.cancelRequested) return this.recordCancelled(job);
    if (job.attempts > job.maxAttempts) {
      const why = `its worker stopped without finishing it (lease expired) on the last of ${job.maxAttempts} attempts`;
      return this.recordFailure(job, new PermanentJobError(job.lastError ? `${job.lastError}; then ${why}` : why));
    }
    const kind = this.opts.registry.get(job.kind);
    if (!kind) return this.recordFailure(job, new PermanentJobError(`no handler registered for job kind "${job.kind}"`));

    const active = this.active.track(job);
    const started = Date.now();
    let failure: { error: unknown } | null = null;
    try {
      await kind.handler(job.payload, this.helpers(active));
    } catch (error) {
      failure = { error };
    } finally {
      this.active.untrack(job.id);
    }

    if (active.disowned) {
      this.opts.logger.warn({ jobId: job.id, workerId }, 'job outcome dropped: the worker no longer owns the job');
      return;
    }
    if (active.cancelled) return this.recordCancelled(job);
    if (failure) return this.recordError(job, failure.error);
    const completed = await completeJob(this.opts, job.id, workerId);
    if (completed) events.emit('job:completed', { job: completed, workerId, durationMs: Date.now() - started });
    else this.lost(job);
  }

  private helpers(active: ActiveJob): JobHelpers {
    const { job } = active;
    const bindings = { jobId: job.id, kind: job.kind, attempt: job.attempts };
    return {
      jobId: job.id,
      taskId: job.taskId,
      attempt: job.attempts,
      maxAttempts: job.maxAttempts,
      signal: active.controller.signal,
      heartbeat: () => this.active.heartbeat(job.id),
      logger: this.opts.logger.child?.(bindings) ?? this.opts.logger,
    };
  }

  private async recordError(job: Job, error: unknown): Promise<void> {
    const retry = isRetryable(error) && job.attempts < job.maxAttempts;
    if (isUnexpected(error)) this.logUnexpected(job, error, retry);
    if (!retry) return this.recordFailure(job, error);
    const delayMs = backoffDelayMs(this.opts.backoff, job.attempts);
    const updated = await retryJob(this.opts, job.id, this.opts.workerId, describeError(error), delayMs);
    if (!updated) return this.lost(job);
    if (updated.status === 'cancelled') this.opts.events.emit('job:cancelled', { job: updated });
    else this.opts.events.emit('job:retry', { job: updated, workerId: this.opts.workerId, error, runAt: updated.runAt });
  }

  /**
   * Marks the job failed and runs the kind's onFailed hook in the same transaction, so the
   * owner's task and the job fail together. If the hook throws, the job is still failed (with
   * the hook's error noted) rather than left running for another attempt it should not get.
   */
  private async recordFailure(job: Job, error: unknown): Promise<void> {
    const { db, workerId, logger } = this.opts;
    const onFailed = this.opts.registry.get(job.kind)?.onFailed;
    const text = describeError(error);
    let failed: Job | null;
    try {
      failed = await db.kysely.transaction().execute(async (trx) => {
        const row = await failJob(trx, this.opts, job.id, workerId, text);
        if (row && onFailed) await onFailed({ job: row, error, trx });
        return row;
      });
    } catch (hookError) {
      logger.error({ err: hookError, jobId: job.id }, 'onFailed hook failed');
      failed = await failJob(db.kysely, this.opts, job.id, workerId, `${text} (onFailed hook failed: ${describeError(hookError)})`);
    }
    if (failed) this.opts.events.emit('job:failed', { job: failed, workerId, error });
    else this.lost(job);
  }

  /**
   * An error nobody planned for is seen at once: error level, its stack (pino's err
   * serializer), and every id needed to find the request and task it came from.
   */
  private logUnexpected(job: Job, error: unknown, willRetry: boolean): void {
    const payload = (job.payload ?? {}) as { requestId?: unknown };
    this.opts.logger.error(
      {
        err: error,
        jobId: job.id,
        kind: job.kind,
        taskId: job.taskId,
        requestId: typeof payload.requestId === 'string' ? payload.requestId : null,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
        willRetry,
      },
      willRetry ? 'job attempt failed with an unexpected error; retrying' : 'job failed with an unexpected error',
    );
  }

  private async recordCancelled(job: Job): Promise<void> {
    const cancelled = await markCancelled(this.opts, job.id, this.opts.workerId);
    if (cancelled) this.opts.events.emit('job:cancelled', { job: cancelled });
    else this.lost(job);
  }

  private lost(job: Job): void {
    this.opts.logger.warn({ jobId: job.id, workerId: this.opts.workerId }, 'job outcome dropped: the job changed hands');
  }
}

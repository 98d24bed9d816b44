/**
 * The job queue's vocabulary.
 *
 * Glossary
 * - job: one row of the `jobs` table; the database is the source of truth in every mode.
 * - kind: the name a handler is registered under (`build`, `revise`, ...).
 * - handler: `async (payload, helpers) => void`; returning completes the job, throwing fails
 *   this attempt (retried with backoff unless the error is permanent or attempts are used up).
 * - job key: optional dedupe key; while a job with that key is pending or running, enqueueing
 *   the same key again is a no-op that returns the existing job's id. A finished job releases it.
 * - attempt: one claim of a job; `attempts` counts claims, including ones whose worker died.
 * - lease: a running job belongs to `locked_by` until `locked_until`; the worker renews it with
 *   heartbeats. A running job whose lease passed belongs to a dead worker and is claimed again.
 * - cancel: `cancel_requested` is a flag in the row; a pending job is cancelled at once, a running
 *   one is aborted through its AbortSignal (in-process event, or the worker's cancel poll).
 * - release: on graceful stop, a worker hands unfinished jobs back (status pending, lease
 *   cleared, that attempt not counted) so another worker takes them at once.
 * - transport: embedded (workers poll the table) or BullMQ (a dispatcher moves due rows into
 *   Redis, BullMQ workers run them and record the outcome in the table).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.js';

export type JobStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';

/** A job as the rest of the code sees it (the row, with JSON and flags decoded). */
export interface Job {
  id: string;
  kind: string;
  payload: unknown;
  jobKey: string | null;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  /** ISO time before which the job is not claimed (backoff, delayed jobs). */
  runAt: string;
  lockedBy: string | null;
  lockedUntil: string | null;
  lastError: string | null;
  cancelRequested: boolean;
  taskId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Anything that runs queries: the Kysely instance or a transaction of the caller. */
export type Executor = Kysely<Database>;

export interface EnqueueInput {
  kind: string;
  /** JSON-serialisable. */
  payload: unknown;
  jobKey?: string;
  taskId?: string;
  /** Default 3. */
  maxAttempts?: number;
  /** Not before this time (default: now). */
  runAt?: Date;
}

export interface EnqueueResult {
  jobId: string;
  /** False when an existing job with the same key was returned instead. */
  created: boolean;
}

export type CancelTarget = { jobId: string } | { taskId: string };

export interface CancelOutcome {
  jobId: string;
  /** `cancelled`: it was pending and will never run; `cancel_requested`: it is running and is being aborted. */
  state: 'cancelled' | 'cancel_requested';
}

/** pino-compatible subset, so the service's logger can be passed in as is. */
export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  child?(bindings: object): Logger;
}

export interface JobHelpers {
  jobId: string;
  taskId: string | null;
  /** 1 for the first run. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the job is cancelled, its lease is lost, or the worker shuts down past its grace. */
  signal: AbortSignal;
  /** Renews the lease now (the worker also does it on its own every heartbeatMs). */
  heartbeat(): Promise<void>;
  logger: Logger;
}

export type JobHandler<P = unknown> = (payload: P, helpers: JobHelpers) => Promise<void>;

export interface FailedJobContext {
  job: Job;
  error: unknown;
  /** The transaction that marks the job failed: use it (not the db) so both commit together. */
  trx: Executor;
}

export interface JobKindOptions {
  /**
   * Runs, in the same transaction, when the job is marked `failed` for good (attempts used up,
   * or a permanent error). The owner marks its task failed here.
   */
  onFailed?(ctx: FailedJobContext): Promise<void>;
}

/** The producer's side: the same in every transport. */
export interface JobQueue {
  /** Writes the job with `executor` (pass the caller's transaction to commit it with the caller's rows). */
  enqueue(executor: Executor, input: EnqueueInput): Promise<EnqueueResult>;
  cancel(target: CancelTarget): Promise<CancelOutcome[]>;
  getJob(jobId: string): Promise<Job | null>;
  /** Every job of a task, oldest first. */
  listJobsForTask(taskId: string): Promise<Job[]>;
  /**
   * After the caller committed new jobs: this process's idle workers claim at once instead of at
   * their next poll (an answered task resumes without a polling delay). Optional, best effort.
   */
  nudge?(): void;
}

export interface StopOptions {
  /** How long to wait for running handlers before releasing their jobs (default: worker's shutdownGraceMs). */
  graceMs?: number;
  /** Abort running handlers at once instead of letting them finish. */
  abort?: boolean;
}

/** The consumer's side. */
export interface Worker {
  readonly id: string;
  start(): void;
  /** Stops claiming, waits up to graceMs for running handlers, releases the jobs still running. */
  stop(options?: StopOptions): Promise<void>;
}

export interface WorkerOptions {
  concurrency?: number;
  shutdownGraceMs?: number;
  /** Identifies the worker in `locked_by` (default: host:pid:random). */
  workerId?: string;
}

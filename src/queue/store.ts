/**
 * The queue's SQL for writing, claiming and leasing jobs. One code path for SQLite and
 * PostgreSQL; the only dialect difference is `FOR UPDATE SKIP LOCKED` in the claim.
 *
 * Every statement that changes a job is a single UPDATE whose WHERE re-checks the state it
 * expects, so two workers (or a worker and `cancel`) can never both win the same row.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import { iso, newId, type Clock } from '../clock.js';
import type { Database, Db } from '../db/index.js';
import { isoAfter, toJob, type JobRow } from './rows.js';
import type { CancelOutcome, CancelTarget, EnqueueInput, EnqueueResult, Executor, Job } from './types.js';

export const DEFAULT_MAX_ATTEMPTS = 3;

export interface StoreContext {
  db: Db;
  clock: Clock;
}

export async function insertJob(executor: Executor, clock: Clock, input: EnqueueInput, tries = 3): Promise<EnqueueResult> {
  const now = iso(clock);
  const maxAttempts = input.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error('maxAttempts must be a positive integer');
  const payload = JSON.stringify(input.payload ?? null);
  const id = newId();
  const inserted = await executor
    .insertInto('jobs')
    .values({
      id,
      kind: input.kind,
      payload,
      job_key: input.jobKey ?? null,
      status: 'pending',
      attempts: 0,
      max_attempts: maxAttempts,
      run_at: input.runAt ? input.runAt.toISOString() : now,
      locked_by: null,
      locked_until: null,
      last_error: null,
      cancel_requested: 0,
      task_id: input.taskId ?? null,
      created_at: now,
      updated_at: now,
    })
    // A live job holds the key: the second enqueue changes nothing and returns that job.
    .onConflict((oc) => oc.column('job_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { jobId: inserted.id, created: true };
  const existing = await executor
    .selectFrom('jobs')
    .select('id')
    .where('job_key', '=', input.jobKey ?? '')
    .executeTakeFirst();
  // The key holder finished and released the key between our insert and select: try again.
  if (!existing) {
    if (tries <= 1) throw new Error(`could not enqueue job with key "${input.jobKey}"`);
    return insertJob(executor, clock, input, tries - 1);
  }
  return { jobId: existing.id, created: false };
}

export async function getJob(ctx: StoreContext, jobId: string): Promise<Job | null> {
  const row = await ctx.db.kysely.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
  return row ? toJob(row) : null;
}

export async function listJobsForTask(ctx: StoreContext, taskId: string): Promise<Job[]> {
  const rows = await ctx.db.kysely
    .selectFrom('jobs')
    .selectAll()
    .where('task_id', '=', taskId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toJob);
}

/**
 * Flags the target's live jobs in one statement: pending ones become `cancelled` (and never
 * run), running ones keep running until their worker sees the flag and aborts them.
 */
export async function requestCancel(ctx: StoreContext, target: CancelTarget): Promise<{ jobs: Job[]; outcomes: CancelOutcome[] }> {
  const wasPending = sql<boolean>`status = 'pending'`;
  const rows = await ctx.db.kysely
    .updateTable('jobs')
    .set({
      cancel_requested: 1,
      status: sql`case when ${wasPending} then 'cancelled' else status end`,
      job_key: sql`case when ${wasPending} then null else job_key end`,
      locked_by: sql`case when ${wasPending} then null else locked_by end`,
      locked_until: sql`case when ${wasPending} then null else locked_until end`,
      updated_at: iso(ctx.clock),
    })
    .where('jobId' in target ? 'id' : 'task_id', '=', 'jobId' in target ? target.jobId : target.taskId)
    .where('status', 'in', ['pending', 'running'])
    .returningAll()
    .execute();
  const jobs = rows.map(toJob);
  const outcomes = jobs.map((job): CancelOutcome => ({
    jobId: job.id,
    state: job.status === 'cancelled' ? 'cancelled' : 'cancel_requested',
  }));
  return { jobs, outcomes };
}

type JobsExpression = ExpressionBuilder<Database, 'jobs'>;

/** Due pending jobs, and running jobs whose worker stopped renewing the lease. */
function claimable(eb: JobsExpression, now: string) {
  return eb.or([
    eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)]),
    eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
  ]);
}

export interface ClaimOptions {
  workerId: string;
  leaseMs: number;
  kinds: string[];
}

/**
 * Takes the next due job of the given kinds, or null. The attempt is counted at claim time,
 * so a worker killed mid-job still used up that attempt.
 */
export async function claimNext(ctx: StoreContext, opts: ClaimOptions): Promise<Job | null> {
  if (opts.kinds.length === 0) return null;
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const row = await ctx.db.kysely
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      attempts: eb('attempts', '+', 1),
      locked_by: opts.workerId,
      locked_until: isoAfter(now, opts.leaseMs),
      updated_at: nowIso,
    }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where((inner) => claimable(inner, nowIso))
        .where('kind', 'in', opts.kinds)
        .orderBy('run_at')
        .orderBy('created_at')
        .limit(1)
        // PostgreSQL: concurrent claimers skip the row this one locked instead of queueing on
        // it. SQLite has no row locks; its single writer makes the UPDATE atomic on its own.
        .$if(ctx.db.dialect === 'postgres', (qb) => qb.forUpdate().skipLocked()),
    )
    // Re-check: under PostgreSQL READ COMMITTED the subquery may have read an older version.
    .where((eb) => claimable(eb, nowIso))
    .returningAll()
    .executeTakeFirst();
  return row ? toJob(row) : null;
}

/** Claims one given job if it is due (the BullMQ worker is told which job to run). */
export async function claimById(ctx: StoreContext, jobId: string, workerId: string, leaseMs: number): Promise<Job | null> {
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const row = await ctx.db.kysely
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      attempts: eb('attempts', '+', 1),
      locked_by: workerId,
      locked_until: isoAfter(now, leaseMs),
      updated_at: nowIso,
    }))
    .where('id', '=', jobId)
    .where((eb) => claimable(eb, nowIso))
    .returningAll()
    .executeTakeFirst();
  return row ? toJob(row) : null;
}

export interface LeaseState {
  /** Jobs whose lease was renewed, with their cancel flag. Missing ids: the lease is lost. */
  renewed: Map<string, boolean>;
}

/** Extends the lease of the worker's running jobs in one statement, reading cancel flags on the way. */
export async function renewLeases(ctx: StoreContext, workerId: string, jobIds: string[], leaseMs: number): Promise<LeaseState> {
  const renewed = new Map<string, boolean>();
  if (jobIds.length === 0) return { renewed };
  const now = ctx.clock.now();
  const rows: Pick<JobRow, 'id' | 'cancel_requested'>[] = await ctx.db.kysely
    .updateTable('jobs')
    .set({ locked_until: isoAfter(now, leaseMs) })
    .where('id', 'in', jobIds)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'running')
    .returning(['id', 'cancel_requested'])
    .execute();
  for (const row of rows) renewed.set(row.id, Number(row.cancel_requested) === 1);
  return { renewed };
}

/** Which of these jobs have a cancel request: a cheap indexed read, run about every second. */
export async function cancelRequestedAmong(ctx: StoreContext, jobIds: string[]): Promise<string[]> {
  if (jobIds.length === 0) return [];
  const rows = await ctx.db.kysely
    .selectFrom('jobs')
    .select('id')
    .where('id', 'in', jobIds)
    .where('cancel_requested', '=', 1)
    .execute();
  return rows.map((r) => r.id);
}

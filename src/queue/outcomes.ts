/**
 * The SQL that records how an attempt ended. Each update only applies while this worker still
 * owns the job (running, locked by it); null means it lost the job meanwhile (its lease passed
 * and another worker claimed it, or it was released) and the outcome must be dropped.
 *
 * A finished job (completed, failed, cancelled) clears its job key so the key can be used again.
 */
import { sql, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import { iso } from '../clock.js';
import type { Database } from '../db/index.js';
import { isoAfter, toJob } from './rows.js';
import type { StoreContext } from './store.js';
import type { Executor, Job } from './types.js';

type JobsUpdate = UpdateQueryBuilder<Database, 'jobs', 'jobs', UpdateResult>;

function ownedBy(qb: JobsUpdate, jobId: string, workerId: string): JobsUpdate {
  return qb.where('id', '=', jobId).where('locked_by', '=', workerId).where('status', '=', 'running');
}

// A cancel request that arrived while the attempt ran wins over sending the job back to pending.
const pendingUnlessCancelled = sql<string>`case when cancel_requested = 1 then 'cancelled' else 'pending' end`;
const keyUnlessCancelled = sql<string | null>`case when cancel_requested = 1 then null else job_key end`;

const unlocked = { locked_by: null, locked_until: null } as const;

export async function completeJob(ctx: StoreContext, jobId: string, workerId: string): Promise<Job | null> {
  const row = await ownedBy(ctx.db.kysely.updateTable('jobs'), jobId, workerId)
    .set({ status: 'completed', job_key: null, ...unlocked, updated_at: iso(ctx.clock) })
    .returningAll()
    .executeTakeFirst();
  return row ? toJob(row) : null;
}

/**
 * Back to pending, due `delayMs` after now, with the error kept as data (or cancelled, if that
 * was requested meanwhile). run_at and updated_at come from the same instant.
 */
export async function retryJob(ctx: StoreContext, jobId: string, workerId: string, error: string, delayMs: number): Promise<Job | null> {
  const now = ctx.clock.now();
  const row = await ownedBy(ctx.db.kysely.updateTable('jobs'), jobId, workerId)
    .set({
      status: pendingUnlessCancelled,
      job_key: keyUnlessCancelled,
      run_at: isoAfter(now, delayMs),
      last_error: error,
      ...unlocked,
      updated_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirst();
  return row ? toJob(row) : null;
}

/** Failed for good. `executor` is a transaction shared with the kind's onFailed hook. */
export async function failJob(executor: Executor, ctx: StoreContext, jobId: string, workerId: string, error: string): Promise<Job | null> {
  const row = await ownedBy(executor.updateTable('jobs'), jobId, workerId)
    .set({ status: 'failed', job_key: null, last_error: error, ...unlocked, updated_at: iso(ctx.clock) })
    .returningAll()
    .executeTakeFirst();
  return row ? toJob(row) : null;
}

export async function markCancelled(ctx: StoreContext, jobId: string, workerId: string): Promise<Job | null> {
  const row = await ownedBy(ctx.db.kysely.updateTable('jobs'), jobId, workerId)
    .set({ status: 'cancelled', job_key: null, ...unlocked, updated_at: iso(ctx.clock) })
    .returningAll()
    .executeTakeFirst();
  return row ? toJob(row) : null;
}

/**
 * Hands a job back on graceful shutdown: pending and due now, so another worker takes it at
 * once. The attempt is not counted: the worker chose to stop, the job did not fail.
 */
export async function releaseJob(ctx: StoreContext, jobId: string, workerId: string): Promise<Job | null> {
  const now = iso(ctx.clock);
  const row = await ownedBy(ctx.db.kysely.updateTable('jobs'), jobId, workerId)
    .set((eb) => ({
      status: pendingUnlessCancelled,
      job_key: keyUnlessCancelled,
      attempts: eb('attempts', '-', 1),
      run_at: now,
      ...unlocked,
      updated_at: now,
    }))
    .returningAll()
    .executeTakeFirst();
  return row ? toJob(row) : null;
}

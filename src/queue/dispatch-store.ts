/**
 * The outbox SQL of the BullMQ transport. The `jobs` table stays the source of truth; these
 * statements decide which rows are handed to Redis, and mark them so they are handed once.
 * A pending row is "dispatched" while `locked_until` (set by the dispatcher, `locked_by`
 * 'dispatch:<id>') is in the future; if Redis loses the message, the mark expires and the row is
 * dispatched again. The BullMQ worker's claim ignores the mark.
 */
import { iso } from '../clock.js';
import { isoAfter } from './rows.js';
import type { StoreContext } from './store.js';

/**
 * Running jobs whose lease passed (their worker died) go back to pending so they are
 * dispatched again; the attempt they used stays counted.
 */
export async function reapExpiredLeases(ctx: StoreContext): Promise<number> {
  const now = iso(ctx.clock);
  const result = await ctx.db.kysely
    .updateTable('jobs')
    .set({ status: 'pending', locked_by: null, locked_until: null, updated_at: now })
    .where('status', '=', 'running')
    .where('locked_until', '<', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface DispatchRow {
  id: string;
  kind: string;
  /** Changes when the row is claimed, retried, released or reaped; not when it is dispatched. */
  updated_at: string;
}

/** Marks up to `limit` due, undispatched jobs of these kinds as dispatched and returns them. */
export async function takeDueForDispatch(
  ctx: StoreContext,
  dispatcherId: string,
  kinds: string[],
  dispatchLeaseMs: number,
  limit: number,
): Promise<DispatchRow[]> {
  if (kinds.length === 0) return [];
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  return ctx.db.kysely
    .updateTable('jobs')
    .set({ locked_by: `dispatch:${dispatcherId}`, locked_until: isoAfter(now, dispatchLeaseMs) })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where('status', '=', 'pending')
        .where('run_at', '<=', nowIso)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<', nowIso)]))
        .where('kind', 'in', kinds)
        .orderBy('run_at')
        .limit(limit)
        .$if(ctx.db.dialect === 'postgres', (qb) => qb.forUpdate().skipLocked()),
    )
    .where('status', '=', 'pending')
    .returning(['id', 'kind', 'updated_at'])
    .execute();
}

/** Clears the dispatch mark so the rows are dispatched again at once (Redis refused them, or the worker is stopping). */
export async function clearDispatchMark(ctx: StoreContext, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await ctx.db.kysely
    .updateTable('jobs')
    .set({ locked_by: null, locked_until: null })
    .where('id', 'in', jobIds)
    .where('status', '=', 'pending')
    .where('locked_by', 'like', 'dispatch:%')
    .execute();
}

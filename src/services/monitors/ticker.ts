/**
 * The monitor ticker: every worker process looks for due monitors every `tickMs` and claims each
 * with a conditional update (`next_run_at` moves from the slot it read to the next one only if
 * nobody moved it first), writing the run and its job in the same transaction. However many
 * workers tick at once, a slot gives exactly one run; the unique (monitor_id, slot) index backs
 * that up. Slots missed while no worker ran (an outage) are not replayed one by one: the monitor
 * runs once and moves to its next future slot. The same loop serves the embedded queue and
 * BullMQ (the run jobs go through whichever queue is configured), with the database as the one
 * source of truth for schedules.
 */
import type { ServiceDeps } from '../deps.js';
import { enqueueRun } from './runs.js';
import { nextRunAfter } from './schedule.js';

export type TickerDeps = Pick<ServiceDeps, 'db' | 'clock' | 'queue' | 'config' | 'logger'>;

/** One tick: claim the due monitors (at most claimBatch); returns how many runs this process queued. */
export async function claimDueMonitors(deps: TickerDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db.kysely
    .selectFrom('monitors')
    // An archived API's monitors wait (docs/decisions.md "Removing APIs and tasks"): its calls are
    // refused, so a run would only fail; they run again once the API is restored.
    .innerJoin('scrapers', 'scrapers.id', 'monitors.scraper_id')
    .select(['monitors.id', 'monitors.every_seconds', 'monitors.cron', 'monitors.next_run_at'])
    .where('monitors.paused', '=', 0)
    .where('scrapers.archived_at', 'is', null)
    .where('monitors.next_run_at', 'is not', null)
    .where('monitors.next_run_at', '<=', now.toISOString())
    .orderBy('monitors.next_run_at')
    .limit(deps.config.monitors.claimBatch)
    .execute();
  let claimed = 0;
  for (const m of due) {
    const slot = m.next_run_at!;
    const next = nextRunAfter(m.id, { every_seconds: m.every_seconds === null ? null : Number(m.every_seconds), cron: m.cron }, now);
    const won = await deps.db.kysely
      .transaction()
      .execute(async (trx) => {
        const moved = await trx
          .updateTable('monitors')
          .set({ next_run_at: next?.toISOString() ?? null })
          .where('id', '=', m.id)
          .where('next_run_at', '=', slot)
          .where('paused', '=', 0)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return false;
        await enqueueRun(trx, deps, m.id, 'schedule', new Date(slot));
        return true;
      })
      .catch((err: unknown) => {
        // Another process recorded this slot (unique index) or the monitor was deleted meanwhile.
        deps.logger.debug({ err, monitor_id: m.id }, 'monitor: slot not claimed');
        return false;
      });
    if (won) claimed++;
  }
  if (claimed > 0) deps.queue.nudge?.();
  return claimed;
}

/** Tick every `tickMs` until stopped; ticks never overlap. */
export function startMonitorTicker(deps: TickerDeps): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = claimDueMonitors(deps)
      .catch((err: unknown) => deps.logger.warn({ err }, 'monitor tick failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, deps.config.monitors.tickMs);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

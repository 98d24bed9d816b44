/**
 * The self-heal schedule: one `self_heal` job per time slot. Enqueueing is idempotent per slot
 * (the job key names it), so every process may call `scheduleSelfHealing` at start-up and only
 * one sweep runs per slot; each sweep schedules the next before it starts.
 */
import type { ServiceDeps } from '../deps.js';
import type { SweepOptions } from './self-heal.js';

export const SELF_HEAL_JOB = 'self_heal';

export interface SelfHealSchedule extends Omit<SweepOptions, 'signal'> {
  /** Time between sweeps (default 1 h). */
  intervalMs?: number;
}

const DEFAULT_INTERVAL_MS = 3600 * 1000;

export async function scheduleSelfHealing(deps: Pick<ServiceDeps, 'db' | 'queue' | 'clock'>, schedule: SelfHealSchedule = {}): Promise<Date> {
  const interval = Math.max(100, schedule.intervalMs ?? DEFAULT_INTERVAL_MS);
  const now = deps.clock.now().getTime();
  const next = new Date(Math.floor(now / interval) * interval + interval);
  await deps.queue.enqueue(deps.db.kysely, {
    kind: SELF_HEAL_JOB,
    payload: { ...schedule, intervalMs: interval },
    jobKey: `self-heal:${next.toISOString()}`,
    runAt: next,
    maxAttempts: 1,
  });
  return next;
}

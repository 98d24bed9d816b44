/**
 * When a monitor runs. Pure: the ticker and the service both call it.
 *
 * - `every_seconds`: slots at `k * interval + offset` (UTC epoch), where `offset` is a stable
 *   per-monitor number in [0, interval) from a hash of its id. Monitors created in the same
 *   second (a burst: 10,000 at once) fall on different slots spread over the whole interval
 *   instead of firing together, and a monitor keeps its slot across restarts and workers.
 * - `cron` (UTC, by croner): the pattern's next time, plus a stable offset of up to a tenth of
 *   the pattern's gap (at most 60 s): many monitors on `0 * * * *` do not all fire at :00.
 */
import { createHash } from 'node:crypto';
import { Cron } from 'croner';

export interface Schedule {
  every_seconds: number | null;
  cron: string | null;
}

/** A stable number in [0, 1) from the monitor's id. */
function unitOffset(monitorId: string): number {
  return createHash('sha256').update(monitorId).digest().readUInt32BE(0) / 2 ** 32;
}

export function parseCron(pattern: string): Cron {
  return new Cron(pattern, { timezone: 'UTC', paused: true });
}

/** The shortest gap between the pattern's next runs (seconds): what a plan minimum is checked against. */
export function cronGapSeconds(pattern: string, from: Date): number {
  const runs = parseCron(pattern).nextRuns(12, from);
  if (runs.length < 2) return Number.POSITIVE_INFINITY;
  let gap = Number.POSITIVE_INFINITY;
  for (let i = 1; i < runs.length; i++) gap = Math.min(gap, (runs[i].getTime() - runs[i - 1].getTime()) / 1000);
  return gap;
}

/** The first slot strictly after `after`, or null when a cron pattern has no more runs. */
export function nextRunAfter(monitorId: string, schedule: Schedule, after: Date): Date | null {
  const t = after.getTime();
  if (schedule.every_seconds) {
    const interval = schedule.every_seconds * 1000;
    const offset = Math.floor(unitOffset(monitorId) * interval);
    const k = Math.floor((t - offset) / interval) + 1;
    return new Date(k * interval + offset);
  }
  if (schedule.cron) {
    const cron = parseCron(schedule.cron);
    const runs = cron.nextRuns(2, new Date(t - 60_000));
    const gap = runs.length === 2 ? runs[1].getTime() - runs[0].getTime() : 600_000;
    const jitter = Math.floor(unitOffset(monitorId) * Math.min(60_000, gap / 10));
    // The pattern's next time whose jittered slot is still after `after`.
    let from = new Date(t - jitter);
    for (let i = 0; i < 3; i++) {
      const next = cron.nextRun(from);
      if (!next) return null;
      const slot = new Date(next.getTime() + jitter);
      if (slot.getTime() > t) return slot;
      from = next;
    }
    return null;
  }
  return null;
}

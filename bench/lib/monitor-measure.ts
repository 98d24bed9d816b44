/**
 * The figures of `npm run bench:monitors`, counted from the database and the receiver's log,
 * never assumed:
 * - runs: every monitor_runs row; lost: slots up to the cut-off that have no run (the expected
 *   slots come from the schedule function itself, from each monitor's creation), runs that never
 *   ended, runs the queue gave up on, changes without a delivery, deliveries that did not end in
 *   a 2xx the receiver logged;
 * - duplicated runs: the same monitor and slot run more than once;
 * - delivery lag: from the change's row to the receiver's first 2xx for its webhook-id.
 */
import { nextRunAfter } from '../../src/services/monitors/schedule.js';
import type { MonitorFleet } from './monitor-fleet.js';

export interface MonitorFigures {
  runs: number;
  succeeded: number;
  failedByCode: Record<string, number>;
  changes: number;
  deliveries: number;
  lost: { slots: number; unfinishedRuns: number; gaveUp: number; undelivered: number; notReceived: number };
  lostTotal: number;
  duplicatedRuns: number;
  extraExecutions: number;
  receiverRequests: number;
  receiverFailures: number;
  deliveryTries: number;
  p50LagS: number;
  p99LagS: number;
  line: string;
}

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

export async function measure(fleet: MonitorFleet, cutoff: Date): Promise<MonitorFigures> {
  const k = fleet.cluster.testDb.db.kysely;
  const monitors = await k.selectFrom('monitors').select(['id', 'every_seconds', 'created_at']).execute();
  const runs = await k.selectFrom('monitor_runs').select(['id', 'monitor_id', 'slot', 'trigger', 'status', 'scheduled_at', 'error_code', 'error_message', 'pages', 'attempts']).execute();
  const changes = await k.selectFrom('monitor_changes').select(['id', 'created_at']).execute();
  const deliveries = await k.selectFrom('monitor_deliveries').select(['id', 'change_id', 'status', 'attempts']).execute();
  const log = fleet.receiver.log();

  const slotsSeen = new Map<string, number>();
  const runsUpToCutoff = new Map<string, number>();
  const failedByCode: Record<string, number> = {};
  let unfinishedRuns = 0;
  let gaveUp = 0;
  let pages = 0;
  for (const r of runs) {
    if (r.trigger === 'schedule') {
      const key = `${r.monitor_id} ${r.scheduled_at}`;
      slotsSeen.set(key, (slotsSeen.get(key) ?? 0) + 1);
      if (r.scheduled_at <= cutoff.toISOString()) runsUpToCutoff.set(r.monitor_id, (runsUpToCutoff.get(r.monitor_id) ?? 0) + 1);
    }
    if (r.status === 'queued' || r.status === 'running') unfinishedRuns++;
    if (r.status === 'failed') {
      failedByCode[r.error_code ?? '?'] = (failedByCode[r.error_code ?? '?'] ?? 0) + 1;
      // markRunLost: the queue used up the job's attempts (workers kept dying on it).
      if (r.error_code === 'internal') gaveUp++;
    }
    pages += Number(r.pages ?? 0);
  }
  let missingSlots = 0;
  for (const m of monitors) {
    let expected = 0;
    for (let s = nextRunAfter(m.id, { every_seconds: Number(m.every_seconds), cron: null }, new Date(m.created_at)); s && s <= cutoff; s = nextRunAfter(m.id, { every_seconds: Number(m.every_seconds), cron: null }, s)) expected++;
    missingSlots += Math.max(0, expected - (runsUpToCutoff.get(m.id) ?? 0));
  }
  const duplicatedRuns = [...slotsSeen.values()].reduce((n, c) => n + (c > 1 ? c - 1 : 0), 0);

  const firstOk = new Map<string, number>();
  let receiverFailures = 0;
  for (const e of log) {
    if (e.status >= 200 && e.status < 300) {
      if (!firstOk.has(e.id)) firstOk.set(e.id, e.at);
    } else receiverFailures++;
  }
  const deliveredChanges = new Set(deliveries.map((d) => d.change_id));
  const undelivered = changes.filter((c) => !deliveredChanges.has(c.id)).length;
  const changeAt = new Map(changes.map((c) => [c.id, Date.parse(c.created_at)]));
  const lags: number[] = [];
  let notReceived = 0;
  let ok = 0;
  for (const d of deliveries) {
    const at = firstOk.get(d.change_id);
    if (d.status !== 'succeeded' || at === undefined) {
      notReceived++;
      continue;
    }
    ok++;
    lags.push((at - changeAt.get(d.change_id)!) / 1000);
  }
  const lost = { slots: missingSlots, unfinishedRuns, gaveUp, undelivered, notReceived };
  const lostTotal = Object.values(lost).reduce((a, b) => a + b, 0);
  const p99 = pct(lags, 99);
  return {
    runs: runs.length,
    succeeded: runs.filter((r) => r.status === 'succeeded').length,
    failedByCode,
    changes: changes.length,
    deliveries: ok,
    lost,
    lostTotal,
    duplicatedRuns,
    extraExecutions: fleet.shops.reduce((n, s) => n + s.hits, 0) - pages,
    receiverRequests: log.length,
    receiverFailures,
    deliveryTries: deliveries.reduce((n, d) => n + Number(d.attempts), 0),
    p50LagS: pct(lags, 50),
    p99LagS: p99,
    line: `monitors: ${runs.length} runs, ${changes.length} changes, ${ok} deliveries, ${lostTotal} lost, ${duplicatedRuns} duplicated runs, p99 delivery lag ${p99.toFixed(1)} s`,
  };
}

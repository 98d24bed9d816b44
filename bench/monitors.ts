/**
 * `npm run bench:monitors [-- --monitors N --minutes M]` (issue 28's measure; needs PostgreSQL at
 * QUARRY_TEST_PG_URL or 127.0.0.1:5432/test and redis-server on the PATH). N monitors (default
 * 10,000) due every minute on 2 API + 2 worker processes (bench/lib/monitor-fleet.ts), shops
 * whose data changes every 25 s, a webhook receiver that fails a third of first tries and is
 * SIGKILLed and restarted once. After M minutes (default 3) of schedule it waits until every
 * monitor's slots up to then are claimed, pauses them all, lets runs and deliveries drain, and
 * prints `monitors: N runs, M changes, D deliveries, L lost, U duplicated runs, p99 delivery lag
 * X s` from the database and the receiver's log (bench/lib/monitor-measure.ts).
 */
import { MonitorFleet } from './lib/monitor-fleet.js';
import { measure } from './lib/monitor-measure.js';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
  return v;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const monitors = flag('monitors', 10_000);
const minutes = flag('minutes', 3);
const started = Date.now();
console.log(`bench:monitors: ${monitors} monitors, ${minutes} min of schedule`);
const fleet = new MonitorFleet({ monitors, verbose: true });
let code = 0;
try {
  await fleet.start();
  const runFor = minutes * 60_000;
  const t0 = Date.now();
  // The receiver dies once, at 40% of the schedule, and is back 5 s later.
  await sleep(runFor * 0.4);
  await fleet.receiver.kill('SIGKILL');
  console.log('   receiver SIGKILLed');
  await sleep(5_000);
  await fleet.receiver.start();
  console.log('   receiver restarted');
  await sleep(Math.max(0, runFor - (Date.now() - t0)));
  const cutoff = new Date();
  // Every slot up to the cut-off claimed: no unpaused monitor still waits on one.
  const k = fleet.cluster.testDb.db.kysely;
  const claimWait = Date.now();
  for (;;) {
    const behind = await k.selectFrom('monitors').select((eb) => eb.fn.countAll<number>().as('n')).where('paused', '=', 0).where('next_run_at', '<=', cutoff.toISOString()).executeTakeFirstOrThrow();
    if (Number(behind.n) === 0) break;
    if (Date.now() - claimWait > 600_000) throw new Error(`${behind.n} monitors still had unclaimed slots 10 min after the cut-off`);
    await sleep(500);
  }
  console.log(`   slots up to the cut-off all claimed ${((Date.now() - claimWait) / 1000).toFixed(1)} s after it`);
  await fleet.stopScheduling();
  const drainStart = Date.now();
  const drained = await fleet.drain(900_000);
  console.log(`   runs and deliveries ${drained ? 'drained' : 'NOT drained'} in ${((Date.now() - drainStart) / 1000).toFixed(1)} s`);
  const f = await measure(fleet, cutoff);
  console.log(
    `   runs succeeded ${f.succeeded}, failed ${JSON.stringify(f.failedByCode)}; re-executions seen by the shops ${f.extraExecutions}; receiver saw ${f.receiverRequests} requests (${f.receiverFailures} answered non-2xx or cut), ${f.deliveryTries} delivery tries; delivery lag p50 ${f.p50LagS.toFixed(1)} s; lost by kind ${JSON.stringify(f.lost)}; whole bench ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(f.line);
  if (f.lostTotal > 0 || f.duplicatedRuns > 0) code = 1;
} catch (err) {
  console.error(err);
  code = 1;
} finally {
  await fleet.close();
}
process.exit(code);

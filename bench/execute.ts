/**
 * bench:execute — executing a list endpoint through the whole service (HTTP, key auth, rate
 * limits and credits ON, recipe interpreter, fetch, extraction) next to a bare loop doing the
 * same undici fetch + cheerio extraction, with the SAME parser options (htmlparser2) as the
 * service, and no service around it; at 1 and 50 concurrent callers.
 *
 * A third line, the floor, runs the bare job behind a bare Fastify route in its own process
 * (bench/lib/floor-child.ts): what any service pays over the bare loop for being a service
 * (a caller, an extra HTTP hop, one more process on the machine) and nothing else. Its ratio is
 * the best a service can score here; the service's distance from it is what the service itself
 * adds. CPU per call (the service's and the floor's own process) says the same in time.
 *
 * At 1 caller a fourth line, the idle-caller probe: the floor process's `/spin` route holds the
 * CPU for as long as a bare call takes and does nothing else, so the caller waits exactly that
 * long, as it does for any server doing the job. Its ratio is the ceiling for any server at 1
 * caller on this machine: the hop plus the cost of waking a caller that idled for a whole job.
 *
 * The service runs in its own process (its peak RSS is the one printed), the fixture site in
 * another, the load generator in a worker thread of this one.
 * Last line: `execute: ratio 0.NN at 50 callers (X vs Y req/s), ratio 0.NN at 1 caller, p99 added N.N ms,
 * service peak RSS N MB; floor ratio 0.NN at 50 callers, 0.NN at 1 caller; idle-caller probe 0.NN at 1 caller; CPU per call N us (floor N us), event loop busy N% (floor N%)`.
 */
import { Agent } from 'undici';
import { startServiceProcess, forkBenchChild } from './lib/service-process.js';
import { booksRecipe } from '../test/execution/recipes.js';
import { runLoad, fmt, medianRound, ROUNDS, type LoadResult } from './lib/load.js';
import { startSiteProcess } from './lib/site-process.js';
import { bareBooks } from './lib/bare-books.js';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const WARMUP_MS = 1000;

const site = await startSiteProcess('test/fixtures/sites/books.ts', 'booksSite');
const quarry = await startServiceProcess({ QUARRY_EMBEDDED_WORKER: '0', QUARRY_RESPECT_ROBOTS: '0' });
const floor = await forkBenchChild<{ base: string }>('bench/lib/floor-child.ts', { env: { BENCH_SITE_URL: site.url } });
const made = await quarry.api('POST', '/scrapers', booksRecipe(site.url));
const scraperId = made.body.scraper_id as string;

// The bare loop: the same request, the same parser and the same fields, no service around it.
const agent = new Agent({ connections: 64 });
async function bareLoop(concurrency: number): Promise<LoadResult> {
  const lat: number[] = [];
  const deadline = Date.now() + WARMUP_MS + DURATION_MS;
  const measureFrom = Date.now() + WARMUP_MS;
  let count = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        const t0 = performance.now();
        if ((await bareBooks(site.url, agent)).length !== 8) throw new Error('bare loop extracted the wrong number of records');
        if (Date.now() >= measureFrom) {
          lat.push(performance.now() - t0);
          count++;
        }
      }
    }),
  );
  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? 0;
  return { requests: count, errors: 0, rps: count / (DURATION_MS / 1000), p50: q(0.5), p99: q(0.99), statuses: {} };
}

/** A server process's CPU time and event-loop time so far (ms). */
interface ProcessTimes {
  cpuMs: number;
  loopBusyMs: number;
  loopIdleMs: number;
}

/**
 * A closed-loop run against a server process, with that process's CPU time per call (warm-up
 * calls included in both) and the share of the run its event loop was busy: near 100%, its one
 * thread is what limits the rate.
 */
async function serverLoad(
  url: string,
  headers: Record<string, string>,
  concurrency: number,
  times: () => Promise<ProcessTimes>,
): Promise<LoadResult & { cpuPerCallUs: number; loopBusy: number }> {
  const before = await times();
  const r = await runLoad({ url, method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"page":1}', concurrency, durationMs: DURATION_MS, warmupMs: WARMUP_MS });
  const after = await times();
  if (r.statuses['200'] !== r.requests) throw new Error(`${url} answered ${JSON.stringify(r.statuses)} (limits must not throttle)`);
  // The warm-up ran at the measured rate too: count its calls alike.
  const calls = r.requests * ((WARMUP_MS + DURATION_MS) / DURATION_MS);
  const busy = after.loopBusyMs - before.loopBusyMs;
  return { ...r, cpuPerCallUs: ((after.cpuMs - before.cpuMs) * 1000) / calls, loopBusy: busy / (busy + after.loopIdleMs - before.loopIdleMs) };
}

const service = (c: number) => serverLoad(`${quarry.base}/scraper/${scraperId}/list_books`, { 'x-api-key': quarry.key }, c, () => quarry.stats());
const floorLoad = (c: number) => serverLoad(`${floor.ready.base}/books`, {}, c, () => floor.ask<ProcessTimes>({ type: 'stats' }));

const spinProbe = (us: number) => serverLoad(`${floor.ready.base}/spin?us=${Math.round(us)}`, {}, 1, () => floor.ask<ProcessTimes>({ type: 'stats' }));

type Row = { ours: Awaited<ReturnType<typeof service>>; floor: Awaited<ReturnType<typeof floorLoad>>; bare: LoadResult; spin?: LoadResult };
const ratioOf = (row: Row) => row.ours.rps / row.bare.rps;
const results: Record<number, Row> = {};
for (const c of [1, 50]) {
  // The three back to back in each round; the round with the median service ratio is reported.
  const rounds: Row[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bare = await bareLoop(c);
    const spin = c === 1 ? await spinProbe(1e6 / bare.rps) : undefined;
    const floor = await floorLoad(c);
    rounds.push({ bare, spin, floor, ours: await service(c) });
  }
  const row = medianRound(rounds, ratioOf);
  results[c] = row;
  const { ours, bare } = row;
  console.log(
    `${String(c).padStart(2)} callers: quarry ${fmt(ours.rps, 0)} req/s p50 ${fmt(ours.p50, 2)} ms p99 ${fmt(ours.p99, 2)} ms | ` +
      `floor ${fmt(row.floor.rps, 0)} req/s p50 ${fmt(row.floor.p50, 2)} ms | ` +
      `bare ${fmt(bare.rps, 0)} req/s p50 ${fmt(bare.p50, 2)} ms p99 ${fmt(bare.p99, 2)} ms | ratio ${fmt(ratioOf(row), 2)} (floor ${fmt(row.floor.rps / bare.rps, 2)}` +
      `${row.spin ? `, idle-caller probe ${fmt(row.spin.rps / bare.rps, 2)}` : ''}); ` +
      `every round: ${rounds.map((r) => `${fmt(ratioOf(r), 2)} (floor ${fmt(r.floor.rps / r.bare.rps, 2)}${r.spin ? `, probe ${fmt(r.spin.rps / r.bare.rps, 2)}` : ''})`).join(', ')}`,
  );
}
const { maxRssMb } = await quarry.stats();
const charged = await quarry.api('GET', '/account');
console.log(`credits left after the bench: ${charged.body.credits_remaining} (every successful call charged one)`);
await quarry.stop();
await floor.stop();
await agent.close();
site.stop();
const r50 = results[50];
const r1 = results[1];
const added1 = r1.ours.p99 - r1.bare.p99;
// At 1 caller the loop is closed, so a call's mean time is 1/rate: the time a ratio bar allows
// per call, next to what the bare job, the floor (the job plus only the hop) and the service take.
const usPerCall = (rps: number) => 1e6 / rps;
const BAR_AT_1 = 0.7;
console.log(
  `1 caller, mean time a call: a ratio of ${fmt(BAR_AT_1, 2)} allows ${fmt(usPerCall(r1.bare.rps) / BAR_AT_1, 0)} us; ` +
    `the bare job takes ${fmt(usPerCall(r1.bare.rps), 0)} us, the floor ${fmt(usPerCall(r1.floor.rps), 0)} us ` +
    `(the hop alone ${fmt(usPerCall(r1.floor.rps) - usPerCall(r1.bare.rps), 0)} us), the service ${fmt(usPerCall(r1.ours.rps), 0)} us; ` +
    `a route that only holds the CPU for the bare job's time answers in ${fmt(usPerCall(r1.spin!.rps), 0)} us; ` +
    `CPU a call at 1 caller: service ${fmt(r1.ours.cpuPerCallUs, 0)} us, floor ${fmt(r1.floor.cpuPerCallUs, 0)} us`,
);
console.log(
  `execute: ratio ${fmt(r50.ours.rps / r50.bare.rps, 2)} at 50 callers (${fmt(r50.ours.rps, 0)} vs ${fmt(r50.bare.rps, 0)} req/s), ` +
    `ratio ${fmt(r1.ours.rps / r1.bare.rps, 2)} at 1 caller, p99 added ${fmt(added1, 1)} ms, service peak RSS ${fmt(maxRssMb, 0)} MB; ` +
    `floor ratio ${fmt(r50.floor.rps / r50.bare.rps, 2)} at 50 callers, ${fmt(r1.floor.rps / r1.bare.rps, 2)} at 1 caller; ` +
    `idle-caller probe ${fmt(r1.spin!.rps / r1.bare.rps, 2)} at 1 caller; ` +
    `CPU per call at 50 callers ${fmt(r50.ours.cpuPerCallUs, 0)} us (floor ${fmt(r50.floor.cpuPerCallUs, 0)} us), ` +
    `event loop busy ${fmt(r50.ours.loopBusy * 100, 0)}% (floor ${fmt(r50.floor.loopBusy * 100, 0)}%)`,
);

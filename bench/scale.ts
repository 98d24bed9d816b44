/**
 * `npm run bench:scale` (needs PostgreSQL at QUARRY_TEST_PG_URL or 127.0.0.1:5432/test, and
 * redis-server on the PATH; it starts its own Redis). Two parts:
 * 1. the fault scenario of test/scale/faults.ts, fuller than CI's: prints its `faults:` line;
 * 2. execution throughput at 50 and 200 concurrent callers against 1 and then 2 API processes,
 *    the load coming from a separate process: calls/s per API process and the scale-up ratio
 *    (2 processes / 1). The baseline is the same load process fetching the upstream page
 *    directly (what no Quarry at all would cost). On a 2-core machine that also runs the load,
 *    the fixture site and PostgreSQL, a ratio near 2 is the ceiling, not the expectation.
 */
import { spawn } from 'node:child_process';
import { runFaultScenario } from '../test/scale/faults.js';
import { Cluster } from '../test/scale/cluster.js';
import { startFixtureSite } from '../test/helpers/fixture-server.js';
import { booksSite } from '../test/fixtures/sites/books.js';
import { createUser } from '../src/services/accounts.js';
import { createKey } from '../src/services/keys.js';
import { grant } from '../src/services/credits.js';
import { systemClock } from '../src/clock.js';

const DURATION_MS = Number(process.env.BENCH_SCALE_DURATION_MS ?? 15_000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function loadProcess(settings: object): Promise<any> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', 'bench/scale-load.ts', JSON.stringify(settings)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load process exited ${code}`))));
  });
}

async function faults(): Promise<void> {
  console.log('1. Faults (2 API + 2 worker processes, own Redis, PostgreSQL schema)');
  const r = await runFaultScenario({ builds: 4, callers: 24, keys: 12, minCalls: 5_000, maxLoadAfterFaultsMs: 180_000, verbose: true });
  console.log(`   ${r.line}`);
  console.log(
    `   builds completed ${r.completed}/${r.builds}, resumed after worker SIGKILL in ${r.resumeSeconds} s, calls ok ${r.load.ok}, contract errors ${JSON.stringify(r.load.errors)}, cut by the API kill ${r.load.dropped}, hung ${r.load.hung}, ledger mismatches ${r.ledgerMismatches}, SIGTERM exits ${JSON.stringify(r.sigtermExitCodes)}`,
  );
}

async function throughput(): Promise<void> {
  console.log(`2. Execution throughput (${DURATION_MS / 1000} s per run, load from a separate process)`);
  const cluster = new Cluster();
  const site = await startFixtureSite(booksSite());
  try {
    // Rate limits stay on; enough keys that they never bind (they are per key).
    await cluster.start({ apis: 2, workers: 1 });
    const db = cluster.testDb.db;
    const owner = await createUser(db, systemClock, { email: 'bench@example.test', password: 'correct horse battery', plan: 'company' });
    await grant(db, systemClock, owner.id, 10_000_000, 'bench_grant');
    const keys: string[] = [];
    for (let i = 0; i < 200; i++) keys.push((await createKey(db, systemClock, owner.id)).api_key);
    const [a, b] = cluster.apis;
    const dispatch = await fetch(`${a.base}/dispatch`, {
      method: 'POST',
      headers: { 'x-api-key': keys[0], 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${site.url}/`, task: 'get each book: title, price' }),
    }).then((r) => r.json() as Promise<any>);
    let task: any = null;
    for (let i = 0; i < 600; i++) {
      task = await fetch(`${a.base}/dispatch/tasks/${dispatch.task_id}`, { headers: { 'x-api-key': keys[0] } }).then((r) => r.json() as Promise<any>);
      if (['completed', 'failed'].includes(task.status)) break;
      await sleep(100);
    }
    if (task.status !== 'completed') throw new Error('the build of the benchmark API failed');
    const ep = task.generated_api.endpoints[0];
    const path = `/scraper/${task.generated_api.scraper_id}/${ep.endpoint_name}`;
    // The baseline fetches the page the endpoint reads (one upstream request per call).
    const upstream = `${site.url}/`;

    for (const callers of [50, 200]) {
      const base = await loadProcess({ direct: upstream, callers, durationMs: DURATION_MS });
      const baseRate = base.calls / (base.elapsedMs / 1000);
      const rates: number[] = [];
      for (const targets of [[a.base], [a.base, b.base]]) {
        const r = await loadProcess({ targets, path, body: ep.sample_inputs ?? {}, keys, callers, timeoutMs: 30_000, durationMs: DURATION_MS });
        const rate = r.ok / (r.elapsedMs / 1000);
        rates.push(rate);
        console.log(
          `   ${callers} callers, ${targets.length} API process(es): ${rate.toFixed(0)} calls/s (${(rate / targets.length).toFixed(0)} per process), p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${JSON.stringify(r.errors)}, hung ${r.hung}`,
        );
      }
      console.log(`   ${callers} callers: scale-up 2/1 = ${(rates[1] / rates[0]).toFixed(2)}x; baseline (upstream fetched directly) ${baseRate.toFixed(0)} calls/s, Quarry with 2 processes = ${(rates[1] / baseRate).toFixed(2)}x of it`);
    }
  } finally {
    await cluster.close();
    await site.close();
  }
}

await faults();
await throughput();
process.exit(0);

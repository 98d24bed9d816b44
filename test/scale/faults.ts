/**
 * The fault scenario of issue 16, shared by the CI test (test/scale/faults.test.ts) and
 * `npm run bench:scale`: 2 API and 2 worker processes on PostgreSQL + Redis, builds of fixture
 * sites and thousands of execution calls, and meanwhile a worker SIGKILLed mid-build, Redis
 * crashed and restarted, every PostgreSQL connection cut, an API process SIGKILLed. Then it
 * checks that nothing was lost or charged twice and that the ledger sums to the balances.
 */
import { sql } from 'kysely';
import { Cluster, type Proc } from './cluster.js';
import { percentile, runLoad, type LoadResult } from './load.js';
import { startFixtureSite, type FixtureRoutes, type FixtureSite } from '../helpers/fixture-server.js';
import { booksSite } from '../fixtures/sites/books.js';
import { createUser } from '../../src/services/accounts.js';
import { createKey } from '../../src/services/keys.js';
import { grant } from '../../src/services/credits.js';
import { systemClock } from '../../src/clock.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface FaultOptions {
  /** Slow builds dispatched while the faults happen (plus the warm-up build). */
  builds: number;
  callers: number;
  /** The load goes on after the faults until this many calls were answered... */
  minCalls: number;
  /** ...but no longer than this (default 30 s: CI's bound). */
  maxLoadAfterFaultsMs?: number;
  /** API keys the callers share (rate limits are per key). */
  keys: number;
  /** Log each step to stderr. */
  verbose?: boolean;
}

export interface FaultReport {
  builds: number;
  completed: number;
  failed: number;
  /** Tasks not finished (queued/running) when the deadline passed, plus live jobs left. */
  lost: number;
  calls: number;
  load: LoadResult;
  faults: string[];
  /** Seconds from the SIGKILL of the worker to the build running on the other worker. */
  resumeSeconds: number | null;
  chargeRows: number;
  doubleCharges: number;
  /** Successful answers with no charge in the ledger (should be 0). */
  unchargedSuccesses: number;
  ledgerMismatches: number;
  /** Exit codes of the processes stopped with SIGTERM at the end. */
  sigtermExitCodes: Array<number | null>;
  p99Ms: number;
  line: string;
}

/** A site whose item pages answer slowly, so a build lasts long enough to be killed mid-way. */
function slowSite(delayMs: number): FixtureRoutes {
  return [
    ['/', `<ul>${Array.from({ length: 10 }, (_, i) => `<li><a href="/item/${i}.html">Item ${i}</a></li>`).join('')}</ul>`],
    [/^\/item\/\d+\.html$/, async (_q, _s, url) => {
      await sleep(delayMs);
      const n = /(\d+)/.exec(url.pathname)![1];
      return { body: `<h1>Item ${n}</h1><p class="price">£${n}.00</p>` };
    }],
  ];
}

export async function runFaultScenario(o: FaultOptions): Promise<FaultReport> {
  const log = (msg: string) => o.verbose && process.stderr.write(`[faults ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
  const cluster = new Cluster();
  const sites: FixtureSite[] = [];
  try {
    await cluster.start({ apis: 2, workers: 2 });
    log('2 API + 2 worker processes ready');
    const db = cluster.testDb.db;
    // One account (the builds' owner, whose API the load calls), several keys: limits are per key.
    const owner = await createUser(db, systemClock, { email: 'fault@example.test', password: 'correct horse battery', plan: 'company' });
    await grant(db, systemClock, owner.id, 1_000_000, 'test_grant');
    const userIds = [owner.id];
    const keys: string[] = [];
    for (let i = 0; i < o.keys; i++) keys.push((await createKey(db, systemClock, owner.id)).api_key);
    const [api0, api1] = cluster.apis;
    const call = async (api: Proc, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${api.base}${path}`, {
        method,
        headers: { 'x-api-key': keys[0], ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await res.json()) as any;
    };
    const taskStatus = async (id: string) =>
      (await db.kysely.selectFrom('tasks').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

    // Warm-up build: the API the load calls.
    const books = await startFixtureSite(booksSite());
    sites.push(books);
    const warm = await call(api0, 'POST', '/dispatch', { url: `${books.url}/`, task: 'get each book: title, price' });
    const taskIds: string[] = [warm.task_id];
    for (let i = 0; i < 600 && !['completed', 'failed'].includes(await taskStatus(warm.task_id)); i++) await sleep(100);
    const built = await call(api1, 'GET', `/dispatch/tasks/${warm.task_id}`);
    if (built.status !== 'completed') throw new Error(`the warm-up build did not complete: ${JSON.stringify(built).slice(0, 300)}`);
    const ep = built.generated_api.endpoints[0];
    log(`warm-up build done: ${ep.endpoint_name}`);

    let stop = false;
    let stoppedAt = 0;
    const load = runLoad({
      targets: [api0.base, api1.base],
      path: `/scraper/${built.generated_api.scraper_id}/${ep.endpoint_name}`,
      body: ep.sample_inputs ?? {},
      keys,
      callers: o.callers,
      // After the faults, on until minCalls were answered, but never longer than the bound.
      until: (calls) => stop && (calls >= o.minCalls || Date.now() - stoppedAt > (o.maxLoadAfterFaultsMs ?? 30_000)),
      timeoutMs: 30_000,
    });

    const faults: string[] = [];
    // Slow builds through both APIs.
    for (let i = 0; i < o.builds; i++) {
      const site = await startFixtureSite(slowSite(700));
      sites.push(site);
      const res = await call(i % 2 ? api1 : api0, 'POST', '/dispatch', { url: `${site.url}/`, task: 'get each item: title, price' });
      if (!res.task_id) throw new Error(`dispatch failed: ${JSON.stringify(res)}`);
      taskIds.push(res.task_id);
    }

    // Fault 1: SIGKILL the worker running a build, mid-build.
    let resumeSeconds: number | null = null;
    const victimTask = taskIds[1];
    let job = null;
    for (let i = 0; i < 300; i++) {
      job = await db.kysely.selectFrom('jobs').selectAll().where('task_id', '=', victimTask).executeTakeFirst();
      if (job?.status === 'running' && cluster.workerOf(job.locked_by)) break;
      await sleep(50);
    }
    const victim = cluster.workerOf(job?.locked_by ?? null);
    if (victim && job) {
      await sleep(500);
      await cluster.kill(victim, 'SIGKILL');
      const killedAt = Date.now();
      faults.push('worker SIGKILL mid-build');
      log(`worker ${victim.proc.pid} SIGKILLed running ${victimTask}`);
      for (let i = 0; i < 1200; i++) {
        const row = await db.kysely.selectFrom('jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
        const taken = row.status === 'running' && row.locked_by && !row.locked_by.startsWith('dispatch:') && row.locked_by !== job.locked_by;
        if (taken || row.status === 'completed') {
          resumeSeconds = (Date.now() - killedAt) / 1000;
          break;
        }
        await sleep(100);
      }
      log(`build resumed on the other worker after ${resumeSeconds} s`);
      await cluster.startWorker();
    }

    // Fault 2: Redis crashes and comes back empty.
    await cluster.redis.restart(1_000);
    faults.push('Redis restart');
    log('Redis restarted');
    await sleep(2_000);

    // Fault 3: PostgreSQL "restart": every connection of the deployment is cut.
    const cut = await cluster.cutDatabaseConnections();
    faults.push('PostgreSQL connections cut');
    log(`PostgreSQL: ${cut} connections terminated`);
    await sleep(2_000);

    // Fault 4: an API process SIGKILLed under load (the load balancer takes it out).
    await cluster.kill(api0, 'SIGKILL');
    faults.push('API SIGKILL');
    log('API process SIGKILLed');
    await sleep(3_000);
    stop = true;
    stoppedAt = Date.now();
    const result = await load;
    log(`load stopped: ${result.calls} calls`);

    // Every build must end.
    const deadline = Date.now() + 90_000;
    const unfinished = async () =>
      (await db.kysely.selectFrom('tasks').select(['id', 'status']).where('id', 'in', taskIds).execute()).filter(
        (t) => !['completed', 'failed', 'cancelled'].includes(t.status),
      );
    while ((await unfinished()).length > 0 && Date.now() < deadline) await sleep(250);
    const tasks = await db.kysely.selectFrom('tasks').select(['id', 'status']).where('id', 'in', taskIds).execute();
    const liveJobs = await db.kysely.selectFrom('jobs').select('id').where('task_id', 'in', taskIds).where('status', 'in', ['pending', 'running']).execute();
    const lost = (await unfinished()).length + liveJobs.length;

    // Money: every charge is an answered success (or a call cut by the API kill); ledger = balances.
    const charges = await db.kysely
      .selectFrom('credit_ledger')
      .select([sql<number>`count(*)`.as('n')])
      .where('user_id', 'in', userIds)
      .where('reason', '=', 'endpoint_call')
      .executeTakeFirstOrThrow();
    const chargeRows = Number(charges.n);
    const mismatched = await db.kysely
      .selectFrom('users')
      .leftJoin('credit_ledger', 'credit_ledger.user_id', 'users.id')
      .select(['users.id', 'users.credits', sql<number>`coalesce(sum(credit_ledger.delta), 0)`.as('sum')])
      .where('users.id', 'in', userIds)
      .groupBy(['users.id', 'users.credits'])
      .execute();
    const ledgerMismatches = mismatched.filter((u) => Number(u.credits) !== Number(u.sum)).length;
    const doubleCharges = Math.max(0, chargeRows - result.ok - result.dropped);
    const unchargedSuccesses = Math.max(0, result.ok - chargeRows);

    // Graceful stop of what is left: each must exit 0 on SIGTERM.
    const remaining = [...cluster.apis, ...cluster.workers];
    const sigtermExitCodes = await Promise.all(
      remaining.map(async (p) => {
        p.proc.kill('SIGTERM');
        await new Promise((r) => (p.proc.exitCode !== null ? r(null) : p.proc.once('exit', r)));
        return p.proc.exitCode;
      }),
    );

    const p99Ms = Math.round(percentile(result.latenciesMs, 99));
    const builds = taskIds.length;
    const line = `faults: ${builds} builds, ${result.calls} calls, ${faults.length} faults injected, ${lost} lost, ${doubleCharges} double charges, p99 ${p99Ms} ms`;
    return {
      builds,
      completed: tasks.filter((t) => t.status === 'completed').length,
      failed: tasks.filter((t) => t.status === 'failed').length,
      lost,
      calls: result.calls,
      load: result,
      faults,
      resumeSeconds,
      chargeRows,
      doubleCharges,
      unchargedSuccesses,
      ledgerMismatches,
      sigtermExitCodes,
      p99Ms,
      line,
    };
  } finally {
    await cluster.close();
    for (const s of sites) await s.close();
  }
}

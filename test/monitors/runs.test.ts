/**
 * Monitor runs as jobs: exactly one run per slot with two processes claiming at once, a worker
 * killed mid-run (its lease expires, another worker runs it again), failed runs that change no
 * baseline and open a fix revision after three in a row, and the burst spread of schedules.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueue } from '../../src/queue/index.js';
import { claimDueMonitors, nextRunAfter } from '../../src/services/monitors/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { importShop, runNow, startShop, waitFor, type Shop } from './helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FAST = { QUARRY_ALLOW_PRIVATE_TARGETS: '1', QUARRY_RATE_LIMITS: '0', QUARRY_JOB_LEASE_MS: '1000', QUARRY_MONITOR_TICK_MS: '100000' };

/** A fixture process on the test's database (embedded queue), collecting its stdout lines. */
function spawnFixture(t: TestApp, script: string, extra: Record<string, string> = {}): { child: ChildProcess; lines: string[] } {
  const env: NodeJS.ProcessEnv = { ...process.env, ...t.testDb.env, ...FAST, QUARRY_JOB_HEARTBEAT_MS: '200', QUARRY_QUEUE_POLL_MS: '50', QUARRY_LOG_LEVEL: 'silent', ...extra };
  if (!t.testDb.env.DATABASE_URL) delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    lines.push(...parts);
  });
  return { child, lines };
}

describe('monitor runs', () => {
  let t: TestApp | undefined;
  let shop: Shop | undefined;
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
    await t?.close();
    await shop?.site.close();
    t = undefined;
    shop = undefined;
  });

  it('spreads a burst of monitors over the interval, each on a stable slot', () => {
    const now = new Date('2026-11-28T12:00:00.000Z');
    const slots = Array.from({ length: 1000 }, (_, i) => nextRunAfter(`monitor-${i}`, { every_seconds: 60, cron: null }, now)!.getTime() - now.getTime());
    expect(Math.min(...slots)).toBeGreaterThan(0);
    expect(Math.max(...slots)).toBeLessThanOrEqual(60_000);
    const perSecond = new Map<number, number>();
    for (const s of slots) perSecond.set(Math.floor(s / 1000), (perSecond.get(Math.floor(s / 1000)) ?? 0) + 1);
    expect(perSecond.size).toBeGreaterThanOrEqual(55);
    expect(Math.max(...perSecond.values())).toBeLessThan(50); // about 17 a second, never all at once
    // Stable: the same monitor gets the same slot, one interval later the next.
    const a = nextRunAfter('monitor-7', { every_seconds: 60, cron: null }, now)!;
    expect(nextRunAfter('monitor-7', { every_seconds: 60, cron: null }, now)).toEqual(a);
    expect(nextRunAfter('monitor-7', { every_seconds: 60, cron: null }, a)!.getTime() - a.getTime()).toBe(60_000);
    // Cron: the pattern's time plus a stable offset under a tenth of its gap.
    const c = nextRunAfter('monitor-7', { every_seconds: null, cron: '0 * * * *' }, new Date('2026-11-28T12:01:00.000Z'))!;
    expect(c.getTime() - Date.parse('2026-11-28T13:00:00.000Z')).toBeGreaterThanOrEqual(0);
    expect(c.getTime() - Date.parse('2026-11-28T13:00:00.000Z')).toBeLessThan(60_000);
  });

  it('claims each due slot exactly once with two processes ticking at the same time, and runs each once', async () => {
    t = await startTestApp({ env: FAST });
    shop = await startShop([{ id: 1, name: 'Espresso', price: 4.5 }]);
    const user = await t.user('company');
    const scraperId = await importShop(t, user, shop);
    const N = 20;
    const ids: string[] = [];
    for (let i = 0; i < N; i++) {
      const res = await t.call('POST', '/monitors', { key: user.key, body: { scraper_id: scraperId, endpoint_name: 'list_products', every_seconds: 3600 } });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().monitor_id);
    }
    const { deps } = t.runtime;
    // Everything due now.
    await deps.db.kysely.updateTable('monitors').set({ next_run_at: new Date(Date.now() - 1000).toISOString() }).execute();
    // Two scheduler processes tick at the same moment, five times each.
    const goAt = Date.now() + 4000;
    const claimers = [0, 1].map(() => spawnFixture(t!, 'test/fixtures/monitor-claimer.ts', { CLAIM_GO_AT: String(goAt), CLAIM_TICKS: '5' }));
    const totals = await Promise.all(
      claimers.map(async ({ child, lines }) => {
        const [code] = (await once(child, 'exit')) as [number];
        expect(code).toBe(0);
        return Number(/^claimed (\d+)$/.exec(lines.find((l) => l.startsWith('claimed')) ?? '')?.[1]);
      }),
    );
    expect(totals[0] + totals[1]).toBe(N);
    // Nothing more is due: every slot moved on.
    expect(await claimDueMonitors(deps)).toBe(0);

    const queue = createQueue({ db: deps.db, config: t.config, registry: t.runtime.registry });
    const worker = queue.createWorker({ concurrency: 4 });
    worker.start();
    cleanups.push(() => worker.stop());
    const runs = await waitFor(async () => {
      const rows = await deps.db.kysely.selectFrom('monitor_runs').selectAll().execute();
      return rows.length === N && rows.every((r) => r.status === 'succeeded') ? rows : undefined;
    }, 60_000);
    expect(new Set(runs.map((r) => r.monitor_id)).size).toBe(N);
    expect(runs.every((r) => Number(r.attempts) === 1 && r.trigger === 'schedule')).toBe(true);
    expect(shop.site.requests.filter((r) => r.path === '/api/products')).toHaveLength(N);
    const monitors = await deps.db.kysely.selectFrom('monitors').select(['id', 'next_run_at', 'last_run_status']).where('id', 'in', ids).execute();
    expect(monitors.every((m) => m.last_run_status === 'succeeded' && Date.parse(m.next_run_at!) > Date.now())).toBe(true);
  }, 90_000);

  it("leaves an archived API's monitors unclaimed until the API is restored", async () => {
    t = await startTestApp({ env: FAST });
    shop = await startShop([{ id: 1, name: 'Espresso', price: 4.5 }]);
    const user = await t.user('company');
    const scraperId = await importShop(t, user, shop);
    const res = await t.call('POST', '/monitors', { key: user.key, body: { scraper_id: scraperId, endpoint_name: 'list_products', every_seconds: 3600 } });
    expect(res.statusCode, res.body).toBe(201);
    const { deps } = t.runtime;
    await deps.db.kysely.updateTable('monitors').set({ next_run_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await t.call('DELETE', `/scraper/${scraperId}`, { key: user.key })).statusCode).toBe(200);
    expect(await claimDueMonitors(deps)).toBe(0);
    expect(await deps.db.kysely.selectFrom('monitor_runs').selectAll().execute()).toHaveLength(0);
    expect((await t.call('POST', `/scraper/${scraperId}/restore`, { key: user.key })).statusCode).toBe(200);
    expect(await claimDueMonitors(deps)).toBe(1);
  });

  it('runs again when the worker dies mid-run: the lease expires and another worker finishes it (attempts 2)', async () => {
    t = await startTestApp({ env: FAST });
    let release: () => void = () => {};
    let hits = 0;
    const held = new Promise<void>((resolve) => (release = resolve));
    shop = await startShop([{ id: 1, name: 'Espresso', price: 4.5 }]);
    const user = await t.user('developer');
    const scraperId = await importShop(t, user, shop);
    // The first request hangs until released (the worker is killed meanwhile); later ones answer.
    const original = shop.site;
    const { startFixtureSite } = await import('../helpers/fixture-server.js');
    const slow = await startFixtureSite([
      [
        '/api/products',
        async () => {
          hits++;
          if (hits === 1) await held;
          return { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: [{ id: 1, name: 'Espresso', price: 4.5 }] }) };
        },
      ],
    ]);
    cleanups.push(() => slow.close());
    void original;
    const slowScraper = await importShop(t, user, { ...shop, site: slow });
    void scraperId;
    const m = (await t.call('POST', '/monitors', { key: user.key, body: { scraper_id: slowScraper, endpoint_name: 'list_products', every_seconds: 3600 } })).json();

    const { child } = spawnFixture(t, 'test/fixtures/monitor-worker.ts');
    cleanups.push(async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
    });
    const queued = await t.call('POST', `/monitors/${m.monitor_id}/run`, { key: user.key });
    expect(queued.statusCode).toBe(202);
    await waitFor(async () => hits >= 1, 60_000);
    const running = await t.runtime.deps.db.kysely.selectFrom('monitor_runs').selectAll().where('monitor_id', '=', m.monitor_id).executeTakeFirstOrThrow();
    expect(running).toMatchObject({ status: 'running' });
    child.kill('SIGKILL');
    await once(child, 'exit');
    release();

    const queue = createQueue({ db: t.runtime.deps.db, config: t.config, registry: t.runtime.registry });
    const worker = queue.createWorker();
    worker.start();
    cleanups.push(() => worker.stop());
    const done = await waitFor(async () => {
      const rows = await t!.runtime.deps.db.kysely.selectFrom('monitor_runs').selectAll().where('monitor_id', '=', m.monitor_id).execute();
      return rows.length === 1 && rows[0].status === 'succeeded' ? rows[0] : undefined;
    }, 30_000);
    expect(Number(done.attempts)).toBe(2);
    expect(hits).toBe(2);
    expect(Number(done.records)).toBe(1);
  }, 90_000);

  it('records failed runs with their error class, keeps the baseline, and opens a fix revision after three in a row', async () => {
    t = await startTestApp({ env: { ...FAST, QUARRY_MONITOR_TICK_MS: '100' }, startWorker: true });
    shop = await startShop([
      { id: 1, name: 'Espresso', price: 4.5 },
      { id: 2, name: 'Filter', price: 9.99 },
    ]);
    const user = await t.user('developer');
    const scraperId = await importShop(t, user, shop);
    const m = (await t.call('POST', '/monitors', { key: user.key, body: { scraper_id: scraperId, endpoint_name: 'list_products', every_seconds: 3600, key_fields: ['id'] } })).json();
    expect((await runNow(t, user, m.monitor_id)).status).toBe('succeeded');
    shop.status = 500;
    for (let i = 1; i <= 3; i++) {
      const failed = await runNow(t, user, m.monitor_id);
      expect(failed).toMatchObject({ status: 'failed', error_code: 'upstream_error', charged: 0, change_id: null });
      expect((await t.call('GET', `/monitors/${m.monitor_id}`, { key: user.key })).json().consecutive_failures).toBe(i);
    }
    const repair = await t.runtime.deps.db.kysely.selectFrom('endpoint_health').selectAll().where('scraper_id', '=', scraperId).executeTakeFirst();
    expect(repair).toMatchObject({ endpoint_name: 'list_products', status: 'repairing' });
    const task = await t.runtime.deps.db.kysely.selectFrom('tasks').select(['task', 'revision_type']).where('id', '=', repair!.repair_task_id!).executeTakeFirstOrThrow();
    expect(task.task).toMatch(/^Self-heal: list_products stopped working \(3 monitor runs failed in a row: upstream_error/);
    expect(task.revision_type).toBe('fix');
    // No change was made of the failures: the next good run is compared with the last good one.
    expect((await t.call('GET', `/monitors/${m.monitor_id}/changes`, { key: user.key })).json().changes).toEqual([]);
    shop.status = 200;
    shop.products = [{ id: 1, name: 'Espresso', price: 4 }, { id: 2, name: 'Filter', price: 9.99 }];
    const good = await runNow(t, user, m.monitor_id);
    expect(good.status).toBe('succeeded');
    const changes = (await t.call('GET', `/monitors/${m.monitor_id}/changes`, { key: user.key })).json().changes;
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ added: [], removed: [], changed: [{ key: 1, fields: { price: { from: 4.5, to: 4 } } }] });
    expect((await t.call('GET', `/monitors/${m.monitor_id}`, { key: user.key })).json().consecutive_failures).toBe(0);
  }, 60_000);
});

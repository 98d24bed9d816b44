/**
 * Issue 26, point 4: no browser process outlives the service. The real server (`npm start`'s
 * src/bin/server.ts, with its embedded worker) runs in a process of its own, builds a site drawn
 * by script (its build renders the page), and executes the rendered endpoint; then it is killed
 * — SIGTERM (the graceful shutdown closes the browser) and SIGKILL (no exit hook runs: the
 * engine's watchdog must end the browser). Every Chromium process the service had must be gone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { createUser } from '../../src/services/accounts.js';
import { createKey } from '../../src/services/keys.js';
import { descendantsRunning, isAlive } from '../../src/fetch/browser/processes.js';
import { createTestDb, type TestDb } from '../helpers/db.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { spaDrawnSite } from '../fixtures/sites/spa-drawn.js';
import { exited, freePort } from '../scale/cluster.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

interface Service {
  proc: ChildProcess;
  base: string;
  key: string;
  site: FixtureSite;
}

async function startService(): Promise<Service> {
  const testDb: TestDb = await createTestDb();
  const site = await startFixtureSite(spaDrawnSite());
  const account = await createUser(testDb.db, systemClock, { email: `kill-${Date.now()}@example.test`, password: 'correct horse battery', plan: 'developer' });
  const key = (await createKey(testDb.db, systemClock, account.id, { name: 'test' })).api_key;
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/bin/server.ts'], {
    env: { ...process.env, ...testDb.env, PORT: String(port), QUARRY_LOG_LEVEL: 'fatal', QUARRY_ALLOW_PRIVATE_TARGETS: '127.0.0.1', QUARRY_RESPECT_ROBOTS: '0', QUARRY_BUILD_TIME_BUDGET_MS: '60000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  cleanups.push(async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    await exited(proc);
    await site.close();
    await testDb.cleanup();
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600 && !(await fetch(`${base}/ready`).then((r) => r.ok, () => false)); i++) await sleep(100);
  return { proc, base, key, site };
}

async function api(s: Service, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${s.base}${path}`, { method, headers: { 'x-api-key': s.key, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return res.json();
}

/** Builds the drawn shop (a render endpoint) and calls it: the service's browser runs. */
async function renderThrough(s: Service): Promise<number[]> {
  const { task_id } = await api(s, 'POST', '/dispatch', { url: `${s.site.url}/`, task: 'list products with name, brand and price' });
  let task: any;
  for (let i = 0; i < 900; i++) {
    task = await api(s, 'GET', `/dispatch/tasks/${task_id}`);
    if (['completed', 'failed', 'cancelled'].includes(task.status)) break;
    await sleep(100);
  }
  expect(task.status, JSON.stringify(task.error ?? task.progress?.log?.slice(-4))).toBe('completed');
  const out = await api(s, 'POST', `/scraper/${task.generated_api.scraper_id}/list_products`, {});
  expect(out.data?.length, JSON.stringify(out).slice(0, 300)).toBeGreaterThan(0);
  const browser = descendantsRunning(s.proc.pid!, 'chromium');
  expect(browser.length).toBeGreaterThan(0);
  return browser;
}

async function allGone(pids: number[], withinMs: number): Promise<number[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const alive = pids.filter(isAlive);
    if (alive.length === 0 || Date.now() > deadline) return alive;
    await sleep(100);
  }
}

describe('no browser process outlives the service', () => {
  it('SIGKILL: the watchdog ends the orphaned browser within a few seconds', { timeout: 180_000 }, async () => {
    const s = await startService();
    const browser = await renderThrough(s);
    s.proc.kill('SIGKILL');
    await exited(s.proc);
    expect(await allGone(browser, 5_000)).toEqual([]);
  });

  it('SIGTERM: the graceful shutdown closes the browser', { timeout: 180_000 }, async () => {
    const s = await startService();
    const browser = await renderThrough(s);
    s.proc.kill('SIGTERM');
    await exited(s.proc);
    expect(await allGone(browser, 2_000)).toEqual([]);
  });
});

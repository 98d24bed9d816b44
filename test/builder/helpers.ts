import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureRoutes, type FixtureSite } from '../helpers/fixture-server.js';

export const TERMINAL = ['completed', 'failed', 'cancelled'];

/** Poll a task until it ends (or `until` says stop), returning the last view. */
export async function waitForTask(
  t: TestApp,
  user: TestUser,
  taskId: string,
  opts: { timeoutMs?: number; until?: (task: any) => boolean } = {},
): Promise<any> {
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    const task = (await t.call('GET', `/dispatch/tasks/${taskId}`, { key: user.key })).json();
    if (TERMINAL.includes(task.status) || opts.until?.(task)) return task;
    if (Date.now() > deadline) throw new Error(`task ${taskId} still ${task.status} after ${opts.timeoutMs ?? 60_000} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function build(t: TestApp, user: TestUser, url: string, task: string, timeoutMs = 60_000): Promise<any> {
  const res = await t.call('POST', '/dispatch', { key: user.key, body: { url, task } });
  if (res.statusCode !== 200) throw new Error(`dispatch answered ${res.statusCode}: ${res.body}`);
  return waitForTask(t, user, res.json().task_id, { timeoutMs });
}

export async function execute(t: TestApp, user: TestUser, scraperId: string, endpoint: string, params: Record<string, unknown>, method = 'POST') {
  if (method === 'GET') {
    const qs = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
    return t.call('GET', `/scraper/${scraperId}/${endpoint}?${qs}`, { key: user.key });
  }
  return t.call('POST', `/scraper/${scraperId}/${endpoint}`, { key: user.key, body: params });
}

export interface BuildService {
  t: TestApp;
  u: TestUser;
  site: FixtureSite;
}

/** For a test file: the service with its worker, a developer and the fixture site, started before its tests and closed after. */
export function useBuildService(routes: () => FixtureRoutes): BuildService {
  const s = {} as BuildService;
  beforeAll(async () => {
    s.t = await startTestApp({ startWorker: true, env: { QUARRY_BUILD_TIME_BUDGET_MS: '30000' } });
    s.u = await s.t.user('developer');
    s.site = await startFixtureSite(routes());
  });
  afterAll(async () => {
    await s.t?.close();
    await s.site?.close();
  });
  return s;
}

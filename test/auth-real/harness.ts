/**
 * What the login-portal build tests share: a real service with its embedded worker on a real
 * database, a paid user who accepted the disclaimer, the portal on 127.0.0.1, and the build
 * flow (dispatch with allow_auth, wait for a state, answer the prompt).
 */
import { expect } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { loginPortal, type LoginPortal, type PortalVariant } from '../fixtures/sites/login-portal.js';

export const postgres = process.env.QUARRY_TEST_DATABASE === 'postgres';
export const TASK = 'List my orders with order number, date placed, total and status, and get one order by id';

export interface Harness {
  t: TestApp;
  sites: FixtureSite[];
  key(): Promise<string>;
  portal(variant: PortalVariant, opts?: { lockAfter?: number }): Promise<{ portal: LoginPortal; site: FixtureSite }>;
  dispatch(key: string, url: string): Promise<string>;
  waitFor(key: string, taskId: string, statuses?: string[]): Promise<any>;
  answer(key: string, taskId: string, response: Record<string, string>): Promise<void>;
  exec(key: string, scraperId: string, endpoint: string, body: unknown, headers?: Record<string, string>): ReturnType<TestApp['call']>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const t = await startTestApp({
    postgres,
    startWorker: true,
    env: { QUARRY_RATE_LIMITS: '0', QUARRY_BUILD_TIME_BUDGET_MS: '40000', QUARRY_API_SESSION_IDLE_MS: '60000' },
  });
  const sites: FixtureSite[] = [];
  const h: Harness = {
    t,
    sites,
    async key() {
      const u = await t.user('developer');
      await t.runtime.deps.db.kysely.updateTable('users').set({ disclaimer_accepted_at: new Date().toISOString() }).where('id', '=', u.userId).execute();
      return u.key;
    },
    async portal(variant, opts) {
      const portal = loginPortal(variant, opts);
      const site = await startFixtureSite(portal.routes);
      sites.push(site);
      return { portal, site };
    },
    async dispatch(key, url) {
      const res = await t.call('POST', '/dispatch', { key, body: { url, task: TASK, allow_auth: true } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().task_id as string;
    },
    async waitFor(key, taskId, statuses = []) {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const task = (await t.call('GET', `/dispatch/tasks/${taskId}`, { key })).json();
        if (statuses.includes(task.status) || ['completed', 'failed', 'cancelled'].includes(task.status)) return task;
        if (Date.now() > deadline) throw new Error(`task still ${task.status}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async answer(key, taskId, response) {
      const res = await t.call('POST', `/dispatch/${taskId}`, { key, body: { user_response: response } });
      expect(res.statusCode, res.body).toBe(200);
    },
    exec: (key, scraperId, endpoint, body, headers = {}) => t.call('POST', `/scraper/${scraperId}/${endpoint}`, { key, body, headers }),
    async close() {
      await t.close();
      for (const s of sites) await s.close();
    },
  };
  return h;
}

/** The prompt's answer carrying the portal account under the prompt's own field names. */
export function credentialsFor(prompt: { fields: Array<{ name: string; type: string }> }, account: { login: string; password: string; otp?: string }, password = account.password): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of prompt.fields) out[f.name] = f.type === 'password' ? password : f.type === 'otp' ? (account.otp ?? '') : account.login;
  return out;
}

export const pairOf = (s: { session_id: string; encryption_key: string }) => ({ 'x-session-id': s.session_id, 'x-encryption-key': s.encryption_key });

/**
 * A login as real sites write it, built end to end through the real service and worker: the
 * portal's CSRF form with a "remember me" box and a 302 -> 303 redirect chain, a consent banner,
 * menus and a footer, and a sign-out link and a sign-out button on every page behind the wall.
 * The build must never request either (the portal counts), and the API's calls neither.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_ACCOUNT, PORTAL_ORDERS } from '../fixtures/sites/login-portal.js';
import { credentialsFor, pairOf, startHarness, type Harness } from './harness.js';

describe('a login site with sign-out links on every page', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('builds without ever requesting a sign-out URL; the API logs in and reads the orders', async () => {
    const key = await h.key();
    const { portal, site } = await h.portal('form');
    const started = Date.now();
    // The account overview: its own content links to the orders, the addresses and "Sign out".
    const taskId = await h.dispatch(key, `${site.url}/account`);
    let task = await h.waitFor(key, taskId, ['needs_input']);
    expect(task.status, task.error).toBe('needs_input');
    expect(task.user_input_prompt.fields.map((f: any) => [f.name, f.type])).toEqual([['username', 'text'], ['password', 'password']]);
    await h.answer(key, taskId, credentialsFor(task.user_input_prompt, PORTAL_ACCOUNT));
    task = await h.waitFor(key, taskId);
    expect(task.status, task.error).toBe('completed');
    console.log(`form login build: ${Date.now() - started} ms`);
    expect(portal.signOutRequests).toBe(0);
    const log = JSON.stringify(task.progress ?? {});
    expect(log).not.toMatch(/Internal error/);

    const endpoints = task.generated_api.endpoints as any[];
    const scraper = task.generated_api.scraper_id;
    const s = await h.exec(key, scraper, 'login', { username: PORTAL_ACCOUNT.login, password: PORTAL_ACCOUNT.password });
    expect(s.statusCode, s.body).toBe(200);
    const list = endpoints.find((e) => e.depends_on_session && /^list_/.test(e.endpoint_name)) ?? endpoints.find((e) => e.depends_on_session);
    const res = await h.exec(key, scraper, list.endpoint_name, list.sample_inputs, pairOf(s.json()));
    expect(res.statusCode, res.body).toBe(200);
    const text = JSON.stringify(res.json().data);
    expect(PORTAL_ORDERS.filter((o) => text.includes(o.number)).length).toBeGreaterThanOrEqual(5);
    // Every call through the session: still no sign-out request, and the session is alive.
    expect(portal.signOutRequests).toBe(0);
    const again = await h.exec(key, scraper, list.endpoint_name, list.sample_inputs, pairOf(s.json()));
    expect(again.statusCode, again.body).toBe(200);
  });
});

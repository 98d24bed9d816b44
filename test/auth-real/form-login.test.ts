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
    const { portal, site } = await h.portal('form', { lockAfter: 2 });
    const started = Date.now();
    // The account overview: its own content links to the orders, the addresses and "Sign out".
    const taskId = await h.dispatch(key, `${site.url}/account`);
    let task = await h.waitFor(key, taskId, ['needs_input']);
    expect(task.status, task.error).toBe('needs_input');
    expect(task.user_input_prompt.fields.map((f: any) => [f.name, f.type])).toEqual([['username', 'text'], ['password', 'password']]);
    // A wrong password: a new prompt that says the site refused it.
    await h.answer(key, taskId, credentialsFor(task.user_input_prompt, PORTAL_ACCOUNT, 'not-my-password'));
    task = await h.waitFor(key, taskId, ['needs_input']);
    expect(task.status, task.error).toBe('needs_input');
    expect(task.user_input_prompt.message).toMatch(/refused/);
    expect(task.user_input_prompt.message).toMatch(/attempt 2 of 3/);
    const buildStarted = Date.now();
    await h.answer(key, taskId, credentialsFor(task.user_input_prompt, PORTAL_ACCOUNT));
    task = await h.waitFor(key, taskId);
    expect(task.status, task.error).toBe('completed');
    console.log(`form login build: ${Date.now() - buildStarted} ms after the answer, ${Date.now() - started} ms in all`);
    expect(portal.signOutRequests).toBe(0);
    // The CSRF token was sent back, "keep me signed in" ticked, and the 302 -> 303 chain followed.
    expect(portal.remembered).toBe(true);
    const paths = site.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`);
    expect(paths).toContain('POST /signin');
    expect(paths).toContain('GET /session/continue');
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

    // The site ends the session: 422 session_invalid, and the session is gone.
    portal.expireAll();
    const expired = await h.exec(key, scraper, list.endpoint_name, list.sample_inputs, pairOf(s.json()));
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error.kind).toBe('session_invalid');

    // At execution, a locked account is a 422 that says so, even with the right password: no loop.
    const wrong = await h.exec(key, scraper, 'login', { username: PORTAL_ACCOUNT.login, password: 'wrong-1' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toMatchObject({ kind: 'input_format_invalid', param: 'password' });
    expect(wrong.json().error.reason).toBeUndefined();
    for (const password of ['wrong-2', PORTAL_ACCOUNT.password]) {
      const locked = await h.exec(key, scraper, 'login', { username: PORTAL_ACCOUNT.login, password });
      expect(locked.statusCode).toBe(422);
      expect(locked.json().error).toMatchObject({ kind: 'input_format_invalid', param: 'password', reason: 'account_locked' });
      expect(locked.json().error.message).toMatch(/locked after too many failed sign-in attempts/);
    }
  });

  it('a locked account fails the build with the reason, without asking again', async () => {
    const key = await h.key();
    const { portal, site } = await h.portal('form', { lockAfter: 2 });
    const taskId = await h.dispatch(key, `${site.url}/account/orders`);
    let task = await h.waitFor(key, taskId, ['needs_input']);
    await h.answer(key, taskId, credentialsFor(task.user_input_prompt, PORTAL_ACCOUNT, 'wrong-1'));
    task = await h.waitFor(key, taskId, ['needs_input']);
    expect(task.status).toBe('needs_input');
    await h.answer(key, taskId, credentialsFor(task.user_input_prompt, PORTAL_ACCOUNT, 'wrong-2'));
    task = await h.waitFor(key, taskId, ['needs_input']);
    expect(task.status).toBe('failed');
    expect(task.error).toMatch(/locked this account/);
    expect(task.error).toMatch(/too many failed sign-in attempts/);
    expect(task.user_input_prompt).toBeNull();
    expect(portal.attempts).toBe(2);
    expect(portal.signOutRequests).toBe(0);
  });

  it('a second step with a one-time code: needs_input asks for it, the API takes it', async () => {
    const key = await h.key();
    const { portal, site } = await h.portal('otp');
    const started = Date.now();
    const taskId = await h.dispatch(key, `${site.url}/account/orders`);
    let task = await h.waitFor(key, taskId, ['needs_input']);
    await h.answer(key, taskId, credentialsFor(task.user_input_prompt, PORTAL_ACCOUNT));
    task = await h.waitFor(key, taskId, ['needs_input']);
    expect(task.status, task.error).toBe('needs_input');
    expect(task.user_input_prompt.fields).toEqual([{ name: 'otp', label: 'Authentication code', type: 'otp', required: true }]);
    await h.answer(key, taskId, { otp: '000000' });
    task = await h.waitFor(key, taskId, ['needs_input']);
    expect(task.status, task.error).toBe('needs_input');
    expect(task.user_input_prompt.message, JSON.stringify(task.user_input_prompt)).toMatch(/refused the one-time code/);
    // The login is replayed whole with the new code: the prompt asks for every field again.
    expect(task.user_input_prompt.fields.map((f: any) => f.name)).toEqual(['username', 'password', 'otp']);
    await h.answer(key, taskId, credentialsFor(task.user_input_prompt, PORTAL_ACCOUNT));
    task = await h.waitFor(key, taskId);
    expect(task.status, task.error).toBe('completed');
    console.log(`otp login build: ${Date.now() - started} ms`);
    expect(portal.signOutRequests).toBe(0);
    const scraper = task.generated_api.scraper_id;
    const login = task.generated_api.endpoints.find((e: any) => e.initiates_session);
    expect(Object.keys(login.input_params.properties)).toContain('otp');
    const s = await h.exec(key, scraper, 'login', { username: PORTAL_ACCOUNT.login, password: PORTAL_ACCOUNT.password, otp: PORTAL_ACCOUNT.otp });
    expect(s.statusCode, s.body).toBe(200);
    const list = task.generated_api.endpoints.find((e: any) => e.depends_on_session && /^list_/.test(e.endpoint_name));
    const res = await h.exec(key, scraper, list.endpoint_name, list.sample_inputs, pairOf(s.json()));
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.stringify(res.json().data)).toContain(PORTAL_ORDERS[0].number);
  });
});

/**
 * Logins a page's script makes, built end to end through the real service and worker:
 * - `bearer`: the sign-in form has no action; its script posts JSON to a login API and keeps the
 *   answered token in localStorage; the account pages are shells whose script sends a visitor
 *   without the token to the sign-in page and fetches the orders from an API with
 *   `Authorization: Bearer`;
 * - `script-cookie`: the script posts the form's fields to a login API (a wrong password is a
 *   200 `{ok: false}`) and sets the session cookie itself with `document.cookie`; the account
 *   pages are server-drawn.
 * Neither build nor API ever requests a sign-out URL (the portal counts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_ACCOUNT, PORTAL_ORDERS } from '../fixtures/sites/login-portal.js';
import { credentialsFor, pairOf, startHarness, type Harness } from './harness.js';

describe('logins made by the page script', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('a JSON login API whose token the app keeps in localStorage and sends as a bearer header', { timeout: 120_000 }, async () => {
    const key = await h.key();
    const { portal, site } = await h.portal('bearer');
    const taskId = await h.dispatch(key, `${site.url}/account/orders`);
    let task = await h.waitFor(key, taskId, ['needs_input']);
    expect(task.status, task.error).toBe('needs_input');
    expect(task.user_input_prompt.message).toMatch(/script sends visitors without a session to a sign-in page \(\/signin\)/);
    expect(task.user_input_prompt.fields.map((f: any) => [f.name, f.type])).toEqual([['email', 'email'], ['password', 'password']]);
    const started = Date.now();
    await h.answer(key, taskId, credentialsFor(task.user_input_prompt, PORTAL_ACCOUNT));
    task = await h.waitFor(key, taskId, ['needs_input']);
    expect(task.status, `${task.error} ${task.user_input_prompt?.message} ${JSON.stringify(task.progress?.log?.slice(-12))}`).toBe('completed');
    console.log(`bearer login build: ${Date.now() - started} ms after the answer`);
    expect(portal.signOutRequests).toBe(0);
    // Once logged in, the build read the orders API with the token, never without it.
    const loggedIn = site.requests.findIndex((r) => r.method === 'POST' && r.path === '/api/auth/login');
    const api = site.requests.slice(loggedIn).filter((r) => r.path.startsWith('/api/orders'));
    expect(api.length).toBeGreaterThan(0);
    expect(api.every((r) => /^Bearer \S+$/.test(String(r.headers.authorization)))).toBe(true);

    const endpoints = task.generated_api.endpoints as any[];
    const scraper = task.generated_api.scraper_id;
    const login = endpoints.find((e) => e.initiates_session);
    expect(Object.keys(login.input_params.properties)).toEqual(['email', 'password']);
    const s = await h.exec(key, scraper, 'login', { email: PORTAL_ACCOUNT.login, password: PORTAL_ACCOUNT.password });
    expect(s.statusCode, s.body).toBe(200);
    const list = endpoints.find((e) => e.depends_on_session && /^list_/.test(e.endpoint_name));
    expect(list, JSON.stringify(endpoints.map((e) => e.endpoint_name))).toBeTruthy();
    const res = await h.exec(key, scraper, list.endpoint_name, list.sample_inputs, pairOf(s.json()));
    expect(res.statusCode, res.body).toBe(200);
    const text = JSON.stringify(res.json().data);
    expect(PORTAL_ORDERS.filter((o) => text.includes(o.number)).length).toBeGreaterThanOrEqual(5);
    // Without a session: 422 session_invalid; the token itself is never in an answer.
    const bare = await h.exec(key, scraper, list.endpoint_name, list.sample_inputs);
    expect(bare.statusCode).toBe(422);
    expect(bare.json().error.kind).toBe('session_invalid');
    expect(portal.issued.some((t) => s.body.includes(t) || res.body.includes(t))).toBe(false);
    // The site revokes the token: 422 session_invalid.
    portal.expireAll();
    const expired = await h.exec(key, scraper, list.endpoint_name, list.sample_inputs, pairOf(s.json()));
    expect(expired.statusCode, expired.body).toBe(422);
    expect(expired.json().error.kind).toBe('session_invalid');
    // A wrong password at execution: 422 naming the password.
    const wrong = await h.exec(key, scraper, 'login', { email: PORTAL_ACCOUNT.login, password: 'nope' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toMatchObject({ kind: 'input_format_invalid', param: 'password' });
    expect(portal.signOutRequests).toBe(0);
  });

  it('a login API whose answer the script turns into the session cookie; a wrong password first', { timeout: 120_000 }, async () => {
    const key = await h.key();
    const { portal, site } = await h.portal('script-cookie', { lockAfter: 3 });
    const taskId = await h.dispatch(key, `${site.url}/account/orders`);
    let task = await h.waitFor(key, taskId, ['needs_input']);
    expect(task.status, task.error).toBe('needs_input');
    // The API answers 200 {ok: false} and warns "2 attempts left before your account is locked": refused, not locked.
    await h.answer(key, taskId, credentialsFor(task.user_input_prompt, PORTAL_ACCOUNT, 'not-my-password'));
    task = await h.waitFor(key, taskId, ['needs_input']);
    expect(task.status, task.error).toBe('needs_input');
    expect(task.user_input_prompt.message).toMatch(/refused/);
    const started = Date.now();
    await h.answer(key, taskId, credentialsFor(task.user_input_prompt, PORTAL_ACCOUNT));
    task = await h.waitFor(key, taskId);
    expect(task.status, task.error).toBe('completed');
    console.log(`script-cookie login build: ${Date.now() - started} ms after the answer`);
    expect(portal.signOutRequests).toBe(0);
    // The form's fields went to the API, not to the sign-in page.
    expect(site.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/auth/login', '/api/auth/login']);

    const scraper = task.generated_api.scraper_id;
    const s = await h.exec(key, scraper, 'login', { email: PORTAL_ACCOUNT.login, password: PORTAL_ACCOUNT.password });
    expect(s.statusCode, s.body).toBe(200);
    const list = (task.generated_api.endpoints as any[]).find((e) => e.depends_on_session && /^list_/.test(e.endpoint_name));
    const res = await h.exec(key, scraper, list.endpoint_name, list.sample_inputs, pairOf(s.json()));
    expect(res.statusCode, res.body).toBe(200);
    const text = JSON.stringify(res.json().data);
    expect(PORTAL_ORDERS.filter((o) => text.includes(o.number)).length).toBeGreaterThanOrEqual(5);
    portal.expireAll();
    const expired = await h.exec(key, scraper, list.endpoint_name, list.sample_inputs, pairOf(s.json()));
    expect(expired.statusCode, expired.body).toBe(422);
    expect(expired.json().error.kind).toBe('session_invalid');
    expect(portal.signOutRequests).toBe(0);
  });
});

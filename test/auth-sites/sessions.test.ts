/**
 * Sessions the caller holds, through the real service (inject) against the login shop on
 * 127.0.0.1: the login endpoint logs in at execution time and answers the pair; protected
 * endpoints read with it; every bad pair is a clear 4xx and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { ACCOUNT, ORDERS, loginShop, type LoginShop } from '../fixtures/sites/login-shop.js';
import { shopRecipe } from './recipes.js';

const postgres = process.env.QUARRY_TEST_DATABASE === 'postgres';

describe('sessions of login-protected APIs', () => {
  let t: TestApp;
  let shop: LoginShop;
  let site: FixtureSite;
  let u: TestUser;
  let scraperId: string;
  const extra: FixtureSite[] = [];

  const importRecipe = async (user: TestUser, recipe: unknown) => {
    const res = await t.call('POST', '/scrapers', { key: user.key, body: recipe });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().scraper_id as string;
  };
  const exec = (id: string, endpoint: string, body: unknown, o: { user?: TestUser; headers?: Record<string, string> } = {}) =>
    t.call('POST', `/scraper/${id}/${endpoint}`, { key: (o.user ?? u).key, body, headers: o.headers });
  const login = async (user = u, id = scraperId) => {
    const res = await exec(id, 'login', { username: ACCOUNT.email, password: ACCOUNT.password }, { user });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { session_id: string; encryption_key: string };
  };
  const pairHeaders = (s: { session_id: string; encryption_key: string }) => ({ 'x-session-id': s.session_id, 'x-encryption-key': s.encryption_key });
  const sessionRows = async () => Number((await t.runtime.deps.db.kysely.selectFrom('api_sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    // Login attempts are limited per API and caller; this file's flows log in often, the limit has its own test.
    t = await startTestApp({ postgres, env: { QUARRY_RATE_LIMITS: '0', QUARRY_API_SESSION_IDLE_MS: '60000' } });
    shop = loginShop('form');
    site = await startFixtureSite(shop.routes);
    u = await t.user('developer');
    scraperId = await importRecipe(u, shopRecipe(site.url));
  });
  afterAll(async () => {
    await t.close();
    await site.close();
    for (const s of extra) await s.close();
  });

  it('logs in through a CSRF-protected form and reads protected pages with the pair (headers or body)', async () => {
    const res = await exec(scraperId, 'login', { username: ACCOUNT.email, password: ACCOUNT.password });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.data).toEqual({ logged_in: true });
    expect(body.session_id).toMatch(/^ses_/);
    expect(body.encryption_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body).not.toContain(ACCOUNT.password);

    const page2 = await exec(scraperId, 'list_orders', { page: 2 }, { headers: pairHeaders(body) });
    expect(page2.statusCode, page2.body).toBe(200);
    expect(page2.json().data.map((o: any) => o.number)).toEqual(ORDERS.slice(5, 10).map((o) => o.number));

    const one = await exec(scraperId, 'get_order', { id: ORDERS[3].id, session_id: body.session_id, encryption_key: body.encryption_key });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toEqual({ number: ORDERS[3].number, total: ORDERS[3].total });

    // The stored row holds ciphertext only: no cookie name/value, no key.
    const row = await t.runtime.deps.db.kysely.selectFrom('api_sessions').selectAll().where('id', '=', body.session_id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(body.encryption_key);
    expect(JSON.stringify(row)).not.toMatch(/sid=|"sid"/);
  });

  it('wrong password: 422 naming the credentials, nothing stored', async () => {
    const before = await sessionRows();
    const res = await exec(scraperId, 'login', { username: ACCOUNT.email, password: 'wrong-password' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ status: 'stale_input', kind: 'input_format_invalid', param: 'password' });
    expect(res.json().error.message).toMatch(/refused/);
    expect(res.headers['x-credits-charged']).toBe('0');
    expect(await sessionRows()).toBe(before);
    const missing = await exec(scraperId, 'login', { username: ACCOUNT.email });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.kind).toBe('input_format_invalid');
  });

  it('half a pair is 400; a forged id, a wrong key, no pair, another account: 422 session_invalid', async () => {
    const s = await login();
    const half = await exec(scraperId, 'list_orders', {}, { headers: { 'x-session-id': s.session_id } });
    expect(half.statusCode).toBe(400);
    expect(half.json()).toEqual({ error: expect.stringMatching(/together/), status_code: 400 });
    const halfBody = await exec(scraperId, 'list_orders', { encryption_key: s.encryption_key });
    expect(halfBody.statusCode).toBe(400);
    // Never in a URL (GET endpoints read the query string): 400, the headers are the way.
    const getApi = await importRecipe(u, { ...shopRecipe(site.url), endpoints: shopRecipe(site.url).endpoints.map((e) => (e.name === 'list_orders' ? { ...e, method: 'GET' } : e)) });
    const inUrl = await t.call('GET', `/scraper/${getApi}/list_orders?session_id=${s.session_id}&encryption_key=${s.encryption_key}`, { key: u.key });
    expect(inUrl.statusCode).toBe(400);
    expect(inUrl.json().error).toMatch(/X-Session-Id/);

    const cases: Array<[string, Record<string, string> | undefined, TestUser?]> = [
      ['forged id', { 'x-session-id': 'ses_forgedforgedforgedforged', 'x-encryption-key': s.encryption_key }],
      ['wrong key', { 'x-session-id': s.session_id, 'x-encryption-key': 'A'.repeat(43) }],
      ['malformed key', { 'x-session-id': s.session_id, 'x-encryption-key': 'not-a-key' }],
      ['no pair', undefined],
      ['injected id', { 'x-session-id': "' or 1=1 --", 'x-encryption-key': s.encryption_key }],
      ['huge id', { 'x-session-id': 'x'.repeat(5000), 'x-encryption-key': 'y'.repeat(5000) }],
    ];
    for (const [what, headers] of cases) {
      const res = await exec(scraperId, 'list_orders', {}, { headers });
      expect(res.statusCode, what).toBe(422);
      expect(res.json().error, what).toMatchObject({ status: 'stale_input', kind: 'session_invalid' });
      expect(res.headers['x-credits-charged']).toBe('0');
    }
    // Another account holding the same API (its own copy) cannot use this account's session.
    const other = await t.user('developer');
    const otherScraper = await importRecipe(other, shopRecipe(site.url));
    const res = await exec(otherScraper, 'list_orders', {}, { user: other, headers: pairHeaders(s) });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.kind).toBe('session_invalid');
    // Nor delete it.
    expect((await t.call('DELETE', `/sessions/${s.session_id}`, { key: other.key })).statusCode).toBe(404);
    // The session still works for its owner.
    expect((await exec(scraperId, 'list_orders', {}, { headers: pairHeaders(s) })).statusCode).toBe(200);
  });

  it('a session the site logged out, or its owner deleted, is 422 and gone; a replay stays 422', async () => {
    const a = await login();
    const b = await login();
    shop.logoutAll();
    const res = await exec(scraperId, 'list_orders', {}, { headers: pairHeaders(a) });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.kind).toBe('session_invalid');
    expect(res.json().error.message).toMatch(/log/i);
    const replay = await exec(scraperId, 'list_orders', {}, { headers: pairHeaders(a) });
    expect(replay.statusCode).toBe(422);
    expect(await t.runtime.deps.db.kysely.selectFrom('api_sessions').select('id').where('id', '=', a.session_id).executeTakeFirst()).toBeUndefined();

    const c = await login();
    const del = await t.call('DELETE', `/sessions/${c.session_id}`, { key: u.key });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ deleted: true });
    expect((await exec(scraperId, 'list_orders', {}, { headers: pairHeaders(c) })).statusCode).toBe(422);
    expect((await t.call('DELETE', `/sessions/${c.session_id}`, { key: u.key })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/sessions/${b.session_id}`, { key: null })).statusCode).toBe(401);
  });

  it('a JSON login API and a one-time code work the same way', async () => {
    const jsonShop = loginShop('json');
    const jsonSite = await startFixtureSite(jsonShop.routes);
    extra.push(jsonSite);
    const jsonApi = await importRecipe(u, shopRecipe(jsonSite.url, 'json'));
    const bad = await exec(jsonApi, 'login', { username: ACCOUNT.email, password: 'nope' });
    expect(bad.statusCode).toBe(422);
    const s = await login(u, jsonApi);
    expect((await exec(jsonApi, 'get_order', { id: ORDERS[0].id }, { headers: pairHeaders(s) })).json().data.number).toBe(ORDERS[0].number);

    const otpShop = loginShop('otp');
    const otpSite = await startFixtureSite(otpShop.routes);
    extra.push(otpSite);
    const otpApi = await importRecipe(u, shopRecipe(otpSite.url, 'otp'));
    const noCode = await exec(otpApi, 'login', { username: ACCOUNT.email, password: ACCOUNT.password });
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json().error).toMatchObject({ kind: 'input_format_invalid', param: 'otp' });
    const wrongCode = await exec(otpApi, 'login', { username: ACCOUNT.email, password: ACCOUNT.password, otp: '000000' });
    expect(wrongCode.statusCode).toBe(422);
    const ok = await exec(otpApi, 'login', { username: ACCOUNT.email, password: ACCOUNT.password, otp: ACCOUNT.otp });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await exec(otpApi, 'list_orders', {}, { headers: pairHeaders(ok.json()) })).json().data).toHaveLength(5);
  });
});

describe('session expiry and the login limit', () => {
  let t: TestApp;
  let site: FixtureSite;

  beforeAll(async () => {
    t = await startTestApp({ postgres, env: { QUARRY_API_SESSION_IDLE_MS: '700' } });
    site = await startFixtureSite(loginShop('form').routes);
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('an idle session expires (422, then swept); a used one lives on', async () => {
    const u = await t.user('developer');
    const id = (await t.call('POST', '/scrapers', { key: u.key, body: shopRecipe(site.url) })).json().scraper_id;
    const s = (await t.call('POST', `/scraper/${id}/login`, { key: u.key, body: { username: ACCOUNT.email, password: ACCOUNT.password } })).json();
    const headers = { 'x-session-id': s.session_id, 'x-encryption-key': s.encryption_key };
    await new Promise((r) => setTimeout(r, 400));
    expect((await t.call('POST', `/scraper/${id}/list_orders`, { key: u.key, body: {}, headers })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 400)); // 800 ms after login, 400 ms after its last use
    expect((await t.call('POST', `/scraper/${id}/list_orders`, { key: u.key, body: {}, headers })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 800));
    const expired = await t.call('POST', `/scraper/${id}/list_orders`, { key: u.key, body: {}, headers });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error).toMatchObject({ kind: 'session_invalid', message: expect.stringMatching(/expired/) });
    expect(await t.runtime.deps.db.kysely.selectFrom('api_sessions').select('id').where('id', '=', s.session_id).executeTakeFirst()).toBeUndefined();
  });

  it('at most 3 login attempts per hour per API and caller: the 4th is 429 limit_type login', async () => {
    const u = await t.user('developer');
    const other = await t.user('developer');
    const id = (await t.call('POST', '/scrapers', { key: u.key, body: shopRecipe(site.url) })).json().scraper_id;
    const attempt = (user: TestUser, password: string) =>
      t.call('POST', `/scraper/${id}/login`, { key: user.key, body: { username: ACCOUNT.email, password } });
    expect((await attempt(u, 'wrong')).statusCode).toBe(422);
    expect((await attempt(u, 'wrong')).statusCode).toBe(422);
    expect((await attempt(u, ACCOUNT.password)).statusCode).toBe(200);
    const limited = await attempt(u, ACCOUNT.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ limit_type: 'login' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another caller has its own count (it reaches 404 on a scraper that is not its own, after no attempt).
    expect((await attempt(other, ACCOUNT.password)).statusCode).toBe(404);
  });
});

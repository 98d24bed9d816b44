/**
 * Serving the dashboard and guarding it: page paths fall back to index.html (with a CSP that
 * allows no inline script), API paths keep their JSON answers, hashed assets are cached for
 * good, the cookie is HttpOnly and SameSite=Lax, and a cookie-authenticated state change that a
 * browser marks as coming from another origin is refused (Fetch Metadata) while non-browser and
 * key clients are untouched. Usage per day for the chart.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { buildWeb } from './browser.js';
import { KEYED_ROUTES } from '../security/keyed-routes.js';

describe('serving the dashboard', () => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    buildWeb();
    t = await startTestApp();
    u = await t.user();
  }, 120_000);
  afterAll(async () => t?.close());

  it('serves index.html at page paths with a CSP that forbids inline scripts', async () => {
    for (const url of ['/', '/login', '/build', '/apis/some-task', '/market/some-api', '/usage']) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers['cache-control']).toBe('no-cache');
      // Every script of the page is a file: nothing inline for the CSP to refuse.
      expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
  });

  it('answers /favicon.ico with an icon, not a 404', async () => {
    const res = await t.call('GET', '/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toMatch(/^<svg /);
  });

  it('keeps the API paths: unknown paths are the JSON 404, keyed routes their 401', async () => {
    const unknown = await t.call('GET', '/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Not Found' });
    const keyed = await t.call('GET', '/dispatch/tasks');
    expect(keyed.json()).toEqual({ error: 'Missing X-API-Key header', status_code: 401 });
    expect((await t.call('GET', '/account')).statusCode).toBe(401);
    expect((await t.call('GET', '/marketplace/apis')).headers['content-type']).toContain('application/json');
  });

  it('serves hashed assets for a year, and nothing outside web/dist/assets', async () => {
    const dir = path.join(t.config.webDistDir, 'assets');
    const js = readdirSync(dir).find((f) => f.endsWith('.js'))!;
    const res = await t.call('GET', `/assets/${js}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toContain('text/javascript');
    expect(res.body).toBe(readFileSync(path.join(dir, js), 'utf8'));
    for (const bad of ['/assets/..%2F..%2Fpackage.json', '/assets/nope.js', '/assets/.env', '/assets/a%2Fb.js']) {
      expect((await t.call('GET', bad)).statusCode, bad).toBe(404);
    }
  });

  it('says how to build the dashboard when web/dist is missing', async () => {
    const bare = await startTestApp({ configure: (c) => ({ ...c, webDistDir: '/nonexistent/web/dist' }) });
    try {
      const res = await bare.call('GET', '/');
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build:web');
    } finally {
      await bare.close();
    }
  });

  it('sets the session cookie HttpOnly and SameSite=Lax (not Secure over plain http), and no token cookie', async () => {
    const res = await t.call('POST', '/auth/signup', { body: { email: 'cookie@example.test', password: 'a long password' } });
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] as string[]);
    const session = cookies.find((c) => c.startsWith('quarry_session='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).not.toMatch(/Secure/);
    expect(cookies).toHaveLength(1);
  });

  it('lets the dashboard session change state from its own origin or from a non-browser, and refuses what a browser marks as another origin', async () => {
    const list = await t.call('GET', '/dispatch/tasks', { headers: { cookie: u.cookie } });
    expect(list.statusCode).toBe(200);
    const body = { url: 'http://127.0.0.1:9/', task: 'anything' };
    const foreign: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      // Sec-Fetch-Site wins over Origin: a same-site page cannot pass by naming this host.
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost:80', host: 'localhost:80' },
      { origin: 'http://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of foreign) {
      const refused = await t.call('POST', '/dispatch', { headers: { cookie: u.cookie, ...headers }, body });
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json().error).toMatch(/Cross-origin request refused/);
    }
    expect((await t.call('GET', '/dispatch/tasks', { headers: { cookie: u.cookie } })).json().total).toBe(0);
    const allowed: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'same-origin', origin: 'http://quarry.test:8080', host: 'quarry.test:8080' },
      { 'sec-fetch-site': 'none' },
      { origin: 'http://quarry.test:8080', host: 'quarry.test:8080' },
      {}, // curl, the SDK, a script: no browser, no page of another site behind it
    ];
    for (const headers of allowed) {
      const ok = await t.call('POST', '/dispatch', { headers: { cookie: u.cookie, ...headers }, body });
      expect(ok.statusCode, `${JSON.stringify(headers)} ${ok.body}`).toBe(200);
    }
    // A key is no ambient credential: even a request marked cross-site passes.
    const viaKey = await t.call('POST', '/dispatch', { key: u.key, headers: { 'sec-fetch-site': 'cross-site' }, body });
    expect(viaKey.statusCode, viaKey.body).toBe(200);
    expect((await t.call('GET', '/dispatch/tasks', { headers: { cookie: u.cookie } })).json().total).toBe(allowed.length + 1);
  });

  it('refuses every state-changing keyed route called with the session cookie from another site', async () => {
    const ids = { taskId: 'some-task', scraperId: '00000000-0000-4000-8000-000000000000' };
    const changing = KEYED_ROUTES.filter((r) => r.method !== 'GET' && !r.path(ids).startsWith('/mcp'));
    expect(changing.length).toBeGreaterThan(10);
    for (const r of changing) {
      const res = await t.app.inject({
        method: r.method,
        url: r.path(ids),
        headers: { cookie: u.cookie, 'sec-fetch-site': 'cross-site' },
        ...(r.body !== undefined ? { payload: r.body as object } : {}),
      });
      expect(res.statusCode, `${r.method} ${r.path(ids)}`).toBe(403);
    }
  });

  it('refuses a log-in, sign-up or log-out posted from another site (login CSRF), not one from here or from a non-browser', async () => {
    const body = { email: 'cross@example.test', password: 'a long password' };
    const foreign: Array<Record<string, string>> = [{ origin: 'http://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }];
    for (const headers of foreign) {
      for (const url of ['/auth/signup', '/auth/login', '/auth/logout']) {
        const res = await t.call('POST', url, { headers, body });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect((await t.call('POST', '/auth/login', { body })).statusCode).toBe(401);
    const here = await t.call('POST', '/auth/signup', { headers: { origin: 'http://quarry.test:8080', host: 'quarry.test:8080', 'sec-fetch-site': 'same-origin' }, body });
    expect(here.statusCode, here.body).toBe(201);
  });

  it('reports usage per day, with zeros on quiet days, and refuses a bad range', async () => {
    const res = await t.call('GET', '/account/usage?days=7', { key: u.key });
    expect(res.statusCode).toBe(200);
    const days = res.json().days;
    expect(days).toHaveLength(7);
    expect(days[6].date).toBe(new Date().toISOString().slice(0, 10));
    expect(days[0]).toEqual({ date: expect.any(String), calls: 0, errors: 0, credits: 0 });
    expect((await t.call('GET', '/account/usage?days=0', { key: u.key })).statusCode).toBe(422);
    expect((await t.call('GET', '/account/usage')).statusCode).toBe(401);
  });
});

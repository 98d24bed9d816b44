import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

describe('accounts and keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  /** The cookie log-in sets, as a client that is no browser sends it back (no token: docs/dashboard.md). */
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    ([] as string[]).concat(res.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');

  describe('happy paths', () => {
    it('signs up, shows the account, creates, lists, uses and revokes a key', async () => {
      const signup = await t.app.inject({
        method: 'POST',
        url: '/auth/signup',
        payload: { email: 'Ada@Example.test', password: 'a long password' },
      });
      expect(signup.statusCode).toBe(201);
      expect(String(signup.headers['set-cookie'])).toMatch(/quarry_session=.*HttpOnly/i);
      const cookie = cookieOf(signup);
      const account = signup.json();
      expect(account).toMatchObject({ email: 'ada@example.test', plan: 'free', credits_remaining: 200, credits_limit: 200 });

      const created = await t.app.inject({ method: 'POST', url: '/account/api-key', headers: { cookie: cookie }, payload: { name: 'ci' } });
      expect(created.statusCode).toBe(201);
      const rec = created.json();
      expect(rec.api_key).toMatch(/^pmx_[A-Za-z0-9_-]{43}$/);
      expect(rec).toHaveProperty('created_at');
      expect(rec.last_used).toBeNull();
      expect(typeof rec.message).toBe('string');
      expect(rec).toHaveProperty('warning');

      const me = await t.call('GET', '/account', { key: rec.api_key });
      expect(me.statusCode).toBe(200);
      expect(me.json().id).toBe(account.id);

      const list = await t.app.inject({ method: 'GET', url: '/account/api-keys', headers: { cookie } });
      expect(list.statusCode).toBe(200);
      const keys = list.json().keys;
      expect(keys).toHaveLength(1);
      expect(JSON.stringify(keys)).not.toContain(rec.api_key);
      expect(keys[0].last_used).not.toBeNull();

      const del = await t.app.inject({ method: 'DELETE', url: `/account/api-keys/${rec.id}`, headers: { cookie: cookie } });
      expect(del.statusCode).toBe(200);
      const after = await t.call('GET', '/dispatch/tasks', { key: rec.api_key });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ error: 'Invalid API key', status_code: 401 });
    });

    it('logs in and out', async () => {
      await t.app.inject({ method: 'POST', url: '/auth/signup', payload: { email: 'bob@example.test', password: 'bob password' } });
      const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'bob@example.test', password: 'bob password' } });
      expect(login.statusCode).toBe(200);
      const cookie = cookieOf(login);
      expect((await t.app.inject({ method: 'GET', url: '/account', headers: { cookie } })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie } })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/account', headers: { cookie } })).statusCode).toBe(401);
    });

    it('accepts the disclaimer once', async () => {
      const u = await t.user();
      const res = await t.app.inject({ method: 'POST', url: '/account/disclaimer', headers: { cookie: u.cookie } });
      expect(res.statusCode).toBe(200);
      const first = res.json().disclaimer_accepted_at;
      expect(first).toEqual(expect.any(String));
      const again = await t.app.inject({ method: 'POST', url: '/account/disclaimer', headers: { cookie: u.cookie } });
      expect(again.json().disclaimer_accepted_at).toBe(first);
    });

    it('creates a key with an expiry and refuses it once expired', async () => {
      const u = await t.user();
      const soon = new Date(Date.now() + 1500).toISOString();
      const res = await t.app.inject({ method: 'POST', url: '/account/api-key', headers: { cookie: u.cookie }, payload: { expires_at: soon } });
      expect(res.statusCode).toBe(201);
      const key = res.json();
      expect(key.warning).toContain('expires');
      expect((await t.call('GET', '/dispatch/tasks', { key: key.api_key })).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 1600));
      const expired = await t.call('GET', '/dispatch/tasks', { key: key.api_key });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ error: 'API key expired', status_code: 401 });
    });
  });

  describe('errors', () => {
    it('refuses a duplicate email, a weak password and a wrong password', async () => {
      const body = { email: 'dup@example.test', password: 'password one' };
      expect((await t.app.inject({ method: 'POST', url: '/auth/signup', payload: body })).statusCode).toBe(201);
      const dup = await t.app.inject({ method: 'POST', url: '/auth/signup', payload: body });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().status_code).toBe(409);
      const weak = await t.app.inject({ method: 'POST', url: '/auth/signup', payload: { email: 'w@example.test', password: 'short' } });
      expect(weak.statusCode).toBe(422);
      expect(weak.json().details[0].field).toBe('password');
      const wrong = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'dup@example.test', password: 'nope nope' } });
      expect(wrong.statusCode).toBe(401);
    });

    it('refuses an expiry in the past and unknown fields', async () => {
      const u = await t.user();
      const past = await t.app.inject({
        method: 'POST',
        url: '/account/api-key',
        headers: { cookie: u.cookie },
        payload: { expires_at: '2001-01-01T00:00:00Z' },
      });
      expect(past.statusCode).toBe(422);
      const before = (await t.app.inject({ method: 'GET', url: '/account/api-keys', headers: { cookie: u.cookie } })).json().keys.length;
      const extra = await t.app.inject({ method: 'POST', url: '/account/api-key', headers: { cookie: u.cookie }, payload: { nope: 1 } });
      expect(extra.statusCode).toBe(422);
      const afterCount = (await t.app.inject({ method: 'GET', url: '/account/api-keys', headers: { cookie: u.cookie } })).json().keys.length;
      expect(afterCount).toBe(before);
    });

    it('revoking an unknown key is 404', async () => {
      const u = await t.user();
      const res = await t.app.inject({ method: 'DELETE', url: '/account/api-keys/nope', headers: { cookie: u.cookie } });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('security', () => {
    it('a key cannot create a key', async () => {
      const u = await t.user();
      const res = await t.call('POST', '/account/api-key', { key: u.key, body: {} });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatch(/session/);
    });

    it('one account cannot revoke another account\'s key', async () => {
      const a = await t.user();
      const b = await t.user();
      const bKeys = (await t.app.inject({ method: 'GET', url: '/account/api-keys', headers: { cookie: b.cookie } })).json().keys;
      const res = await t.app.inject({ method: 'DELETE', url: `/account/api-keys/${bKeys[0].id}`, headers: { cookie: a.cookie } });
      expect(res.statusCode).toBe(404);
      expect((await t.call('GET', '/dispatch/tasks', { key: b.key })).statusCode).toBe(200);
    });

    it('rate limits dashboard log-in attempts per address', async () => {
      let last = 0;
      for (let i = 0; i < 30 && last !== 429; i++) {
        last = (await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'x@example.test', password: 'wrong password' }, remoteAddress: '10.9.9.9' })).statusCode;
      }
      expect(last).toBe(429);
    });
  });
});

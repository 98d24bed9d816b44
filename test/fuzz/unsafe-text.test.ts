/**
 * The known cases behind the fuzz suite: NUL and lone surrogates in JSON strings used to
 * reach the database (PostgreSQL refuses NUL in text) and URL building (encodeURIComponent
 * throws on a lone surrogate) and came back as 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { booksSite } from '../fixtures/sites/books.js';
import { booksRecipe } from '../execution/recipes.js';
import { findUnsafeInput, MAX_INPUT_DEPTH } from '../../src/errors/unsafe-input.js';

describe('text no store can keep', () => {
  let t: TestApp;
  let site: FixtureSite;
  let u: TestUser;
  let scraperId: string;

  beforeAll(async () => {
    t = await startTestApp();
    site = await startFixtureSite(booksSite());
    u = await t.user('developer');
    const res = await t.call('POST', '/scrapers', { key: u.key, body: booksRecipe(site.url) });
    scraperId = res.json().scraper_id;
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  const raw = (url: string, payload: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload });

  it('refuses a query number that coerces to Infinity (1e999) or past 2^53 with 422, on every text part', async () => {
    for (const url of ['/dispatch/tasks?offset=1e999', '/dispatch/tasks?limit=-1e999', '/dispatch/tasks?offset=99999999999999999999']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': u.key } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ status_code: 422 });
    }
  });

  for (const [name, text] of [['NUL', '\\u0000'], ['a lone surrogate', '\\ud800'], ['a lone low surrogate', 'a\\udc00']]) {
    it(`execution refuses ${name} with 422 input_format_invalid, limit headers and no charge`, async () => {
      const res = await raw(`/scraper/${scraperId}/fetch_path`, `{"path":"/index${text}.html"}`, { 'x-api-key': u.key });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({ status: 'stale_input', kind: 'input_format_invalid', param: 'path' });
      expect(res.headers['x-credits-charged']).toBe('0');
      expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
      expect(site.requests.some((r) => r.path.startsWith('/index'))).toBe(false);
    });

    it(`POST /account/api-key refuses ${name} with 422 and creates no key`, async () => {
      const before = (await t.call('GET', '/account/api-keys', { key: u.key })).json();
      const res = await raw('/account/api-key', `{"name":"k${text}"}`, { cookie: u.cookie });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ status_code: 422, details: [{ field: 'name', in: 'body' }] });
      expect(typeof res.json().error).toBe('string');
      expect((await t.call('GET', '/account/api-keys', { key: u.key })).json()).toEqual(before);
    });
  }

  it('accepts a well-formed surrogate pair (an emoji) as text', async () => {
    const res = await raw('/account/api-key', '{"name":"key \\ud83d\\ude00"}', { cookie: u.cookie });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('key 😀');
  });

  it('refuses a NUL in a path id with a 4xx, not a database error', async () => {
    const res = await t.call('GET', '/dispatch/tasks/a%00b', { key: u.key });
    expect(res.statusCode).toBe(422);
  });

  it('walks keys and depth without recursion', () => {
    expect(findUnsafeInput({ ok: ['fine', { 'k\u0000': 1 }] })).toEqual({ path: 'ok.1', problem: 'keys must not contain NUL characters' });
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeInput(deep)?.problem).toContain(`${MAX_INPUT_DEPTH} levels`);
    expect(findUnsafeInput({ a: 'x'.repeat(1_000_000) })).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { booksSite, BOOKS, detailPath } from '../fixtures/sites/books.js';
import { booksRecipe } from './recipes.js';
import { setBalance } from '../../src/services/credits.js';

describe('POST /scraper/{id}/{endpoint}', () => {
  let t: TestApp;
  let site: FixtureSite;
  let u: TestUser;
  let scraperId: string;

  beforeAll(async () => {
    t = await startTestApp();
    site = await startFixtureSite(booksSite());
    u = await t.user('developer');
    const res = await t.call('POST', '/scrapers', { key: u.key, body: booksRecipe(site.url) });
    expect(res.statusCode).toBe(201);
    scraperId = res.json().scraper_id;
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  const exec = (endpoint: string, body: unknown, o: { key?: string; headers?: Record<string, string> } = {}) =>
    t.call('POST', `/scraper/${scraperId}/${endpoint}`, { key: o.key ?? u.key, body, headers: o.headers });

  describe('happy path', () => {
    it('runs a list endpoint and answers {status, data} with limit and credit headers', async () => {
      const res = await exec('list_books', { page: 2 });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status).toBe('success');
      expect(body.data).toHaveLength(8);
      expect(body.data[0]).toEqual({
        title: BOOKS[8].title,
        price: BOOKS[8].price,
        url: `${site.url}${detailPath(BOOKS[8])}`,
      });
      expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
      expect(res.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
      expect(res.headers['x-credits-charged']).toBe('1');
      expect(Number(res.headers['x-credits-remaining'])).toBeGreaterThan(0);
      expect(res.headers['x-quarry-request-id']).toBeDefined();
    });

    it('runs a GET endpoint with query parameters', async () => {
      const b = BOOKS[4];
      const res = await t.call('GET', `/scraper/${scraperId}/get_book?path=${encodeURIComponent(detailPath(b))}`, { key: u.key });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ title: b.title, upc: b.upc });
    });

    it('refuses GET for a POST endpoint', async () => {
      const res = await t.call('GET', `/scraper/${scraperId}/list_books`, { key: u.key });
      expect(res.statusCode).toBe(400);
    });

    it('shows scraper metadata', async () => {
      const res = await t.call('GET', `/scraper/${scraperId}`, { key: u.key });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: scraperId, user_id: u.userId, website: `${site.url}/`, has_script: false, version: 1 });
      expect(res.json().request_flow.endpoints).toHaveLength(3);
    });
  });

  describe('envelope errors', () => {
    it('bad parameters: 422 input_format_invalid naming the parameter, before any upstream request, nothing charged', async () => {
      const before = site.requests.length;
      const res = await exec('list_books', { page: 'two' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        error: { status: 'stale_input', kind: 'input_format_invalid', message: expect.stringContaining('page') },
        status_code: 422,
      });
      expect(res.headers['x-credits-charged']).toBe('0');
      const missing = await exec('get_book', {});
      expect(missing.json().error.kind).toBe('input_format_invalid');
      const notObject = await exec('list_books', [1, 2]);
      expect(notObject.statusCode).toBe(422);
      expect(site.requests.length).toBe(before);
    });

    it('upstream 404 is 422 input_not_found with the status and url', async () => {
      const res = await t.call('GET', `/scraper/${scraperId}/get_book?path=/catalogue/nope_1/index.html`, { key: u.key });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({ status: 'stale_input', kind: 'input_not_found', upstream_status_code: 404 });
      expect(res.json().error.url).toContain('/catalogue/nope_1/index.html');
    });

    it('a required field that extracts to nothing is 500 scraper_bug', async () => {
      const res = await exec('fetch_path', { path: '/robots.txt' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ error: { status: 'error', kind: 'scraper_bug' }, status_code: 500 });
      expect(JSON.stringify(res.json())).not.toMatch(/at .*\.ts:\d+/);
    });

    it('unknown endpoint, unknown scraper and another account\'s scraper are 404', async () => {
      expect((await exec('nope', {})).statusCode).toBe(404);
      const other = await t.user();
      const res = await exec('list_books', {}, { key: other.key });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: `Scraper ${scraperId} not found`, status_code: 404 });
      expect((await t.call('POST', '/scraper/unknown/list_books', { key: u.key, body: {} })).statusCode).toBe(404);
      expect((await t.call('GET', `/scraper/${scraperId}`, { key: other.key })).statusCode).toBe(404);
    });

    it('the session pair rule: only one of session_id / encryption_key is 400', async () => {
      expect((await exec('list_books', { session_id: 'abc' })).statusCode).toBe(400);
      expect((await exec('list_books', {}, { headers: { 'x-encryption-key': 'k' } })).statusCode).toBe(400);
      const both = await exec('list_books', { session_id: 'abc', encryption_key: 'k' });
      expect(both.statusCode).toBe(422);
      expect(both.json().error.kind).toBe('session_invalid');
    });
  });

  describe('versions', () => {
    it('pins API-Snapshot-Version; 400 when not an integer >= 1; 404 when missing', async () => {
      const v2 = booksRecipe(site.url);
      v2.endpoints[1].steps[1] = {
        type: 'extract',
        extract: { kind: 'object', fields: { name: { sources: [{ css: 'h1' }], required: true } } },
      };
      const pushed = await t.call('PUT', `/scrapers/${scraperId}`, { key: u.key, body: v2 });
      expect(pushed.statusCode).toBe(200);
      expect(pushed.json().version).toBe(2);
      const path = `/scraper/${scraperId}/get_book?path=${encodeURIComponent(detailPath(BOOKS[0]))}`;
      expect((await t.call('GET', path, { key: u.key })).json().data).toEqual({ name: BOOKS[0].title });
      const pinned = await t.call('GET', path, { key: u.key, headers: { 'api-snapshot-version': '1' } });
      expect(pinned.json().data).toEqual({ title: BOOKS[0].title, upc: BOOKS[0].upc });
      for (const bad of ['0', '-1', 'abc', '1.5', '']) {
        const res = await t.call('GET', path, { key: u.key, headers: { 'api-snapshot-version': bad } });
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().status_code).toBe(400);
      }
      expect((await t.call('GET', path, { key: u.key, headers: { 'api-snapshot-version': '3' } })).statusCode).toBe(404);
      const versions = (await t.call('GET', `/scrapers/${scraperId}/versions`, { key: u.key })).json().versions;
      expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    });
  });

  describe('credits and limits', () => {
    it('charges the endpoint price on success only, and 402 when the balance is short', async () => {
      const p = await t.user('developer');
      const made = await t.call('POST', '/scrapers', { key: p.key, body: booksRecipe(site.url) });
      const id = made.json().scraper_id;
      await setBalance(t.runtime.deps.db, t.runtime.deps.clock, p.userId, 3, 'test');
      const ok = await t.call('POST', `/scraper/${id}/fetch_path`, { key: p.key, body: { path: '/index.html' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['x-credits-charged']).toBe('2');
      expect(ok.headers['x-credits-remaining']).toBe('1');
      const failed = await t.call('POST', `/scraper/${id}/fetch_path`, { key: p.key, body: { path: '/robots.txt' } });
      expect(failed.statusCode).toBe(402);
      const short = await t.call('POST', `/scraper/${id}/fetch_path`, { key: p.key, body: { path: '/index.html' } });
      expect(short.statusCode).toBe(402);
      expect(short.json()).toEqual({
        error: { message: expect.any(String), credits_required: 2, credits_remaining: 1, retryable: false },
        status_code: 402,
      });
      expect(short.headers['x-credits-charged']).toBe('0');
      expect(short.headers['x-credits-remaining']).toBe('1');
    });

    it('a failing call is not charged', async () => {
      const before = Number((await exec('list_books', {})).headers['x-credits-remaining']);
      const res = await exec('fetch_path', { path: '/robots.txt' });
      expect(res.headers['x-credits-charged']).toBe('0');
      expect(Number(res.headers['x-credits-remaining'])).toBe(before);
    });

    it('the burst bucket answers 429 with limit_type burst and Retry-After', async () => {
      const f = await t.user('free');
      const made = await t.call('POST', '/scrapers', { key: f.key, body: booksRecipe(site.url) });
      const id = made.json().scraper_id;
      let res = await t.call('POST', `/scraper/${id}/list_books`, { key: f.key, body: { page: 'bad' } });
      expect(res.headers['x-ratelimit-daily-remaining']).toBe('99');
      for (let i = 0; i < 40 && res.statusCode !== 429; i++) {
        res = await t.call('POST', `/scraper/${id}/list_books`, { key: f.key, body: { page: 'bad' } });
      }
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ error: { limit_type: 'burst', retry_after: expect.any(Number), error: expect.any(String) }, status_code: 429 });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(res.headers['x-ratelimit-remaining']).toBe('0');
    });
  });

  describe('fuzzed parameters never cause a 5xx', () => {
    it('list_books with arbitrary JSON bodies', async () => {
      const local = await t.user('company');
      const made = await t.call('POST', '/scrapers', { key: local.key, body: booksRecipe(site.url) });
      const id = made.json().scraper_id;
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.dictionary(fc.constantFrom('page', 'max_pages', 'x', 'session_id'), fc.jsonValue(), { maxKeys: 3 }),
            fc.jsonValue(),
          ),
          async (body) => {
            const res = await t.app.inject({
              method: 'POST',
              url: `/scraper/${id}/list_books`,
              headers: { 'x-api-key': local.key, 'content-type': 'application/json' },
              payload: JSON.stringify(body),
            });
            expect(res.statusCode).toBeLessThan(500);
          },
        ),
        { numRuns: 60 },
      );
    });
  });
});

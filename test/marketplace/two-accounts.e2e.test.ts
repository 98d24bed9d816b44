/**
 * The marketplace story end to end, with the real builder on a fixture bookshop: A builds and
 * contributes; B's dispatch of the same site matches and gets a subscribed copy; A asks for more
 * fields (no match, so it builds) and publishes release 2; B sees the update, previews it,
 * merges, rolls back, and merges again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { booksSite, BOOKS } from '../fixtures/sites/books.js';
import { findScraper } from '../../src/services/scrapers.js';
import { waitForTask } from '../builder/helpers.js';

describe('two accounts and one canonical', () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  let books: FixtureSite;

  beforeAll(async () => {
    t = await startTestApp({ startWorker: true, env: { QUARRY_BUILD_TIME_BUDGET_MS: '30000' } });
    a = await t.user('developer');
    b = await t.user('developer');
    books = await startFixtureSite(booksSite());
  });
  afterAll(async () => {
    await t.close();
    await books.close();
  });

  const dispatch = async (user: TestUser, task: string) => {
    const res = await t.call('POST', '/dispatch', { key: user.key, body: { url: `${books.url}/`, task } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const call = (user: TestUser, method: string, path: string, body?: unknown) => t.call(method, path, { key: user.key, body });
  const dataKeys = (endpoint: any) => Object.keys(endpoint.return_schema.properties.data.properties ?? endpoint.return_schema.properties.data.items.properties);

  it('runs the whole story', { timeout: 120_000 }, async () => {
    // 1. A builds and contributes: release 1 of the site's canonical.
    const first = await dispatch(a, 'Get the book details from each book page: title, price');
    expect(first.matched).toBe(false);
    const built = await waitForTask(t, a, first.task_id);
    expect(built.status, built.error).toBe('completed');
    expect(built.marketplace_apis.published).toMatchObject({ version: 1 });
    const listingId = built.marketplace_apis.published.id;
    expect(built.result_marketplace_id).toBe(listingId);
    expect(built.generated_api.marketplace_id).toBe(listingId);
    const aScraper = await findScraper(t.runtime.deps.db.kysely, built.result_scraper_id);
    const detail1 = (await t.call('GET', `/marketplace/apis/${listingId}`)).json();
    expect(aScraper).toMatchObject({ source: 'built', canonical_scraper_id: detail1.canonical_scraper_id, pinned_version: 1 });
    expect(detail1).toMatchObject({ latest_version: 1, name: 'Books to Scrape', primary_category: 'e-commerce', country: 'GB' });
    expect(detail1.front_facing_description).toMatch(/Books to Scrape/);
    const search = (await t.call('GET', '/marketplace/apis?q=books')).json();
    expect(search.items[0].id).toBe(listingId);

    // 2. B dispatches the same site: matched at once, with its own subscribed copy.
    const matched = await dispatch(b, '');
    expect(matched.matched).toBe(true);
    expect(matched.test_inputs.map((x: any) => x.endpoint_name)).toEqual(detail1.apis.map((e: any) => e.endpoint_name));
    const bTask = (await call(b, 'GET', `/dispatch/tasks/${matched.task_id}`)).json();
    expect(bTask).toMatchObject({ status: 'completed', source: 'subscribed', result_marketplace_id: listingId });
    const bCopy = bTask.result_scraper_id;
    const getBook = matched.test_inputs.find((x: any) => x.endpoint_name === 'get_book');
    expect(getBook, JSON.stringify(matched.test_inputs)).toBeDefined();
    const before = await call(b, 'POST', `/scraper/${bCopy}/get_book`, getBook.params);
    expect(before.statusCode, before.body).toBe(200);
    expect(Object.keys(before.json().data).sort()).toEqual(['price', 'title']);
    // The canonical itself is callable by B's key.
    expect((await call(b, 'POST', `/scraper/${detail1.canonical_scraper_id}/get_book`, getBook.params)).statusCode).toBe(200);
    expect((await t.call('GET', `/marketplace/apis/${listingId}`, { key: b.key })).json()).toMatchObject({ user_status: 'subscribed', user_scraper_id: bCopy, pinned_version: 1 });

    // 3. A's same request would match too; asking for fields the canonical lacks builds and contributes.
    expect((await dispatch(a, 'Get the book details from each book page: title and price')).matched).toBe(true);
    const more = await dispatch(a, 'Get the book details from each book page: title, price, availability, upc');
    expect(more.matched).toBe(false);
    const rebuilt = await waitForTask(t, a, more.task_id);
    expect(rebuilt.status, rebuilt.error).toBe('completed');
    expect(rebuilt.marketplace_apis.published).toMatchObject({ id: listingId, version: 2 });
    const detail2 = (await t.call('GET', `/marketplace/apis/${listingId}`)).json();
    expect(detail2.latest_version).toBe(2);
    expect(dataKeys(detail2.apis.find((e: any) => e.endpoint_name === 'get_book'))).toEqual(expect.arrayContaining(['availability', 'upc']));

    // 4. B sees the update (it has called get_book), previews it, merges, rolls back, merges again.
    const updates = (await call(b, 'GET', `/dispatch/tasks/${matched.task_id}/updates`)).json();
    expect(updates).toMatchObject({ canonical_scraper_id: detail1.canonical_scraper_id, latest_version: 2, pinned_version: 1 });
    const update = updates.updates.find((u: any) => u.endpoint_name === 'get_book');
    expect(update).toMatchObject({ type: 'updated', user_has_called: true, breaking: false, from_version: 1, to_version: 2 });

    const preview = await call(b, 'POST', `/dispatch/tasks/${matched.task_id}/preview-update/get_book`, { params: getBook.params });
    expect(preview.json(), preview.body).toMatchObject({ status: 'success', version: 2 });
    const book = BOOKS.find((x) => x.title === preview.json().data.title);
    expect(book, JSON.stringify(preview.json().data)).toBeDefined();
    expect(preview.json().data.upc).toBe(book!.upc);
    expect(Object.keys((await call(b, 'POST', `/scraper/${bCopy}/get_book`, getBook.params)).json().data).sort()).toEqual(['price', 'title']);

    const merged = await call(b, 'POST', `/dispatch/tasks/${matched.task_id}/merge-updates`, { endpoints: ['get_book'] });
    expect(merged.json()).toMatchObject({ merged: 1, endpoints: ['get_book'], code_merged: true, pinned_version: 2 });
    expect((await call(b, 'POST', `/scraper/${bCopy}/get_book`, getBook.params)).json().data.upc).toBe(book!.upc);

    const rolled = await call(b, 'POST', `/dispatch/tasks/${matched.task_id}/rollback-merge`);
    expect(rolled.json()).toMatchObject({ rolled_back: true });
    expect((await call(b, 'POST', `/scraper/${bCopy}/get_book`, getBook.params)).json().data).not.toHaveProperty('upc');
    expect((await call(b, 'POST', `/dispatch/tasks/${matched.task_id}/rollback-merge`)).statusCode).toBe(409);
    expect((await call(b, 'GET', `/dispatch/tasks/${matched.task_id}/updates`)).json().updates.map((u: any) => u.endpoint_name)).toContain('get_book');

    const again = await call(b, 'POST', `/dispatch/tasks/${matched.task_id}/merge-updates`, { endpoints: ['get_book'] });
    expect(again.json()).toMatchObject({ merged: 1, code_merged: true });
    expect((await call(b, 'POST', `/scraper/${bCopy}/get_book`, getBook.params)).json().data.upc).toBe(book!.upc);

    // Trust signals count the real calls on the canonical and its copies.
    await t.runtime.deps.callLog.flush();
    const detail3 = (await t.call('GET', `/marketplace/apis/${listingId}`)).json();
    expect(detail3.trust.calls_30d).toBeGreaterThanOrEqual(6);
    // B's copy only: A's matching dispatch of its own listing answered A's own API, not a subscribed duplicate.
    expect(detail3.trust.subscribers).toBe(1);
    expect(detail3.trust.median_latency_ms).toEqual(expect.any(Number));
    expect(detail3.trust.endpoints_passing).toBe(detail3.endpoint_count);
  });

  it('a build with contributes_to_marketplace false never publishes', { timeout: 60_000 }, async () => {
    const site = await startFixtureSite(booksSite());
    try {
      const res = await t.call('POST', '/dispatch', { key: a.key, body: { url: `${site.url}/`, task: 'Get each book: title, price', contributes_to_marketplace: false } });
      const done = await waitForTask(t, a, res.json().task_id);
      expect(done.status, done.error).toBe('completed');
      expect(done.marketplace_apis).toBeNull();
      expect(done.result_marketplace_id).toBeNull();
      const listed = (await t.call('GET', '/marketplace/apis?limit=200')).json().items;
      expect(listed.some((i: any) => i.source_url.startsWith(site.url))).toBe(false);
    } finally {
      await site.close();
    }
  });
});

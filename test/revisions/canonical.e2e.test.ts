/**
 * A contributing revision of a subscribed copy, end to end with two accounts: A builds and
 * contributes release 1; B subscribes (a matched dispatch) and revises its copy, which becomes a
 * fork and, once its tests pass, publishes release 2; A sees the change under updates and merges
 * it; a private revision of B's fork desyncs it and publishes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { SHELF, shelfSite, shelfState } from '../fixtures/sites/shelf.js';
import { findScraper } from '../../src/services/scrapers.js';
import { CHARGES } from '../../src/config/index.js';
import { balanceOf, revise, waitForTask } from './helpers.js';

describe('revisions and the canonical', () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  let site: FixtureSite;

  beforeAll(async () => {
    t = await startTestApp({ startWorker: true, env: { QUARRY_BUILD_TIME_BUDGET_MS: '60000' } });
    a = await t.user('developer');
    b = await t.user('developer');
    site = await startFixtureSite(shelfSite(shelfState()));
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  const dispatch = async (user: TestUser, task: string) => {
    const res = await t.call('POST', '/dispatch', { key: user.key, body: { url: `${site.url}/`, task } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const call = (user: TestUser, method: string, path: string, body?: unknown) => t.call(method, path, { key: user.key, body });
  const bookParams = (endpoint: any, b: (typeof SHELF)[number]) => ({ [Object.keys(endpoint.input_params.properties)[0]]: `${b.id}-${b.slug}` });

  it('a contributing revision of a subscribed copy forks it and releases to everyone', { timeout: 180_000 }, async () => {
    // A builds and contributes release 1.
    const first = await dispatch(a, 'Get each book page: title, price');
    const built = await waitForTask(t, a, first.task_id);
    expect(built.status, built.error).toBe('completed');
    const listingId = built.marketplace_apis.published.id;
    const canonicalId = (await t.call('GET', `/marketplace/apis/${listingId}`)).json().canonical_scraper_id;

    // B's dispatch of the same site matches: a subscribed copy pinned to release 1.
    const matched = await dispatch(b, '');
    expect(matched.matched).toBe(true);
    const bTask = (await call(b, 'GET', `/dispatch/tasks/${matched.task_id}`)).json();
    expect(bTask.source).toBe('subscribed');
    const bCopy = bTask.result_scraper_id;

    // B revises its copy: a fork, free, and release 2 once its tests pass.
    const start = await balanceOf(t, b);
    const res = await revise(t, b, matched.task_id, 'also return the author');
    expect(res.statusCode, res.body).toBe(200);
    const child = await waitForTask(t, b, res.json().task_id, { timeoutMs: 90_000 });
    expect(child.status, child.error).toBe('completed');
    expect(child).toMatchObject({ source: 'forked', revision_type: 'extend', contributes_to_marketplace: true, result_scraper_id: bCopy });
    expect(child.marketplace_apis.published).toMatchObject({ id: listingId, version: 2 });
    expect(await balanceOf(t, b)).toBe(start);
    expect(await findScraper(t.runtime.deps.db.kysely, bCopy)).toMatchObject({ source: 'forked', canonical_scraper_id: canonicalId });
    const detail = (await t.call('GET', `/marketplace/apis/${listingId}`, { key: b.key })).json();
    expect(detail.latest_version).toBe(2);
    expect(detail.user_status).toBe('forked');
    const canonicalGet = detail.apis.find((e: any) => e.endpoint_name === 'get_book');
    expect(Object.keys(canonicalGet.return_schema.properties.data.properties)).toContain('author');

    // Other subscribers see it under updates; A merges it and gets the author too.
    const updates = (await call(a, 'GET', `/dispatch/tasks/${built.id}/updates`)).json();
    expect(updates.updates.map((u: any) => [u.endpoint_name, u.type])).toContainEqual(['get_book', 'updated']);
    const merged = await call(a, 'POST', `/dispatch/tasks/${built.id}/merge-updates`, { endpoints: ['get_book'] });
    expect(merged.statusCode, merged.body).toBe(200);
    const book = SHELF[9];
    const aGet = (await call(a, 'GET', `/dispatch/tasks/${built.id}`)).json().generated_api.endpoints.find((e: any) => e.endpoint_name === 'get_book');
    const aCall = await call(a, 'POST', `/scraper/${built.result_scraper_id}/get_book`, bookParams(aGet, book));
    expect(aCall.statusCode, aCall.body).toBe(200);
    expect(String(aCall.json().data.author)).toBe(book.author);
    // The canonical itself serves release 2.
    const direct = await call(b, 'POST', `/scraper/${canonicalId}/get_book`, bookParams(canonicalGet, book));
    expect(String(direct.json().data.author)).toBe(book.author);

    // A private revision of B's fork is charged, desyncs it, and publishes nothing.
    const beforePrivate = await balanceOf(t, b);
    const priv = await revise(t, b, matched.task_id, 'rename get_book to fetch_book', false);
    expect(priv.statusCode, priv.body).toBe(200);
    expect(await balanceOf(t, b)).toBe(beforePrivate - CHARGES.privateRevision);
    const privTask = await waitForTask(t, b, priv.json().task_id, { timeoutMs: 90_000 });
    expect(privTask.status, privTask.error).toBe('completed');
    expect(privTask.contributes_to_marketplace).toBe(false);
    expect(privTask.marketplace_apis).toBeNull();
    expect((await t.call('GET', `/marketplace/apis/${listingId}`)).json().latest_version).toBe(2);
    expect(await findScraper(t.runtime.deps.db.kysely, bCopy)).toMatchObject({ contributes_to_marketplace: 0, canonical_scraper_id: null });
  });
});

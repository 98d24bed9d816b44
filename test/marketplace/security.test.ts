/**
 * Marketplace security beyond the shared suite (which checks 401s and 404s on every keyed
 * route): copies stay private to their owner, another account's task routes change nothing,
 * the detail never shows another caller's relationship, listing ids and scraper ids are not
 * interchangeable, and previews spend the caller's execution rate limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { findScraper } from '../../src/services/scrapers.js';
import { contribute, listing } from './helpers.js';
import { getProduct, shopRecipe, shopSite } from './fixtures.js';

describe('marketplace security', () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  let intruder: TestUser;
  let shop: FixtureSite;
  let listingId: string;
  let canonicalId: string;
  let bTask: string;
  let bCopy: string;

  beforeAll(async () => {
    t = await startTestApp();
    [a, b, intruder] = [await t.user('developer'), await t.user('developer'), await t.user('free')];
    shop = await startFixtureSite(shopSite());
    ({ listing_id: listingId, canonical_scraper_id: canonicalId } = (
      await contribute(t, a, shopRecipe(shop.url, [getProduct({ name: 'string' })]))
    ).release);
    ({ task_id: bTask, scraper_id: bCopy } = (await t.call('POST', `/marketplace/apis/${listingId}/subscribe`, { key: b.key })).json());
    await contribute(t, a, shopRecipe(shop.url, [getProduct({ name: 'string', price: 'number' })]));
  });
  afterAll(async () => {
    await t.close();
    await shop.close();
  });

  it("a subscribed copy is its owner's alone", async () => {
    const res = await t.call('POST', `/scraper/${bCopy}/get_product`, { key: intruder.key, body: { id: 1 } });
    expect(res.statusCode).toBe(404);
    expect((await t.call('GET', `/scraper/${bCopy}`, { key: intruder.key })).statusCode).toBe(404);
  });

  it("another account's task routes answer 404 and change nothing", async () => {
    const before = (await findScraper(t.runtime.deps.db.kysely, bCopy))!.latest_version;
    const routes: Array<[string, string, unknown]> = [
      ['GET', 'updates', undefined],
      ['POST', 'preview-update/get_product', { params: { id: 1 } }],
      ['POST', 'merge-updates', { endpoints: ['get_product'] }],
      ['POST', 'rollback-merge', undefined],
    ];
    for (const [method, path, body] of routes) {
      const res = await t.call(method, `/dispatch/tasks/${bTask}/${path}`, { key: intruder.key, body });
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ error: `Task ${bTask} not found`, status_code: 404 });
    }
    expect((await findScraper(t.runtime.deps.db.kysely, bCopy))!.latest_version).toBe(before);
    const own = (await t.call('GET', `/dispatch/tasks/${bTask}/updates`, { key: b.key })).json();
    expect(own.updates.map((u: any) => u.endpoint_name)).toEqual(['get_product']);
  });

  it("the detail shows only the caller's own relationship", async () => {
    expect(await listing(t, listingId, intruder.key)).toMatchObject({ user_status: 'none' });
    expect(await listing(t, listingId, intruder.key)).not.toHaveProperty('user_scraper_id');
    expect(await listing(t, listingId, b.key)).toMatchObject({ user_status: 'subscribed', user_scraper_id: bCopy });
  });

  it('listing ids and scraper ids are not interchangeable', async () => {
    expect((await t.call('POST', `/marketplace/apis/${canonicalId}/subscribe`, { key: b.key })).statusCode).toBe(404);
    expect((await t.call('POST', `/marketplace/apis/${bCopy}/fork`, { key: intruder.key })).statusCode).toBe(404);
    expect((await t.call('GET', `/marketplace/apis/${bCopy}`)).statusCode).toBe(404);
    // A listing id is not an executable scraper.
    expect((await t.call('POST', `/scraper/${listingId}/get_product`, { key: b.key, body: { id: 1 } })).statusCode).toBe(404);
  });

  it("previews spend the caller's execution rate limit", async () => {
    // The free plan's burst bucket holds 30 tokens: the 31st quick preview is refused.
    let limited = null;
    const fork = (await t.call('POST', `/marketplace/apis/${listingId}/fork`, { key: intruder.key })).json();
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await t.call('POST', `/dispatch/tasks/${fork.task_id}/preview-update/get_product`, { key: intruder.key, body: { params: { id: 1 } } });
      if (res.statusCode === 429) limited = res;
      else expect(res.json().status).toBe('success');
    }
    expect(limited?.json().error).toMatchObject({ limit_type: 'burst' });
  });
});

/**
 * Releases: the first contribution creates the canonical and its listing; later ones are new
 * versions of it (same name replaces, new name adds); unchanged contributions release nothing;
 * a linked copy contributes only what it changed; cancelled tasks and opted-out scrapers never
 * publish; canonicals are callable by any key at release versions only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { marketplaceReleaseHook, publishRelease } from '../../src/services/marketplace/index.js';
import { addVersion, createScraper, findScraper, getLatestVersion } from '../../src/services/scrapers.js';
import { MARKETPLACE_USER_ID } from '../../src/services/marketplace/system-account.js';
import { login } from '../../src/services/accounts.js';
import { contribute, listing } from './helpers.js';
import { getProduct, listProducts, SHOP_SITE_INFO, shopRecipe, shopSite } from './fixtures.js';

describe('releases of a canonical', () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  let shop: FixtureSite;

  beforeAll(async () => {
    t = await startTestApp();
    a = await t.user('developer');
    b = await t.user('free');
    shop = await startFixtureSite(shopSite());
  });
  afterAll(async () => {
    await t.close();
    await shop.close();
  });

  it('creates the canonical and its listing on the first contribution, then grows it', async () => {
    const v1 = shopRecipe(shop.url, [getProduct({ name: 'string', price: 'number' })]);
    const first = await contribute(t, a, v1, { site: SHOP_SITE_INFO(new URL(shop.url).host) });
    expect(first.release).toMatchObject({ version: 1, released: true, created: true, endpoints: ['get_product'] });

    const canonical = await findScraper(t.runtime.deps.db.kysely, first.release.canonical_scraper_id);
    expect(canonical).toMatchObject({ source: 'canonical', user_id: MARKETPLACE_USER_ID, latest_version: 1 });
    const mine = await findScraper(t.runtime.deps.db.kysely, first.scraperId);
    expect(mine).toMatchObject({ canonical_scraper_id: canonical!.id, pinned_version: 1, source: 'built' });

    const l1 = await listing(t, first.release.listing_id);
    expect(l1).toMatchObject({
      slug: 'kaffee-laden',
      name: 'Kaffee Laden',
      latest_version: 1,
      endpoint_count: 1,
      canonical_scraper_id: canonical!.id,
      is_authenticated: false,
      primary_category: 'e-commerce',
      country: 'DE',
      description: 'Kaffeemaschinen und Zubehör online kaufen',
    });
    expect(l1.front_facing_description).toMatch(/look up a product \(name, price\)/);
    expect(l1.endpoint_preview).toEqual([{ endpoint_name: 'get_product', method: 'POST', summary: 'Get one product by its id: name, price.' }]);
    expect(l1.trust).toMatchObject({ endpoints_passing: 1, endpoint_count: 1, subscribers: 0, calls_30d: 0, median_latency_ms: null });
    expect(l1.trust.last_verified_at).toBeTruthy();
    expect(l1).not.toHaveProperty('user_status');

    // Another user's build of the same site (other file, same directory) adds and replaces endpoints.
    const v2 = shopRecipe(shop.url, [getProduct({ name: 'string', price: 'number', stock: 'integer' }), listProducts({ name: 'string' })]);
    const second = await contribute(t, b, v2, { url: `${shop.url}/index.html` });
    expect(second.release).toMatchObject({ version: 2, released: true, created: false, listing_id: first.release.listing_id });
    expect(second.release.endpoints.sort()).toEqual(['get_product', 'list_products']);
    const l2 = await listing(t, first.release.listing_id);
    expect(l2.latest_version).toBe(2);
    expect(l2.endpoint_count).toBe(2);
    expect(l2.apis.map((e: any) => e.endpoint_name)).toEqual(['get_product', 'list_products']);
    expect(Object.keys(l2.apis[0].return_schema.properties.data.properties)).toEqual(['name', 'price', 'stock']);
    expect(l2.releases.map((r: any) => r.version)).toEqual([2, 1]);
    expect(l2.updated_at > l1.updated_at).toBe(true);
  });

  it('releases nothing when the contribution changes nothing, but still links the scraper', async () => {
    const site = await startFixtureSite(shopSite());
    try {
      const recipe = shopRecipe(site.url, [getProduct({ name: 'string' })]);
      const first = await contribute(t, a, recipe);
      const again = await contribute(t, b, recipe);
      expect(again.release).toMatchObject({ released: false, version: 1, listing_id: first.release.listing_id, endpoints: [] });
      const copy = await findScraper(t.runtime.deps.db.kysely, again.scraperId);
      expect(copy?.canonical_scraper_id).toBe(first.release.canonical_scraper_id);
    } finally {
      await site.close();
    }
  });

  it('a revised copy contributes only the endpoints it changed, never its stale copies of others', async () => {
    const site = await startFixtureSite(shopSite());
    try {
      const { release } = await contribute(t, a, shopRecipe(site.url, [getProduct({ name: 'string' }), listProducts({ name: 'string' })]));
      const sub = await t.call('POST', `/marketplace/apis/${release.listing_id}/subscribe`, { key: b.key });
      const copyId = sub.json().scraper_id;
      // Upstream improves get_product (release 2) while B's copy stays at release 1.
      await contribute(t, a, shopRecipe(site.url, [getProduct({ name: 'string', price: 'number' })]));
      // B's copy, contributed unchanged, releases nothing and keeps its pin.
      const unchanged = shopRecipe(site.url, [getProduct({ name: 'string' }), listProducts({ name: 'string' })]);
      expect((await contribute(t, b, unchanged, { scraperId: copyId })).release).toMatchObject({ released: false, version: 2 });
      expect((await findScraper(t.runtime.deps.db.kysely, copyId))?.pinned_version).toBe(1);
      // B revises its copy's list_products; its stale get_product must not undo release 2.
      const revised = shopRecipe(site.url, [getProduct({ name: 'string' }), listProducts({ name: 'string', price: 'number' })]);
      const third = await contribute(t, b, revised, { scraperId: copyId });
      expect(third.release).toMatchObject({ version: 3, endpoints: ['list_products'] });
      expect((await findScraper(t.runtime.deps.db.kysely, copyId))?.pinned_version).toBe(3);
      // Its get_product is still based on release 1, so release 2's change is still an update for it.
      const updates = (await t.call('GET', `/dispatch/tasks/${sub.json().task_id}/updates`, { key: b.key })).json();
      expect(updates.updates.map((u: any) => [u.endpoint_name, u.from_version])).toEqual([['get_product', 1]]);
      const detail = await listing(t, release.listing_id);
      const get = detail.apis.find((e: any) => e.endpoint_name === 'get_product');
      expect(Object.keys(get.return_schema.properties.data.properties)).toEqual(['name', 'price']);
    } finally {
      await site.close();
    }
  });

  it('never publishes for a cancelled task or a scraper that opted out', async () => {
    const { db, clock } = t.runtime.deps;
    const site = await startFixtureSite(shopSite());
    try {
      const recipe = shopRecipe(site.url, [getProduct({ name: 'string' })]);
      const dispatched = await t.call('POST', '/dispatch', { key: a.key, body: { url: `${site.url}/`, task: 'x' } });
      const taskId = dispatched.json().task_id;
      await t.call('POST', `/dispatch/tasks/${taskId}/cancel`, { key: a.key });
      expect(await publishRelease(t.runtime.deps, { scraperId: null, recipe, taskId, url: site.url })).toBeNull();
      const optedOut = await createScraper(db.kysely, clock, { userId: a.userId, recipe, source: 'built', reason: 'build', contributesToMarketplace: false });
      expect(await publishRelease(t.runtime.deps, { scraperId: optedOut.id, recipe, taskId: null })).toBeNull();
      const browse = await t.call('GET', '/marketplace/apis?limit=200');
      expect(browse.json().items.some((i: any) => i.source_url.startsWith(site.url))).toBe(false);
    } finally {
      await site.close();
    }
  });

  it('gives each site its own slug', async () => {
    const site = await startFixtureSite(shopSite());
    try {
      const { release } = await contribute(t, a, shopRecipe(site.url, [getProduct({ name: 'string' })]));
      expect(release.slug).not.toBe('kaffee-laden');
      expect(release.slug).toMatch(/^kaffee-laden-127-0-0-1(-\d+)?$/);
      expect((await listing(t, release.slug)).id).toBe(release.listing_id);
    } finally {
      await site.close();
    }
  });

  it('canonicals run for any key, at release versions only', async () => {
    const site = await startFixtureSite(shopSite());
    try {
      const { release } = await contribute(t, a, shopRecipe(site.url, [getProduct({ name: 'string', price: 'number' })]));
      const id = release.canonical_scraper_id;
      const run = await t.call('POST', `/scraper/${id}/get_product`, { key: b.key, body: { id: 2 } });
      expect(run.statusCode, run.body).toBe(200);
      expect(run.json().data).toEqual({ name: 'Milk frother', price: 39.9 });
      expect((await t.call('GET', `/scraper/${id}`, { key: b.key })).json()).toMatchObject({ id, source: 'canonical' });
      const pinned = await t.call('POST', `/scraper/${id}/get_product`, { key: b.key, body: { id: 2 }, headers: { 'api-snapshot-version': '1' } });
      expect(pinned.statusCode).toBe(200);
      // A snapshot of the canonical that is not a release (none is made today; an operator could) is unavailable.
      const { db, clock } = t.runtime.deps;
      const canonical = await findScraper(db.kysely, id);
      await addVersion(db.kysely, clock, id, (await getLatestVersion(db.kysely, canonical!)).recipe, 'maintenance');
      for (const v of ['2', '9']) {
        const res = await t.call('POST', `/scraper/${id}/get_product`, { key: b.key, body: { id: 2 }, headers: { 'api-snapshot-version': v } });
        expect(res.statusCode, v).toBe(404);
      }
      expect((await t.call('POST', `/scraper/${id}/get_product`, { key: null, body: { id: 2 } })).statusCode).toBe(401);
    } finally {
      await site.close();
    }
  });

  it("a revision's release hook runs inside the revision's transaction, all or nothing", async () => {
    const site = await startFixtureSite(shopSite());
    const { db, clock } = t.runtime.deps;
    try {
      const { release } = await contribute(t, a, shopRecipe(site.url, [getProduct({ name: 'string' })]));
      const copyId = (await t.call('POST', `/marketplace/apis/${release.listing_id}/subscribe`, { key: b.key })).json().scraper_id;
      const taskId = (await t.call('POST', '/dispatch', { key: b.key, body: { url: 'http://127.0.0.1:9/', task: 'revision stand-in' } })).json().task_id;
      const revised = shopRecipe(site.url, [getProduct({ name: 'string' }), listProducts({ name: 'string' })]);
      const hook = marketplaceReleaseHook(t.runtime.deps);
      const revise = (fail: boolean) =>
        db.kysely.transaction().execute(async (trx) => {
          await addVersion(trx, clock, copyId, revised, 'revision');
          await hook(trx, { scraper: { id: copyId }, recipe: revised, task: { id: taskId } });
          if (fail) throw new Error('the revision failed after releasing');
        });
      await expect(revise(true)).rejects.toThrow(/failed after releasing/);
      expect((await listing(t, release.listing_id)).latest_version).toBe(1);
      await revise(false);
      const detail = await listing(t, release.listing_id);
      expect(detail).toMatchObject({ latest_version: 2, endpoint_count: 2 });
      expect(detail.trust).toMatchObject({ endpoint_count: 2, endpoints_passing: 2 });
      expect(detail.releases[0]).toMatchObject({ version: 2, endpoints: ['list_products'] });
      const task = (await t.call('GET', `/dispatch/tasks/${taskId}`, { key: b.key })).json();
      expect(task.marketplace_apis).toEqual({ published: { id: release.listing_id, slug: release.slug, version: 2 } });
      expect((await t.call('GET', `/marketplace/apis?q=${encodeURIComponent('list products')}&limit=200`)).json().items.map((i: any) => i.id)).toContain(release.listing_id);
    } finally {
      await site.close();
    }
  });

  it('the marketplace account can never log in', async () => {
    const { db, clock } = t.runtime.deps;
    await expect(login(db, clock, 60_000, 'marketplace@system.quarry.invalid', '')).rejects.toMatchObject({ code: 'unauthorized' });
  });
});

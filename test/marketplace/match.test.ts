/**
 * Dispatch matching: a URL whose site a canonical covers answers at once with a completed task
 * whose API is the caller's subscribed copy; a task asking for more, another section of the
 * host, or a private build queues a build and reports what exists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { findScraper } from '../../src/services/scrapers.js';
import { contribute } from './helpers.js';
import { getProduct, shopRecipe, shopSite } from './fixtures.js';

describe('dispatch matching', () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  let shop: FixtureSite;
  let listingId: string;
  let canonicalId: string;

  const dispatch = (user: TestUser, body: Record<string, unknown>) => t.call('POST', '/dispatch', { key: user.key, body });
  const task = async (user: TestUser, id: string) => (await t.call('GET', `/dispatch/tasks/${id}`, { key: user.key })).json();
  const jobsOf = (taskId: string) => t.runtime.deps.db.kysely.selectFrom('jobs').select('id').where('task_id', '=', taskId).execute();

  beforeAll(async () => {
    t = await startTestApp();
    a = await t.user('developer');
    b = await t.user('developer');
    shop = await startFixtureSite(shopSite());
    const { release } = await contribute(t, a, shopRecipe(shop.url, [getProduct({ name: 'string', price: 'number' })]), { url: `${shop.url}/` });
    ({ listing_id: listingId, canonical_scraper_id: canonicalId } = release);
  });
  afterAll(async () => {
    await t.close();
    await shop.close();
  });

  it('matches a covered URL at once: a completed task with the caller’s subscribed copy', async () => {
    const res = await dispatch(b, { url: `${shop.url}/index.html` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({ task_id: expect.any(String), matched: true, test_inputs: [{ endpoint_name: 'get_product', params: { id: 1 } }], may_require_auth: false });
    const view = await task(b, body.task_id);
    expect(view).toMatchObject({
      status: 'completed',
      source: 'subscribed',
      result_marketplace_id: listingId,
      contributes_to_marketplace: true,
      marketplace_apis: { published: null, subscribed: { id: listingId, slug: 'kaffee-laden', version: 1 } },
      existing_marketplace_apis: { matches: [{ id: listingId, slug: 'kaffee-laden', name: 'Kaffee Laden', source_url: `${shop.url}/`, endpoint_count: 1, score: 1 }] },
    });
    expect(view.generated_api).toMatchObject({ scraper_id: view.result_scraper_id, marketplace_id: listingId });
    const copy = await findScraper(t.runtime.deps.db.kysely, view.result_scraper_id);
    expect(copy).toMatchObject({ user_id: b.userId, source: 'subscribed', canonical_scraper_id: canonicalId, pinned_version: 1 });
    expect(await jobsOf(body.task_id)).toEqual([]);
    const run = await t.call('POST', `/scraper/${copy!.id}/get_product`, { key: b.key, body: { id: 1 } });
    expect(run.json().data).toEqual({ name: 'Espresso machine', price: 249.5 });
    // The caller's tasks list it like any other API.
    const list = (await t.call('GET', '/dispatch/tasks', { key: b.key })).json();
    expect(list.tasks.map((x: any) => x.id)).toContain(body.task_id);
  });

  it('a task the canonical covers matches too, and reuses the subscription', async () => {
    const first = await task(b, (await dispatch(b, { url: `${shop.url}/`, task: 'Get each product: name and price' })).json().task_id);
    const second = await dispatch(b, { url: `${shop.url}/`, task: 'product name, price' });
    expect(second.json().matched).toBe(true);
    expect((await task(b, second.json().task_id)).result_scraper_id).toBe(first.result_scraper_id);
    expect(first.status).toBe('completed');
  });

  it('a task asking for fields the canonical lacks builds, and reports the canonical', async () => {
    const res = await dispatch(b, { url: `${shop.url}/`, task: 'Get each product: name, price and brand' });
    expect(res.json()).toMatchObject({ matched: false, test_inputs: [] });
    const view = await task(b, res.json().task_id);
    expect(view.status).toBe('queued');
    expect(view.existing_marketplace_apis.matches).toEqual([expect.objectContaining({ id: listingId, score: expect.any(Number) })]);
    expect(view.existing_marketplace_apis.matches[0].score).toBeLessThan(1);
    expect(await jobsOf(res.json().task_id)).toHaveLength(1);
  });

  it('another section of the same host does not match, but is reported', async () => {
    const res = await dispatch(b, { url: `${shop.url}/api/products` });
    expect(res.json().matched).toBe(false);
    const view = await task(b, res.json().task_id);
    expect(view.existing_marketplace_apis.matches).toEqual([expect.objectContaining({ id: listingId, score: 0.5 })]);
  });

  it('a private build (contributes_to_marketplace false) never matches; other hosts report nothing', async () => {
    const privateBuild = await dispatch(b, { url: `${shop.url}/`, contributes_to_marketplace: false });
    expect(privateBuild.json().matched).toBe(false);
    expect((await task(b, privateBuild.json().task_id)).existing_marketplace_apis.matches).toHaveLength(1);
    const elsewhere = await dispatch(b, { url: 'http://127.0.0.1:9/' });
    expect(elsewhere.json().matched).toBe(false);
    expect((await task(b, elsewhere.json().task_id)).existing_marketplace_apis).toEqual({ matches: [] });
  });

  it('may_require_auth comes from the canonical', async () => {
    const site = await startFixtureSite(shopSite());
    try {
      const recipe = shopRecipe(site.url, [
        {
          ...getProduct({ name: 'string' }),
          name: 'login',
          initiates_session: true,
          description: 'Log in.',
          steps: [{ type: 'login', url: '/login', form: { user: '{user}' } }],
          input_params: { type: 'object', properties: { user: { type: 'string' } } },
          sample_inputs: {},
        },
        { ...getProduct({ name: 'string' }), depends_on_session: 'login' },
      ]);
      await contribute(t, a, recipe);
      const res = await dispatch(b, { url: `${site.url}/` });
      expect(res.json()).toMatchObject({ matched: true, may_require_auth: true });
      expect((await task(b, res.json().task_id)).auth_enabled).toBe(true);
    } finally {
      await site.close();
    }
  });
});

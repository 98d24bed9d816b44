/**
 * Upstream updates of a subscribed copy: list (new / updated, user_has_called, breaking),
 * preview (the canonical runs, the copy is untouched), merge (a new version, code_merged),
 * rollback (only the latest merge; 409 after), and a fork's own code kept on spec-only merges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { addVersion, findScraper, getLatestVersion, listVersions } from '../../src/services/scrapers.js';
import { importRecipe } from '../../src/services/recipes.js';
import { contribute, listing } from './helpers.js';
import { getProduct, listProducts, shopRecipe, shopSite } from './fixtures.js';

describe('updates, preview, merge and rollback', () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;
  let shop: FixtureSite;
  let listingId: string;
  let bTask: string;
  let bCopy: string;

  const updates = async (user: TestUser, taskId: string) => {
    const res = await t.call('GET', `/dispatch/tasks/${taskId}/updates`, { key: user.key });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const merge = (user: TestUser, taskId: string, endpoints: unknown) =>
    t.call('POST', `/dispatch/tasks/${taskId}/merge-updates`, { key: user.key, body: { endpoints } });
  const rollback = (user: TestUser, taskId: string) => t.call('POST', `/dispatch/tasks/${taskId}/rollback-merge`, { key: user.key });
  const run = (user: TestUser, scraperId: string, endpoint: string, body: unknown) =>
    t.call('POST', `/scraper/${scraperId}/${endpoint}`, { key: user.key, body });

  beforeAll(async () => {
    t = await startTestApp();
    [a, b, c] = [await t.user('developer'), await t.user('developer'), await t.user('developer')];
    shop = await startFixtureSite(shopSite());
    listingId = (await contribute(t, a, shopRecipe(shop.url, [getProduct({ name: 'string', price: 'number' })]))).release.listing_id;
    const sub = await t.call('POST', `/marketplace/apis/${listingId}/subscribe`, { key: b.key });
    expect(sub.statusCode, sub.body).toBe(200);
    ({ task_id: bTask, scraper_id: bCopy } = sub.json());
  });
  afterAll(async () => {
    await t.close();
    await shop.close();
  });

  it('a fresh subscription has no updates; subscribing again returns the same copy', async () => {
    const again = await t.call('POST', `/marketplace/apis/kaffee-laden/subscribe`, { key: b.key });
    expect(again.json()).toEqual({ scraper_id: bCopy, canonical_scraper_id: expect.any(String), task_id: bTask, source: 'subscribed', pinned_version: 1 });
    expect((await t.call('POST', '/marketplace/apis/no-such-api/subscribe', { key: b.key })).json()).toEqual({
      error: 'Marketplace API no-such-api not found',
      status_code: 404,
    });
    expect(await updates(b, bTask)).toMatchObject({ updates: [], latest_version: 1, pinned_version: 1, marketplace_id: listingId });
  });

  it('lists new and updated endpoints after a release, with user_has_called from real calls', async () => {
    expect((await run(b, bCopy, 'get_product', { id: 1 })).statusCode).toBe(200);
    await contribute(t, a, shopRecipe(shop.url, [getProduct({ name: 'string', price: 'number', stock: 'integer' }), listProducts({ name: 'string' })]));
    const body = await updates(b, bTask);
    expect(body.latest_version).toBe(2);
    expect(body.pinned_version).toBe(1);
    expect(body.updates).toEqual([
      {
        endpoint_name: 'get_product',
        type: 'updated',
        description: 'Get one product by its id: name, price, stock.',
        method: 'POST',
        user_has_called: true,
        breaking: false,
        breaking_changes: [],
        from_version: 1,
        to_version: 2,
      },
      expect.objectContaining({ endpoint_name: 'list_products', type: 'new', user_has_called: false, from_version: null, to_version: 2 }),
    ]);
  });

  it('previews the canonical endpoint without touching the copy', async () => {
    const res = await t.call('POST', `/dispatch/tasks/${bTask}/preview-update/get_product`, { key: b.key, body: { params: { id: 3 } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { name: 'Coffee grinder', price: 89, stock: 12 }, sample_inputs: { id: 1 }, version: 2 });
    const defaults = await t.call('POST', `/dispatch/tasks/${bTask}/preview-update/list_products`, { key: b.key });
    expect(defaults.json()).toMatchObject({ status: 'success', data: [{ name: 'Espresso machine' }, { name: 'Milk frother' }, { name: 'Coffee grinder' }] });
    const bad = await t.call('POST', `/dispatch/tasks/${bTask}/preview-update/get_product`, { key: b.key, body: { params: { id: 'x' } } });
    expect(bad.json()).toMatchObject({ status: 'error', data: null, error: { status: 'stale_input', kind: 'input_format_invalid' } });
    const missing = await t.call('POST', `/dispatch/tasks/${bTask}/preview-update/get_nothing`, { key: b.key, body: { params: {} } });
    expect(missing.statusCode).toBe(404);
    // The copy still answers with its own contract.
    expect((await run(b, bCopy, 'get_product', { id: 3 })).json().data).toEqual({ name: 'Coffee grinder', price: 89 });
    expect((await run(b, bCopy, 'list_products', {})).statusCode).toBe(404);
  });

  it('merges chosen endpoints into a new version; 422 for endpoints without an update', async () => {
    for (const endpoints of [[], ['get_nothing'], 'get_product', [1]]) {
      const res = await merge(b, bTask, endpoints);
      expect(res.statusCode, JSON.stringify(endpoints)).toBe(422);
      expect(res.json().details.length).toBeGreaterThan(0);
    }
    const before = (await findScraper(t.runtime.deps.db.kysely, bCopy))!.latest_version;
    const res = await merge(b, bTask, ['list_products']);
    expect(res.json()).toEqual({ merged: 1, endpoints: ['list_products'], code_merged: true, version: before + 1, pinned_version: 2 });
    expect((await run(b, bCopy, 'list_products', {})).json().data).toHaveLength(3);
    expect((await updates(b, bTask)).updates.map((u: any) => u.endpoint_name)).toEqual(['get_product']);
    const task = (await t.call('GET', `/dispatch/tasks/${bTask}`, { key: b.key })).json();
    expect(task.generated_api.endpoints.map((e: any) => e.endpoint_name)).toEqual(['get_product', 'list_products']);
  });

  it('rolls back only the latest merge, as a new version; a second rollback is 409', async () => {
    const res = await rollback(b, bTask);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rolled_back: true });
    const versions = await listVersions(t.runtime.deps.db.kysely, bCopy);
    expect(versions.map((v) => v.reason)).toEqual(['rollback', 'merge', 'subscribe']);
    expect((await run(b, bCopy, 'list_products', {})).statusCode).toBe(404);
    expect((await updates(b, bTask)).updates.map((u: any) => u.endpoint_name)).toEqual(['get_product', 'list_products']);
    const again = await rollback(b, bTask);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already rolled back/);
  });

  it('merges again, and the listing shows the new pin', async () => {
    const res = await merge(b, bTask, ['get_product', 'list_products', 'get_product']);
    expect(res.json()).toMatchObject({ merged: 2, endpoints: ['get_product', 'list_products'], code_merged: true, pinned_version: 2 });
    expect((await run(b, bCopy, 'get_product', { id: 3 })).json().data).toEqual({ name: 'Coffee grinder', price: 89, stock: 12 });
    expect((await updates(b, bTask)).updates).toEqual([]);
    expect(await listing(t, listingId, b.key)).toMatchObject({ user_status: 'subscribed', user_scraper_id: bCopy, pinned_version: 2 });
  });

  it('flags an update that drops or retypes a field the copy has as breaking', async () => {
    await contribute(t, a, shopRecipe(shop.url, [getProduct({ name: 'string', price: 'string' })]));
    const [u] = (await updates(b, bTask)).updates;
    expect(u).toMatchObject({ endpoint_name: 'get_product', type: 'updated', breaking: true, from_version: 2, to_version: 3 });
    expect(u.breaking_changes).toEqual(
      expect.arrayContaining([
        { field: 'data.stock', change: 'removed' },
        { field: 'data.price', change: 'retyped', from: 'number', to: 'string' },
      ]),
    );
  });

  it("a spec-only update keeps a fork's own code (code_merged false)", async () => {
    const fork = await t.call('POST', `/marketplace/apis/${listingId}/fork`, { key: c.key });
    expect(fork.json()).toMatchObject({ source: 'forked', pinned_version: 3 });
    const { scraper_id: forkId, task_id: forkTask } = fork.json();
    const { db, clock } = t.runtime.deps;
    // C edits its fork: get_product reads the brand as the name.
    const own = shopRecipe(shop.url, [getProduct({ name: 'string', price: 'string' }, { paths: { name: 'brand' } })]);
    await addVersion(db.kysely, clock, forkId, own, 'revision');
    // Upstream rewrites only the description.
    await contribute(t, a, shopRecipe(shop.url, [getProduct({ name: 'string', price: 'string' }, { description: 'One product of the shop, by id.' })]));
    const [u] = (await updates(c, forkTask)).updates;
    expect(u).toMatchObject({ endpoint_name: 'get_product', type: 'updated', breaking: false });
    const res = await merge(c, forkTask, ['get_product']);
    expect(res.json()).toMatchObject({ merged: 1, code_merged: false });
    const merged = (await getLatestVersion(db.kysely, (await findScraper(db.kysely, forkId))!)).recipe.endpoints[0];
    expect(merged.description).toBe('One product of the shop, by id.');
    expect((await run(c, forkId, 'get_product', { id: 2 })).json().data.name).toBe('Froth & Co');
    // The fork changed after... nothing: its latest change is the merge, so it can be rolled back.
    expect((await rollback(c, forkTask)).statusCode).toBe(200);
  });

  it('rollback is 409 when nothing was merged, or when the copy changed after its merge', async () => {
    const fresh = await t.call('POST', `/marketplace/apis/${listingId}/fork`, { key: c.key });
    const none = await rollback(c, fresh.json().task_id);
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toMatch(/no updates were merged/);
    await contribute(t, a, shopRecipe(shop.url, [getProduct({ name: 'string', price: 'string' }), listProducts({ name: 'string', price: 'number' })]));
    expect((await merge(c, fresh.json().task_id, ['list_products'])).statusCode).toBe(200);
    const { db, clock } = t.runtime.deps;
    const copy = (await findScraper(db.kysely, fresh.json().scraper_id))!;
    await addVersion(db.kysely, clock, copy.id, (await getLatestVersion(db.kysely, copy)).recipe, 'revision');
    const changed = await rollback(c, fresh.json().task_id);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error).toMatch(/changed after its latest merge/);
  });

  it('409 for a task that is not completed or whose API follows no canonical', async () => {
    const queued = await t.call('POST', '/dispatch', { key: b.key, body: { url: 'http://127.0.0.1:9/', task: 'x' } });
    const q = await t.call('GET', `/dispatch/tasks/${queued.json().task_id}/updates`, { key: b.key });
    expect(q.statusCode).toBe(409);
    const { db } = t.runtime.deps;
    const own = await importRecipe(t.runtime.deps, b.userId, shopRecipe(shop.url, [getProduct({ name: 'string' })]));
    await db.kysely.updateTable('tasks').set({ status: 'completed', result_scraper_id: own.scraper_id }).where('id', '=', queued.json().task_id).execute();
    for (const [method, path] of [['GET', 'updates'], ['POST', 'merge-updates'], ['POST', 'rollback-merge'], ['POST', 'preview-update/get_product']] as const) {
      const res = await t.call(method, `/dispatch/tasks/${queued.json().task_id}/${path}`, {
        key: b.key,
        ...(path === 'merge-updates' ? { body: { endpoints: ['get_product'] } } : {}),
      });
      expect(res.statusCode, path).toBe(409);
      expect(res.json().error, path).toMatch(/does not follow a marketplace API/);
    }
  });
});

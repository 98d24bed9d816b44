/**
 * Removing APIs and tasks (docs/decisions.md, "Removing APIs and tasks"), through the real
 * service on a real fixture shop: the owner archives and restores an API (its calls refused
 * meanwhile, its MCP tools and the self-heal sweep leave it out), a marketplace subscriber keeps
 * calling, subscribing to your own API is a 409, finished tasks are deleted, and usage per API.
 * Another account gets 404 everywhere. Runs on SQLite and (QUARRY_TEST_DATABASE=postgres) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { contribute } from '../marketplace/helpers.js';
import { getProduct, shopRecipe, shopSite } from '../marketplace/fixtures.js';
import { newTaskRow } from '../../src/services/task-rows.js';
import { newId } from '../../src/clock.js';
import { listCallerApis } from '../../src/mcp/catalog.js';
import { sweepOnce } from '../../src/services/revisions/index.js';

describe('removing APIs and tasks', () => {
  let t: TestApp;
  let site: FixtureSite;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    [t, site] = await Promise.all([startTestApp({ env: { QUARRY_RATE_LIMITS: '0' } }), startFixtureSite(shopSite())]);
    owner = await t.user('developer');
    other = await t.user('developer');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  const seedTask = async (user: TestUser, status: 'completed' | 'failed' | 'cancelled' | 'running', scraperId: string | null = null) => {
    const id = newId();
    await t.runtime.deps.db.kysely
      .insertInto('tasks')
      .values(newTaskRow({ id, user_id: user.userId, url: `${site.url}/`, task: 'products', now: new Date().toISOString(), status, result_scraper_id: scraperId }))
      .execute();
    return id;
  };
  const callProduct = (user: TestUser, scraperId: string, id = 1) => t.call('POST', `/scraper/${scraperId}/get_product`, { key: user.key, body: { id } });

  it('archives and restores an API; its subscribers keep calling; nobody else can touch it', async () => {
    const { scraperId, release } = await contribute(t, owner, shopRecipe(`${site.url}/archive`, [getProduct({ name: 'string', price: 'number' })]));
    const taskId = await seedTask(owner, 'completed', scraperId);
    expect((await callProduct(owner, scraperId)).statusCode).toBe(200);
    const sub = await t.call('POST', `/marketplace/apis/${release.listing_id}/subscribe`, { key: other.key });
    expect(sub.statusCode, sub.body).toBe(200);
    const copyId = sub.json().scraper_id as string;

    // Another account: the same 404 as an unknown id, and nothing changes.
    for (const [method, path] of [['DELETE', `/scraper/${scraperId}`], ['POST', `/scraper/${scraperId}/restore`], ['DELETE', '/scraper/no-such-api']] as const) {
      const res = await t.call(method, path, { key: method === 'DELETE' && path.endsWith('no-such-api') ? owner.key : other.key });
      expect(res.statusCode, path).toBe(404);
    }
    expect((await callProduct(owner, scraperId)).statusCode).toBe(200);

    const archived = await t.call('DELETE', `/scraper/${scraperId}`, { key: owner.key });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ scraper_id: scraperId, archived: true });
    const archivedAt = archived.json().archived_at as string;
    expect(Date.parse(archivedAt)).not.toBeNaN();
    // Idempotent: archiving again answers the first time.
    expect((await t.call('DELETE', `/scraper/${scraperId}`, { key: owner.key })).json()).toEqual({ scraper_id: scraperId, archived: true, archived_at: archivedAt });

    // The owner's calls are refused with what to do; the task and the metadata say when.
    const refused = await callProduct(owner, scraperId);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain(`restore it (POST /scraper/${scraperId}/restore)`);
    expect((await t.call('GET', `/dispatch/tasks/${taskId}`, { key: owner.key })).json()).toMatchObject({ archived_at: archivedAt, generated_api: { scraper_id: scraperId } });
    expect((await t.call('GET', `/scraper/${scraperId}`, { key: owner.key })).json()).toMatchObject({ archived_at: archivedAt });
    expect((await listCallerApis(t.runtime.deps, owner.userId)).map((a) => a.id)).not.toContain(scraperId);
    // A revision of an archived API waits for its restore.
    const revise = await t.call('POST', `/dispatch/tasks/${taskId}/revise`, { key: owner.key, body: { revision: 'add the brand' } });
    expect(revise.statusCode, revise.body).toBe(409);
    expect(revise.json().error).toMatch(/archived/);

    // The release stays for its subscriber.
    const subscriberCall = await callProduct(other, copyId);
    expect(subscriberCall.statusCode, subscriberCall.body).toBe(200);
    expect(subscriberCall.json().data).toMatchObject({ name: 'Espresso machine', price: 249.5 });

    const restored = await t.call('POST', `/scraper/${scraperId}/restore`, { key: owner.key });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ scraper_id: scraperId, archived: false, archived_at: null });
    expect((await t.call('POST', `/scraper/${scraperId}/restore`, { key: owner.key })).json()).toEqual({ scraper_id: scraperId, archived: false, archived_at: null });
    expect((await callProduct(owner, scraperId)).statusCode).toBe(200);
    expect((await t.call('GET', `/dispatch/tasks/${taskId}`, { key: owner.key })).json().archived_at).toBeNull();
    expect((await listCallerApis(t.runtime.deps, owner.userId)).map((a) => a.id)).toContain(scraperId);
  });

  it('refuses subscribing to your own API, archived or not, and a subscriber re-subscribing gets its own copy back', async () => {
    const { scraperId, release } = await contribute(t, owner, shopRecipe(`${site.url}/own`, [getProduct({ name: 'string' })], 'Kaffee Eigen'));
    const before = await listCallerApis(t.runtime.deps, owner.userId);
    const own = await t.call('POST', `/marketplace/apis/${release.listing_id}/subscribe`, { key: owner.key });
    expect(own.statusCode, own.body).toBe(409);
    expect(own.json().error).toMatch(/your own API/);
    expect(own.json().error).toContain(scraperId);
    await t.call('DELETE', `/scraper/${scraperId}`, { key: owner.key });
    const ownArchived = await t.call('POST', `/marketplace/apis/${release.listing_id}/subscribe`, { key: owner.key });
    expect(ownArchived.statusCode).toBe(409);
    expect(ownArchived.json().error).toContain(`/scraper/${scraperId}/restore`);
    await t.call('POST', `/scraper/${scraperId}/restore`, { key: owner.key });
    // No second API, so no second set of tools.
    expect(await listCallerApis(t.runtime.deps, owner.userId)).toEqual(before);

    const first = (await t.call('POST', `/marketplace/apis/${release.listing_id}/subscribe`, { key: other.key })).json();
    expect(first.source).toBe('subscribed');
    await t.call('DELETE', `/scraper/${first.scraper_id}`, { key: other.key });
    expect((await callProduct(other, first.scraper_id)).statusCode).toBe(404);
    const again = await t.call('POST', `/marketplace/apis/${release.listing_id}/subscribe`, { key: other.key });
    expect(again.json()).toMatchObject({ scraper_id: first.scraper_id, task_id: first.task_id });
    expect((await callProduct(other, first.scraper_id)).statusCode).toBe(200);
  });

  it('a dispatch matching the caller’s own contributed API answers that API’s task, not a subscribed duplicate', async () => {
    const url = `${site.url}/mine/`;
    const { scraperId } = await contribute(t, owner, shopRecipe(`${site.url}/mine`, [getProduct({ name: 'string' })], 'Kaffee Mein'), { url });
    const taskId = await seedTask(owner, 'completed', scraperId);
    const countApis = async () => (await listCallerApis(t.runtime.deps, owner.userId)).length;
    const before = await countApis();
    const again = await t.call('POST', '/dispatch', { key: owner.key, body: { url } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ matched: true, task_id: taskId });
    expect(await countApis()).toBe(before);
    // Asking for it again after archiving it brings it back.
    await t.call('DELETE', `/scraper/${scraperId}`, { key: owner.key });
    expect((await t.call('POST', '/dispatch', { key: owner.key, body: { url } })).json()).toMatchObject({ matched: true, task_id: taskId });
    expect((await t.call('GET', `/dispatch/tasks/${taskId}`, { key: owner.key })).json().archived_at).toBeNull();
    // Another account still gets its own subscribed copy.
    const theirs = (await t.call('POST', '/dispatch', { key: other.key, body: { url } })).json();
    expect(theirs.matched).toBe(true);
    expect((await t.call('GET', `/dispatch/tasks/${theirs.task_id}`, { key: other.key })).json().result_scraper_id).not.toBe(scraperId);
  });

  it('leaves an archived API out of the self-heal sweep', async () => {
    const { scraperId } = await contribute(t, owner, shopRecipe(`${site.url}/heal`, [getProduct({ name: 'string' })], 'Kaffee Heal'));
    expect((await callProduct(owner, scraperId)).statusCode).toBe(200);
    await t.runtime.deps.callLog.flush();
    await t.call('DELETE', `/scraper/${scraperId}`, { key: owner.key });
    const skipped = await sweepOnce(t.runtime.deps, { recheckMs: 0, maxChecks: 100 });
    expect(skipped.checked.map((c) => c.scraper_id)).not.toContain(scraperId);
    await t.call('POST', `/scraper/${scraperId}/restore`, { key: owner.key });
    const checked = await sweepOnce(t.runtime.deps, { recheckMs: 0, maxChecks: 100 });
    expect(checked.checked.map((c) => c.scraper_id)).toContain(scraperId);
  });

  it('deletes a failed or cancelled task; refuses a running one and one whose API is live', async () => {
    const failed = await seedTask(owner, 'failed');
    const cancelled = await seedTask(owner, 'cancelled');
    const running = await seedTask(owner, 'running');
    const { scraperId } = await contribute(t, owner, shopRecipe(`${site.url}/done`, [getProduct({ name: 'string' })], 'Kaffee Fertig'));
    const completed = await seedTask(owner, 'completed', scraperId);

    expect((await t.call('DELETE', `/dispatch/tasks/${failed}`, { key: other.key })).statusCode).toBe(404);
    expect((await t.call('GET', `/dispatch/tasks/${failed}`, { key: owner.key })).statusCode).toBe(200);
    for (const id of [failed, cancelled]) {
      const res = await t.call('DELETE', `/dispatch/tasks/${id}`, { key: owner.key });
      expect(res.statusCode, res.body).toBe(204);
      expect(res.body).toBe('');
      expect((await t.call('GET', `/dispatch/tasks/${id}`, { key: owner.key })).statusCode).toBe(404);
      expect((await t.call('DELETE', `/dispatch/tasks/${id}`, { key: owner.key })).statusCode).toBe(404);
    }
    const busy = await t.call('DELETE', `/dispatch/tasks/${running}`, { key: owner.key });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toMatch(/running; cancel it first/);
    const live = await t.call('DELETE', `/dispatch/tasks/${completed}`, { key: owner.key });
    expect(live.statusCode).toBe(409);
    expect(live.json().error).toContain(`archive the API first (DELETE /scraper/${scraperId})`);
    expect((await t.call('GET', `/dispatch/tasks/${completed}`, { key: owner.key })).statusCode).toBe(200);

    await t.call('DELETE', `/scraper/${scraperId}`, { key: owner.key });
    expect((await t.call('DELETE', `/dispatch/tasks/${completed}`, { key: owner.key })).statusCode).toBe(204);
    // The archived API outlives its task and can still be restored by its id.
    expect((await t.call('POST', `/scraper/${scraperId}/restore`, { key: owner.key })).json().archived).toBe(false);
  });

  it('answers usage per API: calls, errors, credits, last call; only the caller’s own', async () => {
    const user = await t.user('developer');
    const { scraperId } = await contribute(t, user, shopRecipe(`${site.url}/usage`, [getProduct({ name: 'string' })], 'Kaffee Nutzung'));
    const { scraperId: quiet } = await contribute(t, user, shopRecipe(`${site.url}/quiet`, [getProduct({ name: 'string' })], 'Kaffee Still'));
    expect((await callProduct(user, scraperId, 1)).statusCode).toBe(200);
    expect((await callProduct(user, scraperId, 2)).statusCode).toBe(200);
    expect((await callProduct(user, scraperId, 999)).statusCode).toBeGreaterThanOrEqual(400); // the shop has no product 999
    const before = Date.now();
    const res = await t.call('GET', '/account/usage/apis?days=30', { key: user.key });
    expect(res.statusCode, res.body).toBe(200);
    const apis = res.json().apis as Array<Record<string, unknown>>;
    expect(apis).toHaveLength(1);
    expect(apis[0]).toMatchObject({ scraper_id: scraperId, name: 'Kaffee Nutzung', calls: 3, errors: 1 });
    expect(apis[0].credits).toBeGreaterThan(0);
    const ledger = await t.runtime.deps.db.kysely.selectFrom('credit_ledger').select('delta').where('user_id', '=', user.userId).where('ref', 'like', `${scraperId}/%`).execute();
    expect(apis[0].credits).toBe(ledger.reduce((s, r) => s - r.delta, 0));
    expect(Date.parse(apis[0].last_called_at as string)).toBeLessThanOrEqual(before);
    expect(apis.map((a) => a.scraper_id)).not.toContain(quiet);
    // Another account sees none of it; a bad window is a 422 that names it.
    expect((await t.call('GET', '/account/usage/apis', { key: other.key })).json().apis.map((a: { scraper_id: string }) => a.scraper_id)).not.toContain(scraperId);
    const bad = await t.call('GET', '/account/usage/apis?days=0', { key: user.key });
    expect(bad.statusCode).toBe(422);
    // The dashboard's session reads it too.
    expect((await t.app.inject({ method: 'GET', url: '/account/usage/apis', headers: { cookie: user.cookie } })).json().apis[0].calls).toBe(3);
  });
});

/**
 * Self-healing: an endpoint that breaks under a redesign is found by the sweep, repaired as a
 * fix revision (released to its canonical), and recorded as repaired for its owner and for the
 * listing's trust signals; an endpoint that cannot be repaired is recorded as such; the sweep
 * reschedules itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { SHELF, shelfSite, shelfState } from '../fixtures/sites/shelf.js';
import { scheduleSelfHealing, selfHealSignals, sweepOnce, SELF_HEAL_JOB } from '../../src/services/revisions/index.js';
import { iso, newId } from '../../src/clock.js';
import { build, execute, sampleRecipe, seedApi, waitForTask } from './helpers.js';

describe('self-healing', () => {
  let t: TestApp;
  let u: TestUser;
  const sites: FixtureSite[] = [];

  beforeAll(async () => {
    t = await startTestApp({ startWorker: true, env: { QUARRY_BUILD_TIME_BUDGET_MS: '60000' } });
    u = await t.user('developer');
  });
  afterAll(async () => {
    await t.close();
    for (const s of sites) await s.close();
  });

  const health = async (scraperId: string) => (await t.call('GET', `/dispatch/scrapers/${scraperId}/health`, { key: u.key })).json();

  it('finds an endpoint broken by a redesign, repairs it as a fix revision, and says so', { timeout: 120_000 }, async () => {
    const state = shelfState();
    const site = await startFixtureSite(shelfSite(state));
    sites.push(site);
    const built = await build(t, u, `${site.url}/`, 'Get each book page: title, price, author');
    expect(built.status, built.error).toBe('completed');
    const scraperId = built.generated_api.scraper_id;
    const get = built.generated_api.endpoints.find((e: any) => e.endpoint_name === 'get_book');
    expect((await execute(t, u, scraperId, 'get_book', get.sample_inputs)).statusCode).toBe(200);
    await t.runtime.deps.callLog.flush();

    // Healthy: the sweep checks it and records so; nothing is queued.
    const first = await sweepOnce(t.runtime.deps, { recheckMs: 0 });
    expect(first.checked.find((c) => c.scraper_id === scraperId)).toMatchObject({ endpoint_name: 'get_book', ok: true });
    expect(first.repairs).toEqual([]);
    expect((await health(scraperId)).endpoints).toEqual([expect.objectContaining({ endpoint_name: 'get_book', status: 'healthy', repairs: 0 })]);

    // The site is redesigned: calls still answer 200, with the site's name as every title.
    state.template = 'B';
    const wrong = (await execute(t, u, scraperId, 'get_book', get.sample_inputs)).json().data;
    expect(wrong.title).not.toBe(SHELF[0].title);
    await t.runtime.deps.callLog.flush();
    const second = await sweepOnce(t.runtime.deps, { recheckMs: 0 });
    const check = second.checked.find((c) => c.scraper_id === scraperId);
    expect(check).toMatchObject({ ok: false, problem: expect.stringMatching(/title read the same value on every record/) });
    const repair = second.repairs.find((r) => r.scraper_id === scraperId)!;
    expect(repair).toBeDefined();
    expect((await health(scraperId)).endpoints[0]).toMatchObject({ status: 'repairing', repair_task_id: repair.task_id });

    const task = await waitForTask(t, u, repair.task_id, { timeoutMs: 90_000 });
    expect(task.status, task.error).toBe('completed');
    expect(task).toMatchObject({ revision_type: 'fix', parent_task_id: built.id, extends_scraper_id: scraperId });
    expect(task.task).toMatch(/^Self-heal: get_book stopped working/);
    expect((await t.call('GET', `/dispatch/tasks/${built.id}/revisions`, { key: u.key })).json().tasks.map((x: any) => x.id)).toContain(repair.task_id);
    for (const b of SHELF.slice(0, 6)) {
      const d = (await execute(t, u, scraperId, 'get_book', { [Object.keys(get.input_params.properties)[0]]: `${b.id}-${b.slug}` })).json().data;
      expect(d.title).toBe(b.title);
    }

    // The next sweep settles it: repaired, for the owner and for the listing's trust signals.
    const third = await sweepOnce(t.runtime.deps, { recheckMs: 3600_000 });
    expect(third.settled).toContainEqual({ scraper_id: scraperId, endpoint_name: 'get_book', status: 'repaired' });
    expect((await health(scraperId)).endpoints[0]).toMatchObject({ status: 'repaired', repairs: 1, failing_since: null, repaired_at: expect.any(String) });
    const listing = (await t.call('GET', `/marketplace/apis/${built.marketplace_apis.published.id}`)).json();
    expect(listing.latest_version).toBe(2);
    const signals = await selfHealSignals(t.runtime.deps.db.kysely, listing.canonical_scraper_id, new Date());
    expect(signals).toMatchObject({ repairs_30d: 1, endpoints_failing: 0, endpoints_repairing: 0, last_repaired_at: expect.any(String) });
  });

  it('records an endpoint it cannot repair, and only rechecks it later', { timeout: 120_000 }, async () => {
    const site = await startFixtureSite([
      ['/', '<html><body><h1>Nothing here any more</h1></body></html>'],
      [/^\/book\/\d+$/, { status: 404, body: 'gone' }],
      ['/books', '<html><body><p>No books.</p></body></html>'],
    ]);
    sites.push(site);
    const api = await seedApi(t, u, { recipe: sampleRecipe(site.url) });
    const { db } = t.runtime.deps;
    // Real calls failed with scraper_bug (500) a minute ago.
    await db.kysely
      .insertInto('endpoint_calls')
      .values({ id: newId(), user_id: u.userId, scraper_id: api.scraperId, endpoint_name: 'list_books', version: 1, status_code: 500, latency_ms: 5, created_at: new Date(Date.now() - 60_000).toISOString() })
      .execute();
    const sweep = await sweepOnce(t.runtime.deps, { recheckMs: 3600_000 });
    expect(sweep.checked.find((c) => c.scraper_id === api.scraperId)).toMatchObject({ endpoint_name: 'list_books', ok: false });
    const repair = sweep.repairs.find((r) => r.scraper_id === api.scraperId)!;
    const task = await waitForTask(t, u, repair.task_id, { timeoutMs: 90_000 });
    expect(task.status).toBe('failed');
    expect(task.error).toMatch(/previous version stays live/);

    const after = await sweepOnce(t.runtime.deps, { recheckMs: 3600_000 });
    expect(after.settled).toContainEqual({ scraper_id: api.scraperId, endpoint_name: 'list_books', status: 'unrepaired' });
    // Checked after the failing call, so not again until the recheck delay has passed.
    expect(after.checked.some((c) => c.scraper_id === api.scraperId)).toBe(false);
    expect((await health(api.scraperId)).endpoints[0]).toMatchObject({ status: 'unrepaired', last_failure: expect.stringMatching(/Nothing could be changed/) });
  });
});

// No worker here: the other revision must still be in flight when the sweep runs (a worker
// finishes a grammar revision in milliseconds, and a finished revision blocks nothing).
describe('self-healing beside another revision', () => {
  let t: TestApp;
  let u: TestUser;
  const sites: FixtureSite[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    u = await t.user('developer');
  });
  afterAll(async () => {
    await t.close();
    for (const s of sites) await s.close();
  });
  const health = async (scraperId: string) => (await t.call('GET', `/dispatch/scrapers/${scraperId}/health`, { key: u.key })).json();

  it('leaves alone what nobody called, and APIs another revision is already changing', async () => {
    const site = await startFixtureSite([['/books', '<html><body><p>No books.</p></body></html>']]);
    sites.push(site);
    const idle = await seedApi(t, u, { recipe: sampleRecipe(site.url) });
    const busy = await seedApi(t, u, { recipe: sampleRecipe(site.url) });
    expect((await t.call('POST', `/dispatch/tasks/${busy.taskId}/revise`, { key: u.key, body: { revision: 'make limit default to 7' } })).statusCode).toBe(200);
    await t.runtime.deps.db.kysely
      .insertInto('endpoint_calls')
      .values({ id: newId(), user_id: u.userId, scraper_id: busy.scraperId, endpoint_name: 'list_books', version: 1, status_code: 500, latency_ms: 5, created_at: iso(t.runtime.deps.clock) })
      .execute();
    const sweep = await sweepOnce(t.runtime.deps, { recheckMs: 3600_000 });
    expect(sweep.checked.some((c) => c.scraper_id === idle.scraperId)).toBe(false);
    expect(sweep.repairs.some((r) => r.scraper_id === busy.scraperId)).toBe(false);
    expect((await health(busy.scraperId)).endpoints[0]).toMatchObject({ endpoint_name: 'list_books', status: 'failing' });
  });

  it('checks the endpoints whose fields the build was least sure of first', async () => {
    const site = await startFixtureSite([['/book/1', '<html><body><h1>Dune</h1><p class="price">9.99</p></body></html>']]);
    sites.push(site);
    const withConfidence = (scores: number[] | null) => {
      const recipe = sampleRecipe(site.url);
      if (scores) recipe.endpoints[0].field_confidence = { title: { score: scores[0], from: 'css h1' }, price: { score: scores[1], from: 'css .price' } };
      return recipe;
    };
    const sure = await seedApi(t, u, { recipe: withConfidence([0.95, 0.9]) });
    const unsure = await seedApi(t, u, { recipe: withConfidence([0.95, 0.3]) });
    const unknown = await seedApi(t, u, { recipe: withConfidence(null) });
    const seeded = [sure, unknown, unsure];
    for (const api of seeded) {
      await t.runtime.deps.db.kysely
        .insertInto('endpoint_calls')
        .values({ id: newId(), user_id: u.userId, scraper_id: api.scraperId, endpoint_name: 'get_book', version: 1, status_code: 200, latency_ms: 5, created_at: iso(t.runtime.deps.clock) })
        .execute();
    }
    const sweep = await sweepOnce(t.runtime.deps, { recheckMs: 0, maxChecks: 50 });
    const order = sweep.checked.map((c) => c.scraper_id).filter((id) => seeded.some((a) => a.scraperId === id));
    expect(order).toEqual([unsure.scraperId, sure.scraperId, unknown.scraperId]);
  });
});

describe('the self-heal schedule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ startWorker: true });
  });
  afterAll(async () => t.close());

  it('is one job per time slot, and each sweep schedules the next', async () => {
    const deps = t.runtime.deps;
    const at = await scheduleSelfHealing(deps, { intervalMs: 400 });
    await scheduleSelfHealing(deps, { intervalMs: 400 });
    const slot = await deps.db.kysely.selectFrom('jobs').select(['id']).where('job_key', '=', `self-heal:${at.toISOString()}`).execute();
    expect(slot).toHaveLength(1);
    const deadline = Date.now() + 15_000;
    let done = 0;
    while (Date.now() < deadline && done < 2) {
      await new Promise((r) => setTimeout(r, 100));
      const rows = await deps.db.kysely.selectFrom('jobs').select('status').where('kind', '=', SELF_HEAL_JOB).execute();
      done = rows.filter((r) => r.status === 'completed').length;
    }
    expect(done).toBeGreaterThanOrEqual(2);
  });
});

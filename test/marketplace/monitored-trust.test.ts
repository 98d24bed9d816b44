/**
 * The marketplace trust signal from monitors: a listing's `trust.monitored` counts the scheduled
 * runs of monitors on its canonical's copies across accounts (the contributor's built copy and a
 * subscriber's copy), with the success rate and the newest success; failures the scraper causes
 * count, the owner's own (credits) do not; and nothing of any account's monitors shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { claimDueMonitors } from '../../src/services/monitors/index.js';
import { setBalance } from '../../src/services/credits.js';
import { startShop, waitFor, type Shop } from '../monitors/helpers.js';
import { contribute, listing } from './helpers.js';
import { listProducts, SHOP_SITE_INFO, shopRecipe } from './fixtures.js';

describe('trust.monitored of a listing', () => {
  let t: TestApp;
  let shop: Shop;
  let a: TestUser;
  let b: TestUser;

  beforeAll(async () => {
    // The ticker is slow here: the test makes monitors due and claims them itself, as a worker's tick does.
    t = await startTestApp({ startWorker: true, env: { QUARRY_ALLOW_PRIVATE_TARGETS: '127.0.0.1', QUARRY_MONITOR_TICK_MS: '3600000', QUARRY_RATE_LIMITS: '0' } });
    shop = await startShop([{ id: 1, name: 'Siebträger', price: 399 }, { id: 2, name: 'Mühle', price: 129 }]);
    a = await t.user('developer');
    b = await t.user('developer');
  });
  afterAll(async () => {
    await t.close();
    await shop.site.close();
  });

  async function monitor(user: TestUser, scraperId: string): Promise<string> {
    const res = await t.call('POST', '/monitors', { key: user.key, body: { scraper_id: scraperId, endpoint_name: 'list_products', every_seconds: 3600, webhook_url: 'http://127.0.0.1:9/private-hook' } });
    expect(res.statusCode).toBe(201);
    return res.json().monitor_id as string;
  }

  /** One scheduled run of each monitor: due now, claimed by a tick, waited for. */
  async function scheduledRun(ids: string[]): Promise<void> {
    const k = t.runtime.deps.db.kysely;
    const before = await k.selectFrom('monitor_runs').select('id').where('monitor_id', 'in', ids).execute();
    await k.updateTable('monitors').set({ next_run_at: new Date(Date.now() - 1000).toISOString() }).where('id', 'in', ids).execute();
    expect(await claimDueMonitors(t.runtime.deps)).toBe(ids.length);
    await waitFor(async () => {
      const runs = await k.selectFrom('monitor_runs').select('status').where('monitor_id', 'in', ids).execute();
      return runs.length === before.length + ids.length && runs.every((r) => r.status === 'succeeded' || r.status === 'failed');
    });
  }

  it('counts scheduled runs across accounts, success rate and last success, and shows nothing of the monitors', async () => {
    const recipe = shopRecipe(shop.site.url, [listProducts({ id: 'integer', name: 'string', price: 'number' })]);
    const mine = await contribute(t, a, recipe, { site: SHOP_SITE_INFO(new URL(shop.site.url).host) });
    const listingId = mine.release.listing_id;
    expect((await listing(t, listingId)).trust.monitored).toEqual({ runs_30d: 0, success_rate: null, last_success_at: null });

    const sub = await t.call('POST', `/marketplace/apis/${listingId}/subscribe`, { key: b.key });
    expect(sub.statusCode).toBeLessThan(300);
    const copyId = sub.json().scraper_id as string;
    const ma = await monitor(a, mine.scraperId);
    const mb = await monitor(b, copyId);

    await scheduledRun([ma, mb]);
    const afterOk = (await listing(t, listingId)).trust.monitored;
    expect(afterOk).toMatchObject({ runs_30d: 2, success_rate: 1 });
    expect(Date.parse(afterOk.last_success_at)).toBeGreaterThan(Date.now() - 60_000);

    // The site fails: a fault of the scraper's side, counted.
    shop.status = 500;
    await scheduledRun([ma, mb]);
    const afterFault = (await listing(t, listingId)).trust.monitored;
    expect(afterFault).toEqual({ runs_30d: 4, success_rate: 0.5, last_success_at: afterOk.last_success_at });

    // b runs out of credits: the owner's cause, not counted (and b's monitor pauses).
    shop.status = 200;
    await setBalance(t.runtime.deps.db, t.runtime.deps.clock, b.userId, 0, 'test');
    await scheduledRun([mb]);
    const failed = await t.runtime.deps.db.kysely.selectFrom('monitor_runs').select('error_code').where('monitor_id', '=', mb).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(failed.error_code).toBe('payment_required');
    const detail = await listing(t, listingId);
    expect(detail.trust.monitored).toEqual(afterFault);

    // Manual runs are the owner's tests, not the schedule: not counted either.
    const manual = await t.call('POST', `/monitors/${ma}/run`, { key: a.key });
    expect(manual.statusCode).toBe(202);
    const manualRun = manual.json().run_id as string;
    await waitFor(async () => {
      const r = await t.runtime.deps.db.kysely.selectFrom('monitor_runs').select('status').where('id', '=', manualRun).executeTakeFirst();
      return r?.status === 'succeeded';
    });
    expect((await listing(t, listingId)).trust.monitored).toEqual(afterFault);

    // Nothing of the accounts' monitors shows in the listing, to anyone.
    const text = JSON.stringify(detail);
    for (const secret of [ma, mb, a.userId, b.userId, copyId, 'private-hook']) expect(text).not.toContain(secret);
  });
});

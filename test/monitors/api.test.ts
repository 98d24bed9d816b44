/**
 * Monitors through the real app and its worker (SQLite, or PostgreSQL with
 * QUARRY_TEST_DATABASE=postgres): create/list/get/patch/delete, runs and their item-level
 * changes, signed webhooks verified with the standardwebhooks library, plan limits, another
 * account's monitor, the private-address guard, and a run refused for credits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { setBalance } from '../../src/services/credits.js';
import { importShop, runNow, startReceiver, startShop, waitFor, type Receiver, type Shop } from './helpers.js';

describe('monitors', () => {
  let t: TestApp;
  let shop: Shop;
  let receiver: Receiver;
  let owner: TestUser;
  let scraperId: string;

  beforeAll(async () => {
    [t, shop, receiver] = await Promise.all([
      startTestApp({
        startWorker: true,
        // The fixture site and the receiver are on 127.0.0.1: allowed by the operator's list, nothing else private is.
        env: { QUARRY_ALLOW_PRIVATE_TARGETS: '127.0.0.1', QUARRY_MONITOR_TICK_MS: '100', QUARRY_RATE_LIMITS: '0', QUARRY_WEBHOOK_RETRY_BASE_MS: '50', QUARRY_WEBHOOK_RETRY_MAX_MS: '200' },
      }),
      startShop([
        { id: 1, name: 'Espresso', price: 4.5 },
        { id: 2, name: 'Filter', price: 9.99 },
        { id: 3, name: 'Moka pot', price: 29 },
      ]),
      startReceiver(),
    ]);
    owner = await t.user('developer');
    scraperId = await importShop(t, owner, shop);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await shop?.site.close();
    await receiver?.close();
  });

  const create = (user: TestUser, body: Record<string, unknown>) => t.call('POST', '/monitors', { key: user.key, body: { scraper_id: scraperId, endpoint_name: 'list_products', params: {}, every_seconds: 3600, ...body } });

  it('captures added, removed and changed records and delivers a signed webhook', async () => {
    const created = await create(owner, { webhook_url: receiver.url, name: 'Coffee prices' });
    expect(created.statusCode, created.body).toBe(201);
    const m = created.json();
    expect(m.webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(m).toMatchObject({ name: 'Coffee prices', every_seconds: 3600, cron: null, paused: false, key_fields: null });
    expect(Date.parse(m.next_run_at)).toBeGreaterThan(Date.now() - 1000);
    // The secret is shown only at creation.
    const got = await t.call('GET', `/monitors/${m.monitor_id}`, { key: owner.key });
    expect(got.statusCode).toBe(200);
    expect(got.json().webhook_secret).toBeUndefined();

    const first = await runNow(t, owner, m.monitor_id);
    expect(first).toMatchObject({ status: 'succeeded', change_id: null, charged: 1 });
    shop.products = [
      { id: 3, name: 'Moka pot', price: 29 },
      { id: 1, name: 'Espresso', price: 3.99 },
      { id: 4, name: 'Cold brew', price: 12.5 },
    ];
    const second = await runNow(t, owner, m.monitor_id);
    expect(second.status).toBe('succeeded');
    expect(second.change_id).toBeTruthy();
    const changes = (await t.call('GET', `/monitors/${m.monitor_id}/changes`, { key: owner.key })).json();
    expect(changes.next_cursor).toBeNull();
    expect(changes.changes).toHaveLength(1);
    expect(changes.changes[0]).toMatchObject({
      change_id: second.change_id,
      run_id: second.run_id,
      added: [{ id: 4, name: 'Cold brew', price: 12.5 }],
      removed: [{ id: 2, name: 'Filter', price: 9.99 }],
      changed: [{ key: 1, fields: { price: { from: 4.5, to: 3.99 } } }],
    });
    // Only reordering: no change.
    shop.products = [shop.products[2], shop.products[0], shop.products[1]];
    expect((await runNow(t, owner, m.monitor_id)).change_id).toBeNull();

    const delivery = await waitFor(async () => {
      const list = (await t.call('GET', `/monitors/${m.monitor_id}/deliveries`, { key: owner.key })).json().deliveries;
      return list.length === 1 && list[0].status === 'succeeded' ? list[0] : undefined;
    });
    expect(delivery).toMatchObject({ change_id: second.change_id, attempts: 1, last_status_code: 204, url: receiver.url });
    expect(receiver.received).toHaveLength(1);
    const hook = receiver.received[0];
    expect(hook.headers['webhook-id']).toBe(second.change_id);
    expect(hook.headers['webhook-signature']).toMatch(/^v1,/);
    const verified = new Webhook(m.webhook_secret).verify(hook.body, hook.headers as Record<string, string>) as { type: string; monitor_id: string; change: { change_id: string } };
    expect(verified).toMatchObject({ type: 'monitor.changed', monitor_id: m.monitor_id, change: { change_id: second.change_id } });
    // Another secret does not verify it.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(hook.body, hook.headers as Record<string, string>)).toThrow();

    const runs = (await t.call('GET', `/monitors/${m.monitor_id}/runs?limit=2`, { key: owner.key })).json();
    expect(runs.runs).toHaveLength(2);
    expect(runs.next_cursor).toBeTruthy();
    const older = (await t.call('GET', `/monitors/${m.monitor_id}/runs?limit=2&cursor=${runs.next_cursor}`, { key: owner.key })).json();
    expect(older.runs.map((r: { run_id: string }) => r.run_id)).toEqual([first.run_id]);
  }, 60_000);

  it('keeps another account out (404) and refuses bad input without changing anything', async () => {
    const m = (await create(owner, {})).json();
    const other = await t.user('developer');
    for (const [method, url, body] of [
      ['GET', `/monitors/${m.monitor_id}`],
      ['PATCH', `/monitors/${m.monitor_id}`, { paused: true }],
      ['DELETE', `/monitors/${m.monitor_id}`],
      ['POST', `/monitors/${m.monitor_id}/run`],
      ['GET', `/monitors/${m.monitor_id}/changes`],
      ['GET', `/monitors/${m.monitor_id}/runs`],
      ['GET', `/monitors/${m.monitor_id}/deliveries`],
    ] as const) {
      const res = await t.call(method, url, { key: other.key, ...(body ? { body } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(typeof res.json().error).toBe('string');
    }
    expect((await t.call('GET', '/monitors', { key: other.key })).json().monitors).toEqual([]);
    // Nor can it monitor the owner's API.
    expect((await create(other, {})).statusCode).toBe(404);
    expect((await t.call('GET', `/monitors/${m.monitor_id}`, { key: owner.key })).json().paused).toBe(false);

    const bad: Array<[Record<string, unknown>, number]> = [
      [{ endpoint_name: 'no_such_endpoint' }, 404],
      [{ every_seconds: null, cron: null }, 400],
      [{ cron: '0 * * * *' }, 400], // both
      [{ every_seconds: null, cron: 'not a cron' }, 400],
      [{ params: { nope: 1 }, every_seconds: 3600 }, 201], // unknown params are dropped by the schema, like an execution
      [{ key_fields: [] }, 422], // the request schema's own check (validation_failed)
      [{ max_pages: 0 }, 422],
      [{ max_pages: 21 }, 400], // over the operator's limit
      [{ key_fields: ['id', 'id', 'name'] }, 201],
      [{ webhook_url: 'ftp://example.com/' }, 400],
    ];
    for (const [body, status] of bad) {
      const res = await create(owner, body);
      expect(res.statusCode, JSON.stringify(body) + res.body).toBe(status);
    }
    expect((await t.call('PATCH', `/monitors/${m.monitor_id}`, { key: owner.key, body: { every_seconds: 3600, cron: '0 * * * *' } })).statusCode).toBe(400);
  });

  it('holds the plan limits: the minimum interval and the number of monitors (402, management shape)', async () => {
    const free = await t.user('free');
    const freeScraper = await importShop(t, free, shop);
    const make = (body: Record<string, unknown>) => t.call('POST', '/monitors', { key: free.key, body: { scraper_id: freeScraper, endpoint_name: 'list_products', ...body } });
    const tooOften = await make({ every_seconds: 60 });
    expect(tooOften.statusCode).toBe(402);
    expect(tooOften.json()).toEqual({ error: expect.stringContaining('3600'), status_code: 402 });
    expect((await make({ cron: '*/5 * * * *' })).statusCode).toBe(402);
    for (let i = 0; i < 3; i++) expect((await make({ cron: '0 * * * *' })).statusCode).toBe(201);
    const fourth = await make({ every_seconds: 7200 });
    expect(fourth.statusCode).toBe(402);
    expect(fourth.json().error).toContain('at most 3');
    expect((await t.call('GET', '/monitors', { key: free.key })).json().monitors).toHaveLength(3);
    // A paid plan may run every minute.
    expect((await create(owner, { every_seconds: 60 })).statusCode).toBe(201);
  });

  it('refuses webhook URLs on private addresses the operator did not allow, and the delivery guard refuses them too', async () => {
    for (const url of ['http://10.1.2.3/hook', 'http://169.254.169.254/latest/meta-data', 'http://[::1]:8080/x', 'http://192.168.0.10/']) {
      const res = await create(owner, { webhook_url: url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ reason: 'private_address', status_code: 400 });
    }
    const m = (await create(owner, { webhook_url: receiver.url })).json();
    expect((await t.call('PATCH', `/monitors/${m.monitor_id}`, { key: owner.key, body: { webhook_url: 'http://10.9.8.7/' } })).statusCode).toBe(400);
    expect((await t.call('GET', `/monitors/${m.monitor_id}`, { key: owner.key })).json().webhook_url).toBe(receiver.url);
  });

  it('pauses a monitor whose run is refused for credits, and says why; resuming clears it', async () => {
    const m = (await create(owner, {})).json();
    await setBalance(t.runtime.deps.db, t.runtime.deps.clock, owner.userId, 0, 'test');
    const run = await runNow(t, owner, m.monitor_id);
    expect(run).toMatchObject({ status: 'failed', error_code: 'payment_required', charged: 0 });
    const paused = (await t.call('GET', `/monitors/${m.monitor_id}`, { key: owner.key })).json();
    expect(paused).toMatchObject({ paused: true, next_run_at: null, last_run_status: 'failed' });
    expect(paused.paused_reason).toMatch(/Not enough credits/);
    await setBalance(t.runtime.deps.db, t.runtime.deps.clock, owner.userId, 100, 'test');
    const resumed = (await t.call('PATCH', `/monitors/${m.monitor_id}`, { key: owner.key, body: { paused: false } })).json();
    expect(resumed).toMatchObject({ paused: false, paused_reason: null });
    expect(resumed.next_run_at).toBeTruthy();
    expect((await runNow(t, owner, m.monitor_id)).status).toBe('succeeded');
  }, 30_000);

  it('deletes a monitor with its logs', async () => {
    const m = (await create(owner, {})).json();
    await runNow(t, owner, m.monitor_id);
    expect((await t.call('DELETE', `/monitors/${m.monitor_id}`, { key: owner.key })).json()).toEqual({ deleted: true });
    expect((await t.call('GET', `/monitors/${m.monitor_id}`, { key: owner.key })).statusCode).toBe(404);
    const left = await t.runtime.deps.db.kysely.selectFrom('monitor_runs').select('id').where('monitor_id', '=', m.monitor_id).execute();
    expect(left).toEqual([]);
  });
});

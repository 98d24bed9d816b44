/**
 * Webhook deliveries: retries with exponential backoff and jitter until a 2xx, give-up after
 * the configured tries with every try logged, manual redelivery with the same webhook-id, and
 * the private-address guard at delivery time (a receiver address the operator did not allow).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { loadConfig } from '../../src/config/index.js';
import { attemptDelivery, retryDelayMs } from '../../src/services/monitors/index.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { importShop, runNow, startReceiver, startShop, waitFor, type Receiver, type Shop } from './helpers.js';

interface Delivery {
  delivery_id: string;
  change_id: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  log: Array<{ at: string; status_code: number | null; error: string | null }>;
}

describe('monitor webhooks', () => {
  let t: TestApp;
  let shop: Shop;
  let user: TestUser;
  let scraperId: string;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    [t, shop] = await Promise.all([
      startTestApp({
        startWorker: true,
        env: { QUARRY_ALLOW_PRIVATE_TARGETS: '127.0.0.1', QUARRY_RATE_LIMITS: '0', QUARRY_WEBHOOK_MAX_TRIES: '4', QUARRY_WEBHOOK_RETRY_BASE_MS: '100', QUARRY_WEBHOOK_RETRY_MAX_MS: '400', QUARRY_WEBHOOK_TIMEOUT_MS: '2000' },
      }),
      startShop([{ id: 1, name: 'Espresso', price: 4.5 }]),
    ]);
    user = await t.user('developer');
    scraperId = await importShop(t, user, shop);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await shop?.site.close();
    for (const r of receivers) await r.close();
  });

  /** A monitor with a change already made (two runs, the price moved), delivering to `url`. */
  async function monitorWithChange(url: string): Promise<{ id: string; secret: string; changeId: string }> {
    const m = (await t.call('POST', '/monitors', { key: user.key, body: { scraper_id: scraperId, endpoint_name: 'list_products', every_seconds: 3600, webhook_url: url } })).json();
    await runNow(t, user, m.monitor_id);
    shop.products = [{ id: 1, name: 'Espresso', price: shop.products[0].price + 1 }];
    const run = await runNow(t, user, m.monitor_id);
    expect(run.change_id).toBeTruthy();
    return { id: m.monitor_id, secret: m.webhook_secret, changeId: run.change_id! };
  }

  const deliveries = async (id: string) => (await t.call('GET', `/monitors/${id}/deliveries`, { key: user.key })).json().deliveries as Delivery[];

  it('backs off exponentially with jitter, capped', () => {
    const settings = loadConfig({}).monitors.webhook;
    expect(settings.maxTries).toBe(8);
    const mid = (n: number) => retryDelayMs(settings, n, () => 0.5);
    expect([1, 2, 3, 4].map(mid)).toEqual([60_000, 180_000, 540_000, 1_620_000]);
    expect(mid(7)).toBe(8 * 3600 * 1000);
    expect(retryDelayMs(settings, 1, () => 0)).toBe(48_000);
    expect(retryDelayMs(settings, 1, () => 0.999999)).toBeLessThanOrEqual(72_000);
    // Seven waits between eight tries: about half a day to a day.
    const total = [1, 2, 3, 4, 5, 6, 7].reduce((s, n) => s + mid(n), 0);
    expect(total / 3600_000).toBeGreaterThan(10);
    expect(total / 3600_000).toBeLessThan(24);
  });

  it('retries a failing receiver until it answers 2xx, with the same webhook-id and a valid signature each time', async () => {
    const receiver = await startReceiver((n) => (n <= 2 ? 503 : 200));
    receivers.push(receiver);
    const m = await monitorWithChange(receiver.url);
    const done = await waitFor(async () => (await deliveries(m.id)).find((d) => d.status === 'succeeded'));
    expect(done).toMatchObject({ attempts: 3, last_status_code: 200, last_error: null, change_id: m.changeId });
    expect(done.log.map((l) => l.status_code)).toEqual([503, 503, 200]);
    expect(receiver.received).toHaveLength(3);
    for (const hook of receiver.received) {
      expect(hook.headers['webhook-id']).toBe(m.changeId);
      expect(new Webhook(m.secret).verify(hook.body, hook.headers as Record<string, string>)).toMatchObject({ type: 'monitor.changed', monitor_id: m.id });
    }
    // The waits grow: at least 100 ms -20% before the second try, 300 ms -20% before the third (later under load).
    const at = done.log.map((l) => Date.parse(l.at));
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(80);
    expect(at[2] - at[1]).toBeGreaterThanOrEqual(240);
  }, 30_000);

  it('gives up after the configured tries, logging each, and redelivers the same change on request', async () => {
    const receiver = await startReceiver(() => 500);
    receivers.push(receiver);
    const m = await monitorWithChange(receiver.url);
    const failed = await waitFor(async () => (await deliveries(m.id)).find((d) => d.status === 'failed'));
    expect(failed).toMatchObject({ attempts: 4, last_status_code: 500, last_error: 'the receiver answered HTTP 500' });
    expect(failed.log).toHaveLength(4);
    // Nothing more is tried after giving up.
    await new Promise((r) => setTimeout(r, 800));
    expect(receiver.received).toHaveLength(4);

    receiver.answer = () => 204;
    const again = await t.call('POST', `/monitors/${m.id}/deliveries/${failed.delivery_id}/redeliver`, { key: user.key });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({ status: 'pending', change_id: m.changeId, attempts: 0 });
    const ok = await waitFor(async () => (await deliveries(m.id)).find((d) => d.delivery_id === again.json().delivery_id && d.status === 'succeeded'));
    expect(ok.attempts).toBe(1);
    expect(receiver.received).toHaveLength(5);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([m.changeId]));
    // Another account cannot redeliver it.
    const other = await t.user('developer');
    expect((await t.call('POST', `/monitors/${m.id}/deliveries/${failed.delivery_id}/redeliver`, { key: other.key })).statusCode).toBe(404);
    expect((await t.call('POST', `/monitors/${m.id}/deliveries/nope/redeliver`, { key: user.key })).statusCode).toBe(404);
  }, 30_000);

  it('refuses, at delivery time, a receiver whose address the operator did not allow', async () => {
    const receiver = await startReceiver(() => 204);
    receivers.push(receiver);
    const m = await monitorWithChange(receiver.url);
    await waitFor(async () => (await deliveries(m.id)).find((d) => d.status === 'succeeded'));
    // The URL now points at a private address (as a DNS change would make it): written behind the API's check.
    const db = t.runtime.deps.db.kysely;
    const row = await db.selectFrom('monitor_deliveries').selectAll().where('monitor_id', '=', m.id).executeTakeFirstOrThrow();
    await db.updateTable('monitor_deliveries').set({ id: 'guard-test', status: 'pending', attempts: 0, url: 'http://10.20.30.40:9/hook', log: '[]' }).where('id', '=', row.id).execute();
    await attemptDelivery(t.runtime.deps, 'guard-test');
    const after = await db.selectFrom('monitor_deliveries').selectAll().where('id', '=', 'guard-test').executeTakeFirstOrThrow();
    expect(after.last_status_code).toBeNull();
    expect(after.last_error).toMatch(/private address/);
    expect(receiver.received).toHaveLength(1);
  }, 30_000);
});

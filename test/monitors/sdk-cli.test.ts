/** The SDK's client.monitors and the `monitor` CLI commands against the real service. */
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Quarry } from '../../packages/sdk/src/index.js';
import { runProcess } from '../../packages/sdk/test/helpers/run-process.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { importShop, startReceiver, startShop, waitFor, type Receiver, type Shop } from './helpers.js';

const BIN = fileURLToPath(new URL('../../packages/sdk/bin/quarry-user.js', import.meta.url));

describe('monitors in the SDK and CLI', () => {
  let t: TestApp;
  let shop: Shop;
  let receiver: Receiver;
  let user: TestUser;
  let base: string;
  let home: string;

  beforeAll(async () => {
    [t, shop, receiver] = await Promise.all([startTestApp({ startWorker: true, env: { QUARRY_RATE_LIMITS: '0' } }), startShop([{ id: 1, name: 'Espresso', price: 4.5 }]), startReceiver()]);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    user = await t.user('developer');
    home = await mkdtemp(path.join(os.tmpdir(), 'quarry-cli-'));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await shop?.site.close();
    await receiver?.close();
    await rm(home, { recursive: true, force: true });
  });

  it('creates, runs, reads changes and deliveries, pauses and deletes through the SDK; the CLI lists and shows them', async () => {
    const quarry = new Quarry({ baseUrl: base, apiKey: user.key });
    const scraperId = await importShop(t, user, shop);
    const m = await quarry.monitors.create({ scraper_id: scraperId, endpoint_name: 'list_products', every_seconds: 3600, webhook_url: receiver.url, name: 'espresso' });
    expect(m.webhook_secret).toMatch(/^whsec_/);
    const finished = async (runId: string) => waitFor(async () => (await quarry.monitors.runs(m.monitor_id)).runs.find((r) => r.run_id === runId && r.status === 'succeeded'));
    await finished((await quarry.monitors.run(m.monitor_id)).run_id);
    shop.products = [{ id: 1, name: 'Espresso', price: 5 }];
    await finished((await quarry.monitors.run(m.monitor_id)).run_id);
    const { changes } = await quarry.monitors.changes(m.monitor_id);
    expect(changes[0].changed).toEqual([{ key: 1, fields: { price: { from: 4.5, to: 5 } } }]);
    const delivery = await waitFor(async () => (await quarry.monitors.deliveries(m.monitor_id)).deliveries.find((d) => d.status === 'succeeded'));
    expect((await quarry.monitors.redeliver(m.monitor_id, delivery.delivery_id)).change_id).toBe(changes[0].change_id);
    expect((await quarry.monitors.update(m.monitor_id, { paused: true })).paused).toBe(true);
    expect((await quarry.monitors.get(m.monitor_id)).paused).toBe(true);
    expect((await quarry.monitors.list()).monitors.map((x) => x.monitor_id)).toEqual([m.monitor_id]);

    const env = { HOME: home, XDG_CONFIG_HOME: home, QUARRY_BASE_URL: base, QUARRY_API_KEY: user.key };
    const list = await runProcess([BIN, 'monitor', 'list'], env);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain(m.monitor_id);
    expect(list.stdout).toContain('paused');
    const shown = await runProcess([BIN, 'monitor', 'changes', m.monitor_id], env);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('~ 1 price: 4.5 -> 5');
    const deliveries = await runProcess([BIN, 'monitor', 'deliveries', m.monitor_id], env);
    expect(deliveries.stdout).toContain('succeeded');
    const created = await runProcess([BIN, 'monitor', 'create', scraperId, 'list_products', '--every', '7200', '--key', 'id'], env);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/webhook secret \(shown once\): whsec_/);
    const refused = await runProcess([BIN, 'monitor', 'create', scraperId, 'list_products'], env);
    expect(refused.code).not.toBe(0);

    await quarry.monitors.delete(m.monitor_id);
    expect((await quarry.monitors.list()).monitors).toHaveLength(1);
  }, 90_000);
});

/** The MCP face of monitors with the official client: create_monitor, then list_monitor_changes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { callTool, connectMcp, resultJson } from '../mcp/helpers.js';
import { importShop, runNow, startShop, type Shop } from './helpers.js';

describe('monitors over MCP', () => {
  let t: TestApp;
  let shop: Shop;
  let user: TestUser;
  let client: Client;

  beforeAll(async () => {
    [t, shop] = await Promise.all([startTestApp({ startWorker: true, env: { QUARRY_RATE_LIMITS: '0' } }), startShop([{ id: 1, name: 'Espresso', price: 4.5 }])]);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    user = await t.user('developer');
    client = await connectMcp(`http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`, { 'x-api-key': user.key });
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await t?.close();
    await shop?.site.close();
  });

  it('creates a monitor and lists its changes', async () => {
    const scraperId = await importShop(t, user, shop);
    const created = await callTool(client, 'create_monitor', { scraper_id: scraperId, endpoint_name: 'list_products', every_seconds: 3600, name: 'prices' });
    expect(created.isError, JSON.stringify(created)).toBeFalsy();
    const m = resultJson(created);
    expect(m).toMatchObject({ name: 'prices', every_seconds: 3600, paused: false });
    expect(m.webhook_secret).toMatch(/^whsec_/);
    await runNow(t, user, m.monitor_id);
    shop.products = [{ id: 1, name: 'Espresso', price: 3.5 }];
    await runNow(t, user, m.monitor_id);
    const changes = resultJson(await callTool(client, 'list_monitor_changes', { monitor_id: m.monitor_id }));
    expect(changes.changes).toHaveLength(1);
    expect(changes.changes[0].changed).toEqual([{ key: 1, fields: { price: { from: 4.5, to: 3.5 } } }]);
    // No schedule: refused with the reason.
    const refused = await callTool(client, 'create_monitor', { scraper_id: scraperId, endpoint_name: 'list_products' });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('exactly one of every_seconds and cron');
    const unknown = await callTool(client, 'list_monitor_changes', { monitor_id: 'not-mine' });
    expect(unknown.isError).toBe(true);
  }, 60_000);
});

/**
 * The monitor pages in a real browser against the real service and its worker: a monitor of a
 * fixture shop whose products change; its page shows the readable diff (added, removed, a price
 * from -> to), its runs, and a failed webhook delivery that is redelivered from the page.
 */
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { listProducts, shopRecipe } from '../marketplace/fixtures.js';
import { buildWeb, launch, screenshot, watchProblems } from './browser.js';
import { logIn } from './seed.js';

interface Product {
  id: number;
  name: string;
  price: number;
}

// Until the monitors routes are merged into this branch (helper monitors), there is nothing to show.
const monitorsMerged = existsSync(path.join(import.meta.dirname, '../../src/http/routes/monitors.ts'));

describe.skipIf(!monitorsMerged)('the monitor pages', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let site: FixtureSite;
  let owner: TestUser;
  let receiver: http.Server;
  let hookUrl: string;
  // The receiver fails until told otherwise; what it received, by webhook-id.
  let receiverStatus = 500;
  const received: Array<{ id: string; signature: string; body: string }> = [];
  let products: Product[] = [
    { id: 1, name: 'Espresso', price: 4.5 },
    { id: 2, name: 'Filter', price: 9.99 },
    { id: 3, name: 'Moka pot', price: 29 },
  ];

  beforeAll(async () => {
    buildWeb();
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ id: String(req.headers['webhook-id']), signature: String(req.headers['webhook-signature']), body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(receiverStatus).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    [t, browser, site] = await Promise.all([
      startTestApp({ startWorker: true, env: { QUARRY_WEBHOOK_MAX_TRIES: '1', QUARRY_MONITOR_TICK_MS: '200', QUARRY_RATE_LIMITS: '0' } }),
      launch(),
      startFixtureSite([
        ['/', '<html><head><title>Kaffee Laden</title></head><body><h1>Shop</h1></body></html>'],
        ['/api/products', () => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: products }) })],
      ]),
    ]);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    owner = await t.user('developer');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await site?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  const runs = async (id: string) => (await t.call('GET', `/monitors/${id}/runs`, { key: owner.key })).json().runs as Array<{ status: string }>;
  const untilRuns = async (id: string, n: number) => {
    for (let i = 0; i < 300; i++) {
      const r = await runs(id);
      if (r.filter((x) => x.status === 'succeeded' || x.status === 'failed').length >= n) return r;
      await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error(`monitor ${id} did not finish ${n} runs`);
  };

  it('lists monitors, shows a change as added/removed records and fields from -> to, runs, and redelivers a failed webhook', async () => {
    const imported = await t.call('POST', '/scrapers', { key: owner.key, body: shopRecipe(site.url, [listProducts({ id: 'integer', name: 'string', price: 'number' })]) });
    expect(imported.statusCode, imported.body).toBe(201);
    const scraperId = imported.json().scraper_id as string;
    const created = await t.call('POST', '/monitors', {
      key: owner.key,
      body: { scraper_id: scraperId, endpoint_name: 'list_products', params: {}, every_seconds: 3600, webhook_url: hookUrl, key_fields: ['id'], name: 'Coffee prices' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const monitorId = created.json().monitor_id as string;

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await logIn(context, base, owner);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const problems = watchProblems(page);
    try {
      await page.goto(`${base}/apis`);
      await page.getByRole('link', { name: 'Monitors' }).click();
      await page.getByRole('heading', { name: 'Monitors' }).waitFor();
      await page.getByRole('link', { name: 'Coffee prices' }).click();
      await page.getByRole('heading', { name: /Coffee prices/ }).waitFor();
      expect(await page.getByTestId('schedule').textContent()).toBe('every 1 hour');
      await page.getByTestId('no-changes').waitFor();

      // The first run (from the page) sets the baseline: no change.
      await page.getByRole('button', { name: 'Run now' }).click();
      await untilRuns(monitorId, 1);
      await page.getByTestId('runs').locator('.badge-succeeded').first().waitFor();
      // The shop changes: one product goes, one comes, one price drops.
      products = [
        { id: 1, name: 'Espresso', price: 3.99 },
        { id: 3, name: 'Moka pot', price: 29 },
        { id: 4, name: 'Cold brew', price: 12.5 },
      ];
      await page.getByRole('button', { name: 'Run now' }).click();
      await untilRuns(monitorId, 2);
      const change = page.locator('article.change').first();
      await change.waitFor();
      expect(await change.getByTestId('added').textContent()).toContain('Cold brew');
      expect(await change.getByTestId('removed').textContent()).toContain('Filter');
      const price = change.getByTestId('changed').locator('tr[data-field="price"]');
      expect(await price.locator('del').textContent()).toBe('4.5');
      expect(await price.locator('ins').textContent()).toBe('3.99');
      expect(await change.getByTestId('changed').locator('caption').textContent()).toContain('1');
      expect(await change.locator('h3').textContent()).toContain('1 record added, 1 record removed, 1 record changed');

      // The receiver refused the webhook (one try in this test's config): failed, with its answer; redelivered from the page.
      const deliveries = page.getByTestId('deliveries');
      await deliveries.locator('.badge-failed').waitFor();
      expect(await deliveries.textContent()).toContain('HTTP 500');
      receiverStatus = 204;
      await deliveries.getByRole('button', { name: /Redeliver/ }).first().click();
      await deliveries.locator('.badge-succeeded').waitFor();
      expect(received.length).toBe(2);
      // The same change, so the same webhook-id (receivers dedupe by it), signed both times.
      expect(received[1].id).toBe(received[0].id);
      expect(received[1].signature).toMatch(/^v1,/);
      expect(JSON.parse(received[1].body).type).toBe('monitor.changed');
      await screenshot(page, 'monitor');

      // Pause and resume, then delete: back to the list, now empty.
      await page.getByRole('button', { name: 'Pause' }).click();
      await page.locator('h1 .badge-paused').waitFor();
      expect((await t.call('GET', `/monitors/${monitorId}`, { key: owner.key })).json().paused).toBe(true);
      await page.getByRole('button', { name: 'Resume' }).click();
      await page.locator('h1 .badge-active').waitFor();
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('button', { name: 'Yes, delete this monitor' }).click();
      await page.getByText('You have no monitors.').waitFor();
      expect((await t.call('GET', `/monitors/${monitorId}`, { key: owner.key })).statusCode).toBe(404);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});

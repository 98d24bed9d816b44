/** Shared pieces of the monitor tests: a changing shop, a webhook receiver, bounded waits. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';
import type { TestApp, TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { listProducts, shopRecipe } from '../marketplace/fixtures.js';

export interface Product {
  id: number;
  name: string;
  price: number;
}

export interface Shop {
  site: FixtureSite;
  products: Product[];
  /** HTTP status the products API answers (500: the site is down). */
  status: number;
}

export async function startShop(products: Product[]): Promise<Shop> {
  const shop: Shop = { site: undefined as unknown as FixtureSite, products, status: 200 };
  shop.site = await startFixtureSite([
    ['/', '<html><head><title>Kaffee Laden</title></head><body><h1>Shop</h1><nav><a href="/account">Sign in</a></nav></body></html>'],
    ['/api/products', () => ({ status: shop.status, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: shop.products }) })],
  ]);
  return shop;
}

/** Imports the shop's recipe for `user`; returns the scraper id. */
export async function importShop(t: TestApp, user: TestUser, shop: Shop): Promise<string> {
  const res = await t.call('POST', '/scrapers', { key: user.key, body: shopRecipe(shop.site.url, [listProducts({ id: 'integer', name: 'string', price: 'number' })]) });
  if (res.statusCode !== 201) throw new Error(`import failed: ${res.statusCode} ${res.body}`);
  return res.json().scraper_id as string;
}

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Status of the next answers; a function decides per request. */
  answer: (n: number) => number;
  close(): Promise<void>;
}

export async function startReceiver(answer: (n: number) => number = () => 204): Promise<Receiver> {
  const r: Receiver = { url: '', received: [], answer, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      r.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(r.answer(r.received.length)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  r.close = () => new Promise((resolve) => server.close(() => resolve()));
  return r;
}

export async function waitFor<T>(fn: () => Promise<T | undefined | null | false>, timeout = 20_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const v = await fn();
      if (!v) throw new Error('not yet');
      return v;
    },
    { timeout, interval: 50 },
  );
}

/** Runs the monitor now and waits until that run finished; returns it. */
export async function runNow(t: TestApp, user: TestUser, monitorId: string): Promise<{ run_id: string; status: string; change_id: string | null; error_code: string | null; charged: number }> {
  const queued = await t.call('POST', `/monitors/${monitorId}/run`, { key: user.key });
  if (queued.statusCode !== 202) throw new Error(`run failed: ${queued.statusCode} ${queued.body}`);
  const runId = queued.json().run_id as string;
  return waitFor(async () => {
    const runs = (await t.call('GET', `/monitors/${monitorId}/runs?limit=100`, { key: user.key })).json().runs as Array<{ run_id: string; status: string; change_id: string | null; error_code: string | null; charged: number }>;
    const run = runs.find((r) => r.run_id === runId);
    return run && (run.status === 'succeeded' || run.status === 'failed') ? run : undefined;
  });
}

/**
 * Every script (issue 11, point 6) through the real service: a Chinese shop with NT$ prices and
 * a right-to-left Hebrew shop with ₪ after the number. Endpoint names, keys, the sample
 * inputs' whole page, page 3, and list -> detail chaining with the detail table's fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { chineseShop, hebrewShop, HE_ITEMS, ZH_ITEMS, type ShopItem } from '../fixtures/sites/script-shops.js';
import { build, execute } from './helpers.js';

describe('shops in other scripts (issue 11)', () => {
  let t: TestApp;
  let u: TestUser;
  const sites: FixtureSite[] = [];

  beforeAll(async () => {
    t = await startTestApp({ startWorker: true, env: { QUARRY_BUILD_TIME_BUDGET_MS: '30000' } });
    u = await t.user('developer');
  });
  afterAll(async () => {
    await t.close();
    for (const s of sites) await s.close();
  });

  async function check(routes: Parameters<typeof startFixtureSite>[0], items: ShopItem[], currency: string) {
    const site = await startFixtureSite(routes);
    sites.push(site);
    const task = await build(t, u, `${site.url}/`, 'list the products with name, price and availability, and the details of each product');
    expect(task.status, task.error).toBe('completed');
    const eps = task.generated_api.endpoints;
    const list = eps.find((e: any) => e.endpoint_name === 'list_products');
    const get = eps.find((e: any) => e.endpoint_name === 'get_product');
    expect(list && get, JSON.stringify(eps.map((e: any) => e.endpoint_name))).toBeTruthy();
    const call = async (ep: any, params: Record<string, unknown>) => {
      const res = await execute(t, u, task.generated_api.scraper_id, ep.endpoint_name, params, ep.method);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const first = await call(list, list.sample_inputs);
    expect(first.map((r: any) => [r.name, r.price, r.currency])).toEqual(items.slice(0, 6).map((g) => [g.name, g.price, currency]));
    const third = await call(list, { page: 3 });
    expect(third.map((r: any) => r.name)).toEqual(items.slice(12, 18).map((g) => g.name));
    const param = Object.keys(get.input_params.properties)[0];
    const record = third[4];
    const detail = await call(get, { [param]: record[param] });
    const g = items[16];
    expect(detail).toMatchObject({ name: g.name, price: g.price, brand: g.brand, sku: g.code, availability: g.inStock ? 'InStock' : 'OutOfStock' });
  }

  it('a Chinese shop with NT$ prices', () => check(chineseShop(), ZH_ITEMS, 'TWD'));
  it('a right-to-left Hebrew shop with ₪ prices', () => check(hebrewShop(), HE_ITEMS, 'ILS'));
});

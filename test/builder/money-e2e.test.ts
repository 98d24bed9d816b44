/**
 * Money is never an integer (issue 27 point 4), through the real service: the shop's totals are
 * whole pounds on every page the build sees, then pence; the API answers the pence and types
 * every total `number`, while a count (items) stays an integer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ORDER_BOOK, trackedOrders, wholePoundsSite } from '../fixtures/sites/whole-pounds.js';
import { build, execute, useBuildService } from './helpers.js';

describe('money from whole amounts (issue 27)', () => {
  const s = useBuildService(wholePoundsSite);
  afterAll(() => {
    ORDER_BOOK.pence = false;
  });

  it('types a total number when training shows whole pounds, and answers £19.99 as 19.99', { timeout: 120_000 }, async () => {
    const { t, u, site } = s;
    ORDER_BOOK.pence = false;
    const task = await build(t, u, `${site.url}/`, 'list my orders, and get each order page: order number, items, total', 90_000);
    expect(task.status, task.error).toBe('completed');
    const eps = task.generated_api.endpoints as any[];
    const list = eps.find((e) => e.endpoint_name.startsWith('list_'));
    const get = eps.find((e) => e.endpoint_name.startsWith('get_'));
    expect(list && get, JSON.stringify(eps.map((e) => e.endpoint_name))).toBeTruthy();
    const listRecord = list.return_schema.properties.data.items.properties;
    const detailRecord = get.return_schema.properties.data.properties;
    const totalKey = (props: Record<string, any>) => Object.keys(props).find((k) => /total|price/.test(k));
    for (const props of [listRecord, detailRecord]) {
      const key = totalKey(props);
      expect(key, JSON.stringify(props)).toBeTruthy();
      expect([props[key!].type].flat()).toContain('number');
      expect([props[key!].type].flat()).not.toContain('integer');
    }

    // The shop now charges pence: the same API answers them, unrounded.
    ORDER_BOOK.pence = true;
    const call = async (ep: any, params: Record<string, unknown>) => {
      const res = await execute(t, u, task.generated_api.scraper_id, ep.endpoint_name, params, ep.method);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const rows = await call(list, {});
    const listTotal = totalKey(listRecord)!;
    expect(rows.map((r: any) => r[listTotal])).toEqual(trackedOrders().map((o) => o.pence / 100));
    const param = Object.keys(get.input_params.properties)[0];
    const first = await call(get, { [param]: rows[0][param] });
    expect(first[totalKey(detailRecord)!]).toBe(19.99);
    const items = Object.keys(detailRecord).find((k) => /items/.test(k));
    if (items) expect(first[items]).toBe(2);
  });
});

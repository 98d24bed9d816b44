/**
 * A site whose HTML holds no records: exploration finds the JSON endpoint its script calls
 * (inline or in a script file), probes it and its next page; induceJsonList builds a json_list
 * extraction with next_page pagination, and the interpreter runs it over every page.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { pagesOf } from '../../src/builder/explore/index.js';
import { induceJsonList, jsonPaging } from '../../src/builder/jsonapi/index.js';
import { listSteps } from '../../src/builder/list/index.js';
import { RECORDS, jsonAppSite } from '../fixtures/sites/jsonapp.js';
import { exploreSite, fieldAccuracy, harness, recipeWith, runList, type Harness } from './helpers.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('JSON API lists', () => {
  for (const external of [false, true]) {
    it(`finds the endpoint in ${external ? 'a script file' : 'an inline script'} and runs the induced json_list over every page`, async () => {
      h = await harness(jsonAppSite({ external }));
      const ex = await exploreSite(h);
      const endpoint = ex.jsonEndpoints.find((e) => e.probe?.isJson);
      expect(endpoint?.url).toBe(`${h.site.url}/api/items?page=1`);
      expect(endpoint?.foundIn).toBe(external ? `${h.site.url}/static/app.js` : `${h.site.url}/`);
      expect(endpoint?.probe?.arrays[0]).toMatchObject({ path: 'items', length: 12 });
      expect(endpoint?.pages).toEqual([`${h.site.url}/api/items?page=1`, `${h.site.url}/api/items?page=2`]);
      // The records' url fields reveal the detail pages.
      expect(ex.detail?.template.pattern).toBe('/records/{id}');

      const list = induceJsonList(pagesOf(ex, endpoint!.pages), { url: endpoint!.url });
      expect(list.path).toBe('items');
      expect(list.pagination).toEqual({ kind: 'cursor', path: 'next_page', start: '1' });
      expect(list.request).toEqual({ url: `${h.site.url}/api/items`, query: { page: '{cursor}' } });
      expect(list.fields.map((f) => [f.name, f.type])).toEqual(
        expect.arrayContaining([['id', 'integer'], ['title', 'string'], ['year', 'integer'], ['price_amount', 'number'], ['genres', 'array'], ['in_stock', 'boolean'], ['url', 'url']]),
      );

      const records = await runList(h, recipeWith(h.site.url, 'list_records', listSteps(list, { maxPages: 10 })), 'list_records');
      expect(records).toHaveLength(RECORDS.length);
      const byId = new Map(RECORDS.map((r) => [r.id, r]));
      const accuracy = fieldAccuracy(records, (r) => byId.get(r.id as number), {
        title: (r) => r.title,
        artist: (r) => r.artist,
        year: (r) => r.year,
        price_amount: (r) => r.price.amount,
        price_currency: (r) => r.price.currency,
        genres: (r) => r.genres,
        in_stock: (r) => r.in_stock,
        url: (r) => `${h!.site.url}/records/${r.id}`,
      });
      expect(Object.values(accuracy).every((a) => a === 1)).toBe(true);
    });
  }
});

describe('JSON pagination styles', () => {
  const url = 'https://api.example.com/v1/items?page=1&limit=20';
  it('reads a next URL as a cursor that starts at the first URL', () => {
    expect(jsonPaging(url, { data: [], links: { next: 'https://api.example.com/v1/items?page=2&limit=20' } }, 20)).toMatchObject({
      strategy: { kind: 'cursor', path: 'links.next', start: url },
      request: { url: '{+cursor}' },
    });
  });
  it('reads a cursor token and learns its parameter from the second page URL', () => {
    const paging = jsonPaging('https://x.test/feed', { items: [], next_cursor: 'abc' }, 10, 'https://x.test/feed?after=abc');
    expect(paging).toMatchObject({ strategy: { kind: 'cursor', path: 'next_cursor' }, request: { url: 'https://x.test/feed', query: { after: '{cursor}' } } });
  });
  it('uses page numbers and offsets from the URL', () => {
    expect(jsonPaging(url, { items: [], pages: 5 }, 20)).toMatchObject({ strategy: { kind: 'page_param', start: 1 }, request: { url: 'https://api.example.com/v1/items?limit=20', query: { page: '{page}' } } });
    expect(jsonPaging('https://x.test/api?offset=0', { results: [] }, 25)).toMatchObject({ strategy: { kind: 'offset', page_size: 25, start: 0 }, request: { query: { offset: '{offset}' } } });
  });
  it('answers null when nothing pages', () => {
    expect(jsonPaging('https://x.test/api/all', { items: [{ id: 1 }] }, 1)).toBeNull();
  });
});

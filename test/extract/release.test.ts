/**
 * PageContext.release: a call's pages let go of their DOM when the call ends (cheerio.load would
 * otherwise keep each document reachable until the next full GC, see page-context.ts). Released,
 * a context must still answer exactly as before; and a call must release every page it read.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PageContext, evaluateExtraction } from '../../src/recipe/extract/index.js';
import type { Extraction } from '../../src/recipe/types.js';
import { runEndpoint, type Step } from '../../src/recipe/index.js';
import type { Fetcher } from '../../src/fetch/types.js';
import { startBooksSite, type BooksSite } from '../recipe/helpers/books-site.js';
import { createTestFetcher } from '../recipe/helpers/fetcher.js';
import { bookListExtract, oneEndpoint } from '../recipe/helpers/recipes.js';

const HTML = `<html><head><base href="https://shop.example/c/">
<meta property="og:title" content="Shop">
<script type="application/ld+json">{"@type":"Product","name":"Lamp","offers":{"price":"12.50"}}</script>
</head><body>
<ul><li class="item"><a href="a.html" title="A">A</a><span class="price">1,50 €</span></li>
<li class="item"><a href="b.html" title="B">B</a><span class="price">2,00 €</span></li></ul>
</body></html>`;

const LIST: Extraction = {
  kind: 'list',
  items: 'li.item',
  fields: {
    title: { sources: [{ css: 'a', attr: 'title' }] },
    url: { sources: [{ css: 'a', attr: 'href' }], transforms: [{ op: 'absolute_url' }] },
    price: { sources: [{ css: '.price' }], transforms: [{ op: 'currency_amount' }] },
  },
};
const OBJECT: Extraction = {
  kind: 'object',
  fields: {
    name: { sources: [{ jsonld: { type: 'Product', path: 'name' } }] },
    site: { sources: [{ meta: 'og:title' }] },
    count: { sources: [{ css: 'li.item', attr: 'title' }] },
  },
};

describe('PageContext.release', () => {
  it('answers the same after a release as before it (the page is read again)', () => {
    const ctx = new PageContext({ url: 'https://shop.example/c/list.html', contentType: 'text/html', text: HTML });
    const before = [evaluateExtraction(LIST, ctx), evaluateExtraction(OBJECT, ctx)];
    ctx.release();
    expect([evaluateExtraction(LIST, ctx), evaluateExtraction(OBJECT, ctx)]).toEqual(before);
    ctx.release();
    ctx.release();
    expect(evaluateExtraction(LIST, ctx)).toEqual(before[0]);
  });

  it('leaves the released document empty, so what still reaches it holds nothing', () => {
    const ctx = new PageContext({ url: 'https://shop.example/', contentType: 'text/html', text: HTML });
    const $ = ctx.$;
    const items = $('li.item').toArray();
    expect(items).toHaveLength(2);
    ctx.release();
    expect($.root().children()).toHaveLength(0);
    expect(ctx.$('li.item')).toHaveLength(2);
    expect(ctx.$).not.toBe($);
  });

  it('is harmless on a page never parsed and on JSON pages', () => {
    const json = new PageContext({ url: 'https://api.example/', contentType: 'application/json', text: '{"a":[1,2]}' });
    json.release();
    expect(json.jsonBody()).toEqual({ a: [1, 2] });
    json.release();
    expect(json.jsonBody()).toEqual({ a: [1, 2] });
  });
});

describe('a call releases the pages it read', () => {
  let site: BooksSite;
  let fetcher: Fetcher;
  beforeAll(async () => {
    site = await startBooksSite([]);
    fetcher = createTestFetcher();
  });
  afterAll(async () => {
    await fetcher.close();
    await site.close();
  });
  afterEach(() => vi.restoreAllMocks());

  it('on success, once per page read, after the extraction', async () => {
    const release = vi.spyOn(PageContext.prototype, 'release');
    const steps: Step[] = [
      { type: 'paginate', strategy: { kind: 'next_link', selector: 'a[rel=next]' }, max_pages: 2, steps: [{ type: 'request', url: '/books' }, bookListExtract] },
    ];
    const { body } = await runEndpoint(oneEndpoint(site.url, steps), 'run', {}, { fetcher });
    expect((body as { data: unknown[] }).data).toHaveLength(20);
    // Two pages, each read by the extract step and by the next-link lookup: one context each.
    expect(release).toHaveBeenCalledTimes(2);
  });

  it('when the call fails too', async () => {
    const release = vi.spyOn(PageContext.prototype, 'release');
    const steps: Step[] = [
      { type: 'request', url: '/books' },
      { type: 'extract', extract: { kind: 'object', fields: { x: { sources: [{ css: '.no-such-thing' }], required: true } } } },
    ];
    await expect(runEndpoint(oneEndpoint(site.url, steps), 'run', {}, { fetcher })).rejects.toMatchObject({ code: 'scraper_bug' });
    expect(release).toHaveBeenCalledTimes(1);
  });
});

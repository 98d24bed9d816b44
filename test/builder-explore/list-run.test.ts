/**
 * Induced list extractions, run as recipes by the interpreter against the fixture sites with the
 * real fetcher. Induction sees the first two list pages only; the run walks every page, so the
 * later pages check that the selectors generalise. Accuracy is measured per field against the
 * sites' ground truth.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { pagesOf } from '../../src/builder/explore/index.js';
import { induceList, listSteps } from '../../src/builder/list/index.js';
import { BOOKS, detailPath as bookPath } from '../fixtures/sites/books.js';
import { booksSite } from '../fixtures/sites/books.js';
import { CHAPTERS, plainSite } from '../fixtures/sites/plain.js';
import { POSTS, postPath, newsSite } from '../fixtures/sites/news.js';
import { LIST_FIELDS, PRODUCTS, detailPath, imagePath, tiendaSite, PAGES as TIENDA_PAGES, PAGE_SIZE as TIENDA_PAGE_SIZE } from '../fixtures/sites/tienda.js';
import { exploreSite, fieldAccuracy, harness, recipeWith, runList, type Harness } from './helpers.js';

const WORDS = ['', 'One', 'Two', 'Three', 'Four', 'Five'];
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('induced list endpoints run through the interpreter', () => {
  it('books: trained on two pages, right on all three (card grid, class-word rating, truncated titles)', async () => {
    h = await harness(booksSite());
    const ex = await exploreSite(h);
    expect(ex.listPages.length).toBeGreaterThanOrEqual(3);
    const training = ex.listPages.slice(0, 2);
    const list = induceList(pagesOf(ex, training), { detailTemplate: ex.detail!.template });
    expect(list.extraction.items).toBe('article.product_pod');
    expect(list.pagination).toEqual({ kind: 'next_link', selector: expect.any(String) });
    const recipe = recipeWith(h.site.url, 'list_books', listSteps(list, { maxPages: 10 }));
    const records = await runList(h, recipe, 'list_books');
    expect(records).toHaveLength(BOOKS.length);
    // Page 3 was never seen by induction.
    const unseen = records.slice(16);
    expect(unseen.length).toBe(6);
    const byUrl = new Map(BOOKS.map((b) => [`${h!.site.url}${bookPath(b)}`, b]));
    for (const set of [records, unseen]) {
      const accuracy = fieldAccuracy(set, (r) => byUrl.get(String(r.url)), {
        url: (b) => `${h!.site.url}${bookPath(b)}`,
        title: (b) => b.title,
        price: (b) => b.price,
        currency: () => 'GBP',
        rating: (b) => b.rating,
        availability: (b) => (b.available ? 'In stock' : 'Out of stock'),
        image: (b) => `${h!.site.url}/media/${b.id}.jpg`,
      });
      expect(accuracy).toEqual({ url: 1, title: 1, price: 1, currency: 1, rating: 1, availability: 1, image: 1 });
    }
    expect(WORDS[records[0].rating as number]).toBe('One');
  });

  it('tienda: div grid in rows, European prices, lazy images, data-rating, ?page=N', async () => {
    h = await harness(tiendaSite());
    const ex = await exploreSite(h, '/productos');
    expect(ex.listPages).toHaveLength(TIENDA_PAGES);
    const list = induceList(pagesOf(ex, ex.listPages.slice(0, 2)), { detailTemplate: ex.detail!.template });
    expect(list.itemCount).toEqual([TIENDA_PAGE_SIZE, TIENDA_PAGE_SIZE]);
    const names = list.fields.map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['url', 'title', 'price', 'currency', 'image', 'rating', 'availability']));
    const recipe = recipeWith(h.site.url, 'list_products', listSteps(list, { maxPages: 10 }));
    const records = await runList(h, recipe, 'list_products');
    expect(records).toHaveLength(PRODUCTS.length);
    const byUrl = new Map(PRODUCTS.map((p) => [`${h!.site.url}${detailPath(p)}`, p]));
    const accuracy = fieldAccuracy(records.slice(2 * TIENDA_PAGE_SIZE), (r) => byUrl.get(String(r.url)), {
      ...LIST_FIELDS,
      url: (p) => `${h!.site.url}${detailPath(p)}`,
      image: (p) => `${h!.site.url}${imagePath(p)}`,
    });
    expect(accuracy).toEqual({ title: 1, price: 1, currency: 1, rating: 1, availability: 1, url: 1, image: 1 });
    // Prices above a thousand ("1.299,00 €") are read with the dot grouping thousands.
    expect(records.some((r) => (r.price as number) > 1000)).toBe(true);

    // The numbered-page alternative: ?page={page} until a page comes back empty.
    const alternative = list.paginationOptions.find((p) => p.strategy.kind === 'page_param')!;
    expect(alternative).toMatchObject({ strategy: { kind: 'page_param', start: 1 }, request: { url: `${h.site.url}/productos`, query: { page: '{page}' } } });
    const byPage = listSteps({ ...list, pagination: alternative.strategy, request: alternative.request }, { maxPages: 10 });
    const again = await runList(h, recipeWith(h.site.url, 'list_by_page', byPage), 'list_by_page');
    expect(again).toEqual(records);
  });

  it('news: posts with <time datetime>, "By" authors and excerpts; older-posts pagination', async () => {
    h = await harness(newsSite());
    const ex = await exploreSite(h);
    const list = induceList(pagesOf(ex, ex.listPages.slice(0, 2)), { detailTemplate: ex.detail!.template });
    const names = list.fields.map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['url', 'title', 'date', 'author', 'description']));
    const recipe = recipeWith(h.site.url, 'list_posts', listSteps(list, { maxPages: 10 }));
    const records = await runList(h, recipe, 'list_posts');
    expect(records).toHaveLength(POSTS.length);
    const byUrl = new Map(POSTS.map((p) => [`${h!.site.url}${postPath(p)}`, p]));
    const accuracy = fieldAccuracy(records.slice(12), (r) => byUrl.get(String(r.url)), {
      title: (p) => p.title,
      date: (p) => p.date,
      author: (p) => p.author,
      description: (p) => p.excerpt,
    });
    expect(accuracy).toEqual({ title: 1, date: 1, author: 1, description: 1 });
  });

  it('plain index: bare links separated by <br> are records', async () => {
    h = await harness(plainSite());
    const ex = await exploreSite(h);
    const list = induceList(pagesOf(ex, ex.listPages), { detailTemplate: ex.detail!.template });
    expect(list.pagination).toBeNull();
    const records = await runList(h, recipeWith(h.site.url, 'list_chapters', listSteps(list)), 'list_chapters');
    expect(records.map((r) => [r.title, r.url])).toEqual(CHAPTERS.map((c) => [`Chapter ${c.number}: ${c.title}`, `${h!.site.url}${c.file}`]));
  });
});

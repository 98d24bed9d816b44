/**
 * Search endpoints from GET forms: the library's form (query, a format select, a hidden lang)
 * is probed with words from the new arrivals' titles, the result table is induced, and the
 * endpoint answers other queries, with a filter and over several result pages, through the
 * interpreter. The books site's search reuses the list pages' item selector.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createBudgetedFetcher, pagesOf, probeWords } from '../../src/builder/explore/index.js';
import { evaluateExtraction } from '../../src/recipe/extract/index.js';
import { induceList } from '../../src/builder/list/index.js';
import { induceSearch, searchSteps } from '../../src/builder/search/index.js';
import { BOOKS, booksSite } from '../fixtures/sites/books.js';
import { RESULTS_PER_PAGE, librarySite, searchHits } from '../fixtures/sites/library.js';
import { exploreSite, fieldAccuracy, harness, recipeWith, runList, type Harness } from './helpers.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function titlesOf(pages: ReturnType<typeof pagesOf>, extraction: Parameters<typeof evaluateExtraction>[0]): string[] {
  return pages.flatMap((p) => (evaluateExtraction(extraction, p) as Array<{ title?: string }>).map((r) => r.title ?? '')).filter(Boolean);
}

describe('search endpoints', () => {
  it('library: form parameters, probes, result table, filter and result pages', async () => {
    h = await harness(librarySite());
    const ex = await exploreSite(h);
    expect(ex.searchForms).toHaveLength(1);
    const form = ex.searchForms[0];
    expect(form).toMatchObject({ action: `${h.site.url}/catalogue/search`, queryParam: 'query', method: 'GET' });
    const arrivals = induceList(pagesOf(ex, ex.listPages), { detailTemplate: ex.detail!.template });
    const words = probeWords(titlesOf(pagesOf(ex, ex.listPages), arrivals.extraction));
    const before = h.site.requests.length;
    const fetcher = createBudgetedFetcher({ fetcher: h.fetcher, signal: new AbortController().signal, maxPages: 5, deadline: Date.now() + 60_000, perHostConcurrency: 2, hosts: ex.site.hosts });
    const search = await induceSearch({ form, fetcher, probeWords: words, detailTemplate: ex.detail!.template });
    if (!search.ok) throw new Error(search.reason);
    expect(h.site.requests.length - before).toBeLessThanOrEqual(3);
    expect(search.params.map((p) => [p.name, p.required, p.enum])).toEqual([
      ['query', true, undefined],
      ['type', false, ['book', 'dvd', 'audiobook']],
    ]);
    expect(search.request).toEqual({ url: `${h.site.url}/catalogue/search`, query: { query: '{query}', type: '{type}', lang: 'en' } });
    expect(search.pagination).toEqual({ kind: 'next_link', selector: expect.any(String) });
    expect(search.list.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['url', 'title', 'author', 'year', 'format']));

    const params = {
      type: 'object',
      properties: { query: { type: 'string', minLength: 1 }, type: { type: 'string', enum: ['book', 'dvd', 'audiobook'] } },
      required: ['query'],
    };
    const recipe = recipeWith(h.site.url, 'search_catalogue', searchSteps(search, { maxPages: 5 }), params, search.sampleInputs);
    const byUrl = (r: Record<string, unknown>) => searchHits('a').find((it) => `${h!.site.url}/record/${it.id}` === r.url);
    const truth = { title: (it: { title: string }) => it.title, author: (it: { author: string }) => it.author, year: (it: { year: number }) => it.year, format: (it: { format: string }) => it.format };

    const astronomy = await runList(h, recipe, 'search_catalogue', { query: 'astronomy' });
    expect(astronomy.map((r) => r.url)).toEqual(searchHits('astronomy').map((it) => `${h!.site.url}/record/${it.id}`));
    expect(fieldAccuracy(astronomy, byUrl, truth)).toEqual({ title: 1, author: 1, year: 1, format: 1 });

    const dvds = await runList(h, recipe, 'search_catalogue', { query: 'astronomy', type: 'dvd' });
    expect(dvds.map((r) => r.format)).toEqual(searchHits('astronomy', 'dvd').map(() => 'DVD'));
    expect(dvds.length).toBeGreaterThan(0);

    // "edition" matches 30 items: three result pages of ten, followed by the next link.
    const editions = await runList(h, recipe, 'search_catalogue', { query: 'edition' });
    expect(editions).toHaveLength(searchHits('edition').length);
    expect(editions.length).toBeGreaterThan(2 * RESULTS_PER_PAGE);
    expect(fieldAccuracy(editions, byUrl, truth)).toEqual({ title: 1, author: 1, year: 1, format: 1 });
  });

  it('books: the list pages\' items selector is reused on search results', async () => {
    h = await harness(booksSite());
    const ex = await exploreSite(h);
    const list = induceList(pagesOf(ex, ex.listPages.slice(0, 2)), { detailTemplate: ex.detail!.template });
    const words = probeWords(BOOKS.map((b) => b.title));
    const search = await induceSearch({ form: ex.searchForms[0], fetcher: h.fetcher, probeWords: words, listExtraction: list.extraction, detailTemplate: ex.detail!.template });
    if (!search.ok) throw new Error(search.reason);
    expect(search.list.extraction.items).toBe(list.extraction.items);
    const recipe = recipeWith(h.site.url, 'search_books', searchSteps(search), { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] }, search.sampleInputs);
    const hits = await runList(h, recipe, 'search_books', { query: 'the' });
    expect(hits.map((r) => r.title)).toEqual(BOOKS.filter((b) => b.title.toLowerCase().includes('the')).map((b) => b.title));
  });

  it('answers not ok when no probe finds anything', async () => {
    h = await harness(librarySite());
    const ex = await exploreSite(h);
    const search = await induceSearch({ form: ex.searchForms[0], fetcher: h.fetcher, probeWords: ['zzqx', 'qqzz'] });
    expect(search).toMatchObject({ ok: false, probes: [{ word: 'zzqx', matching: 0 }, { word: 'qqzz', matching: 0 }] });
  });
});

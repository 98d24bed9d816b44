/**
 * Exploration of each fixture site with the real fetcher: URL templates and their classification,
 * list pages and pagination, detail templates and parameter candidates, search forms, feeds,
 * sitemaps, JSON endpoints and structured data; entry pages that are details or plain indexes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fillTemplate, type Exploration } from '../../src/builder/explore/index.js';
import { BOOKS, booksSite, detailPath as bookPath } from '../fixtures/sites/books.js';
import { CHAPTERS, plainSite } from '../fixtures/sites/plain.js';
import { POSTS, newsSite, postPath } from '../fixtures/sites/news.js';
import { librarySite } from '../fixtures/sites/library.js';
import { PAGES as TIENDA_PAGES, tiendaSite } from '../fixtures/sites/tienda.js';
import { exploreSite, harness, recipeWith, type Harness } from './helpers.js';
import { runEndpoint } from '../../src/recipe/index.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const kindOf = (ex: Exploration, pattern: string) => ex.groups.find((g) => g.template.pattern === pattern)?.kind;

describe('explore', () => {
  it('books from "/": detail template, list chain past a broken next link, search form, parameters', async () => {
    h = await harness(booksSite());
    const ex = await exploreSite(h);
    const u = h.site.url;
    expect(ex.entry).toMatchObject({ url: `${u}/`, finalUrl: `${u}/index.html`, status: 200, contentType: 'text/html', kind: 'list' });
    expect(ex.detail?.template.pattern).toBe('/catalogue/{slug}_{id}/index.html');
    expect(ex.detail?.sampleUrls.length).toBeGreaterThanOrEqual(3);
    expect(ex.detail!.similarity).toBeGreaterThan(0.5);
    expect(kindOf(ex, '/catalogue/{slug}_{id}/index.html')).toBe('detail');
    expect(kindOf(ex, '/catalogue/page-{page}.html')).toBe('pagination');
    // index.html's "next" is page-2.html at the root, which does not exist: the catalogue's chain wins.
    expect(ex.listPages).toEqual([1, 2, 3].map((n) => `${u}/catalogue/page-${n}.html`));
    expect(ex.pagination).toMatchObject({ kind: 'next_link', pageVar: 'page', pageTemplate: { pattern: '/catalogue/page-{page}.html' } });
    expect(ex.stats.failures.map((f) => f.url)).toContain(`${u}/page-2.html`);
    expect(ex.searchForms).toEqual([{ pageUrl: `${u}/index.html`, action: `${u}/search`, method: 'GET', queryParam: 'q', inputs: [], label: 'Search books' }]);
    expect(ex.robots).toEqual({ fetched: true, sitemapLines: [] });
    expect(ex.sitemaps.unread).toEqual([`${u}/sitemap.xml`]);
    for (const url of ex.listPages) expect(ex.pages[url].kind).toBe('list');

    const [joined, each, whole] = ex.detail!.parameters;
    const book = BOOKS[0];
    expect(joined).toMatchObject({ urlTemplate: `${u}/catalogue/{id}/index.html`, params: [{ name: 'id', type: 'string' }] });
    expect(joined.examples[0]).toEqual({ id: `${book.slug}_${book.id}` });
    expect(each).toMatchObject({ urlTemplate: `${u}/catalogue/{slug}_{id}/index.html`, params: [{ name: 'slug', type: 'string' }, { name: 'id', type: 'integer' }] });
    expect(each.examples[0]).toEqual({ slug: book.slug, id: book.id });
    expect(whole).toMatchObject({ urlTemplate: '{+url}', params: [{ name: 'url' }] });
    expect(u + fillTemplate(ex.detail!.template, { slug: book.slug, id: book.id })).toBe(u + bookPath(book));
  });

  it('books from a detail page: breadcrumbs lead to the list, the entry is a detail page', async () => {
    h = await harness(booksSite());
    const book = BOOKS[4];
    const ex = await exploreSite(h, bookPath(book));
    expect(ex.entry.kind).toBe('detail');
    expect(ex.detail?.template.pattern).toBe('/catalogue/{slug}_{id}/index.html');
    expect(ex.detail?.sampleUrls.at(-1)).toBe(`${h.site.url}${bookPath(book)}`);
    expect(ex.listPages[0]).toBe(`${h.site.url}/catalogue/page-1.html`);
    expect(ex.listPages.length).toBeGreaterThanOrEqual(2);
  });

  it('tienda from its home page: a hub leads to the grid; ?page=N pages, JSON-LD on details', async () => {
    h = await harness(tiendaSite());
    const ex = await exploreSite(h);
    const u = h.site.url;
    expect(ex.entry.kind).toBe('other');
    expect(ex.detail?.template.pattern).toBe('/productos/{id}/{slug}');
    expect(ex.listPages).toEqual([`${u}/productos`, ...Array.from({ length: TIENDA_PAGES - 1 }, (_, i) => `${u}/productos?page=${i + 2}`)]);
    expect(kindOf(ex, '/productos?page={page}')).toBe('pagination');
    expect(ex.pagination).toMatchObject({ kind: 'next_link', pageTemplate: { pattern: '/productos?page={page}' } });
    expect(ex.structured.detail.jsonLdTypes).toContain('Product');
    expect(ex.structured.list.jsonLdTypes).toEqual([]);
    // Two variable segments: one {+path} value, or id and slug.
    expect(ex.detail!.parameters.map((p) => p.urlTemplate)).toEqual([`${u}/productos/{+path}`, `${u}/productos/{id}/{slug}`, '{+url}']);
  });

  it('news: dated post template, older-posts chain, RSS feed, sitemap index, NewsArticle', async () => {
    h = await harness(newsSite());
    const ex = await exploreSite(h);
    const u = h.site.url;
    expect(ex.detail?.template).toEqual({
      pattern: '/{year}/{month}/{day}/{slug}/',
      variables: ['year', 'month', 'day', 'slug'].map((name) => ({ name, kind: name === 'slug' ? 'slug' : 'integer', in: 'path' })),
    });
    expect(ex.detail?.urls).toHaveLength(POSTS.length);
    expect(ex.listPages).toEqual([`${u}/`, `${u}/page/2/`, `${u}/page/3/`, `${u}/page/4/`]);
    expect(kindOf(ex, '/page/{page}/')).toBe('pagination');
    expect(kindOf(ex, '/section/{section}/')).toBe('list');
    expect(ex.feeds).toEqual([{ url: `${u}/feed.xml`, type: 'rss', title: 'Riverside Post', fetched: true, items: expect.any(Array) }]);
    expect(ex.feeds[0].items[0]).toEqual({ title: POSTS[0].title, link: `${u}${postPath(POSTS[0])}`, published: expect.any(String) });
    expect(ex.robots.sitemapLines).toEqual([`${u}/sitemap_index.xml`]);
    expect(ex.sitemaps.read).toEqual([`${u}/sitemap_index.xml`, `${u}/post-sitemap.xml`, `${u}/page-sitemap.xml`]);
    expect(ex.sitemaps.pageCount).toBe(POSTS.length + 3);
    expect(ex.structured.detail).toMatchObject({ jsonLdTypes: ['NewsArticle', 'Person'], ogTypes: ['article'] });
    const path = ex.detail!.parameters[0];
    expect(path).toMatchObject({ urlTemplate: `${u}/{+path}/`, params: [{ name: 'path', type: 'string' }] });
    expect(path.examples[0]).toEqual({ path: postPath(POSTS[0]).slice(1, -1) });
  });

  it('plain index: links between <br>s to numbered pages; zero-padded ids stay strings', async () => {
    h = await harness(plainSite());
    const ex = await exploreSite(h);
    expect(ex.entry.kind).toBe('list');
    expect(ex.detail?.template.pattern).toBe('/pages/{id}.htm');
    expect(ex.detail?.urls).toHaveLength(CHAPTERS.length);
    expect(ex.detail!.parameters[0].params[0]).toMatchObject({ name: 'id', type: 'string', examples: ['0001', '0002', '0003', '0004', '0005'] });
    // Next/previous links between chapters do not make the chapters a pagination.
    expect(kindOf(ex, '/pages/{id}.htm')).toBe('detail');
    expect(ex.pagination).toBeNull();
    expect(ex.stats.stoppedBy).toBe('done');
  });

  it('library: a GET form with a select and a hidden input; the POST newsletter form is ignored', async () => {
    h = await harness(librarySite());
    const ex = await exploreSite(h);
    expect(ex.searchForms).toHaveLength(1);
    expect(ex.searchForms[0]).toMatchObject({
      queryParam: 'query',
      label: 'Title or author',
      inputs: [
        { name: 'type', type: 'select', hidden: false, options: ['', 'book', 'dvd', 'audiobook'], value: '' },
        { name: 'lang', type: 'hidden', hidden: true, value: 'en' },
      ],
    });
    expect(ex.detail?.template.pattern).toBe('/record/{id}');
  });

  describe('detail parameter candidates fetch the page back through the interpreter', () => {
    const cases: Array<[string, () => ReturnType<typeof booksSite>, string]> = [
      ['books', booksSite, '/'],
      ['tienda', tiendaSite, '/productos'],
      ['news', newsSite, '/'],
      ['plain', plainSite, '/'],
    ];
    for (const [name, routes, start] of cases) {
      it(name, async () => {
        h = await harness(routes());
        const ex = await exploreSite(h, start);
        expect(ex.detail!.parameters.length).toBeGreaterThanOrEqual(2);
        for (const candidate of ex.detail!.parameters) {
          const properties = Object.fromEntries(candidate.params.map((p) => [p.name, { type: p.type, pattern: p.pattern }]));
          const params = { type: 'object', properties, required: candidate.params.map((p) => p.name) };
          const steps = [
            { type: 'request' as const, url: candidate.urlTemplate },
            { type: 'extract' as const, extract: { kind: 'object' as const, fields: { heading: { sources: [{ css: 'h1' }] }, url: { sources: [{ page_url: true as const }] } } } },
          ];
          const recipe = recipeWith(h.site.url, 'get_thing', steps, params, candidate.examples[1]);
          const result = await runEndpoint(recipe, 'get_thing', candidate.examples[1], { fetcher: h.fetcher });
          const data = (result.body as { data: { url: string; heading: string } }).data;
          expect(data.url).toBe(ex.detail!.urls[1]);
          expect(data.heading).toBeTruthy();
        }
      });
    }
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runEndpoint, type PaginateStep, type PaginationStrategy, type Step } from '../../src/recipe/index.js';
import type { Fetcher } from '../../src/fetch/types.js';
import { BOOKS, startBooksSite, type BooksSite } from './helpers/books-site.js';
import { createTestFetcher } from './helpers/fetcher.js';
import { apiListExtract, bookListExtract, oneEndpoint } from './helpers/recipes.js';

let site: BooksSite;
let fetcher: Fetcher;

beforeAll(async () => {
  site = await startBooksSite([
    // Two HTML pages, then 404 past the end, as many sites do.
    ['/numbered', (_req, _res, url) => {
      const p = Number(url.searchParams.get('p'));
      if (p > 2) return { status: 404, body: 'no such page' };
      return { body: `<article class="book"><a class="title" title="N${p}" href="/books/${p}">x</a></article>` };
    }],
  ]);
  fetcher = createTestFetcher();
});
afterAll(async () => {
  await fetcher.close();
  await site.close();
});
beforeEach(() => {
  site.requests.length = 0;
});

const ids = (body: unknown) => (body as { data: Array<{ id: number }> }).data.map((r) => r.id);
const titles = (body: unknown) => (body as { data: Array<{ title: string }> }).data.map((r) => r.title);
const paths = () => site.requests.map((r) => r.path);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function paginate(strategy: PaginationStrategy, steps: Step[], extra: Partial<PaginateStep> = {}): PaginateStep {
  return { type: 'paginate', strategy, max_pages: 10, steps, ...extra };
}

describe('paginate: next_link', () => {
  it('follows next links over every page and concatenates the records', async () => {
    const recipe = oneEndpoint(site.url, [paginate({ kind: 'next_link', selector: 'a[rel=next]' }, [{ type: 'request', url: '/books' }, bookListExtract])]);
    const { body, pagesFetched } = await runEndpoint(recipe, 'run', {}, { fetcher });
    expect(titles(body)).toEqual(BOOKS.map((b) => b.title));
    expect(paths()).toEqual(['/books', '/books?page=2', '/books?page=3']);
    expect(pagesFetched).toBe(3);
    expect((body as { meta: unknown }).meta).toEqual({ has_more: false });
  });

  it('stops at max_pages and says there is more', async () => {
    const recipe = oneEndpoint(site.url, [
      paginate({ kind: 'next_link', selector: 'a[rel=next]' }, [{ type: 'request', url: '/books' }, bookListExtract], { max_pages: 2 }),
    ]);
    const { body } = await runEndpoint(recipe, 'run', {}, { fetcher });
    expect(titles(body)).toHaveLength(20);
    expect(paths()).toEqual(['/books', '/books?page=2']);
    expect((body as { meta: unknown }).meta).toEqual({ has_more: true });
  });

  it('lets the operator limits lower max_pages', async () => {
    const recipe = oneEndpoint(site.url, [paginate({ kind: 'next_link', selector: 'a[rel=next]' }, [{ type: 'request', url: '/books' }, bookListExtract])]);
    await runEndpoint(recipe, 'run', {}, { fetcher, limits: { maxPages: 1 } });
    expect(paths()).toEqual(['/books']);
  });
});

describe('paginate: page_param, offset, cursor over a JSON API', () => {
  it('page_param increments the page var until a short page', async () => {
    const recipe = oneEndpoint(site.url, [
      paginate({ kind: 'page_param' }, [
        { type: 'request', url: '/api/books/paged', query: { page: '{page}', per_page: '10' } },
        apiListExtract('items'),
      ]),
    ]);
    const { body } = await runEndpoint(recipe, 'run', {}, { fetcher });
    expect(ids(body)).toEqual(range(1, 25));
    expect(paths()).toEqual([1, 2, 3].map((p) => `/api/books/paged?page=${p}&per_page=10`));
    expect((body as { meta: unknown }).meta).toEqual({ has_more: false, page: 3 });
  });

  it('page_param starts at the caller page and reports it', async () => {
    const recipe = oneEndpoint(
      site.url,
      [
        paginate({ kind: 'page_param', var: 'p', start: '{page}' }, [
          { type: 'request', url: '/api/books/paged', query: { page: '{p}' } },
          apiListExtract('items'),
        ], { max_pages: 1 }),
      ],
      { params: { type: 'object', properties: { page: { type: 'integer', minimum: 1, default: 1 } } }, method: 'GET' },
    );
    const { body } = await runEndpoint(recipe, 'run', { page: '2' }, { fetcher });
    expect(ids(body)).toEqual(range(11, 20));
    expect((body as { meta: unknown }).meta).toEqual({ has_more: true, page: 2 });
  });

  it('stop_on_empty ends on the first empty page', async () => {
    const recipe = oneEndpoint(site.url, [
      paginate({ kind: 'page_param' }, [
        { type: 'request', url: '/api/books/paged', query: { page: '{page}', per_page: '5' } },
        apiListExtract('items'),
      ]),
    ]);
    const { body } = await runEndpoint(recipe, 'run', {}, { fetcher });
    expect(ids(body)).toEqual(range(1, 25));
    expect(site.requests).toHaveLength(6);
    expect((body as { meta: unknown }).meta).toEqual({ has_more: false, page: 6 });
  });

  it('offset grows by page_size until a short page', async () => {
    const recipe = oneEndpoint(site.url, [
      paginate({ kind: 'offset', page_size: 10 }, [
        { type: 'request', url: '/api/books/offset', query: { offset: '{offset}', limit: '10' } },
        apiListExtract('results'),
      ]),
    ]);
    const { body } = await runEndpoint(recipe, 'run', {}, { fetcher });
    expect(ids(body)).toEqual(range(1, 25));
    expect(paths()).toEqual([0, 10, 20].map((o) => `/api/books/offset?offset=${o}&limit=10`));
  });

  it('cursor reads the next cursor from each page until there is none', async () => {
    const recipe = oneEndpoint(site.url, [
      paginate({ kind: 'cursor', path: 'paging.next' }, [
        { type: 'request', url: '/api/books/cursor', query: { after: '{cursor}' }, expect: 'json' },
        apiListExtract('data.items'),
      ]),
    ]);
    const { body } = await runEndpoint(recipe, 'run', {}, { fetcher });
    expect(ids(body)).toEqual(range(1, 25));
    // The first page has no cursor: the empty query value is left out.
    expect(paths()).toEqual(['/api/books/cursor', '/api/books/cursor?after=c10', '/api/books/cursor?after=c20']);
    expect((body as { meta: unknown }).meta).toEqual({ has_more: false, next_cursor: null });
  });

  it('cursor continues from the caller cursor and hands back the next one', async () => {
    const recipe = oneEndpoint(
      site.url,
      [
        paginate({ kind: 'cursor', path: 'paging.next', var: 'next', start: '{after}' }, [
          { type: 'request', url: '/api/books/cursor', query: { after: '{next}' } },
          apiListExtract('data.items'),
        ], { max_pages: 1 }),
      ],
      { params: { type: 'object', properties: { after: { type: 'string' } } } },
    );
    const { body } = await runEndpoint(recipe, 'run', { after: 'c5' }, { fetcher });
    expect(ids(body)).toEqual(range(6, 15));
    expect((body as { meta: unknown }).meta).toEqual({ has_more: true, next_cursor: 'c15' });
  });

  it('meta: false leaves the answer without paging facts', async () => {
    const recipe = oneEndpoint(site.url, [
      paginate({ kind: 'offset', page_size: 10 }, [
        { type: 'request', url: '/api/books/offset', query: { offset: '{offset}' } },
        apiListExtract('results'),
      ], { meta: false, max_pages: 1 }),
    ]);
    const { body } = await runEndpoint(recipe, 'run', {}, { fetcher });
    expect(body).not.toHaveProperty('meta');
  });
});

describe('paginate: the end of the pages', () => {
  it('treats a 404 after the first page as the end', async () => {
    const recipe = oneEndpoint(site.url, [
      paginate({ kind: 'page_param', var: 'p' }, [
        { type: 'request', url: '/numbered', query: { p: '{p}' } },
        bookListExtract,
      ]),
    ]);
    const { body } = await runEndpoint(recipe, 'run', {}, { fetcher });
    expect(titles(body)).toEqual(['N1', 'N2']);
    expect((body as { meta: unknown }).meta).toEqual({ has_more: false, page: 2 });
  });

  it('still fails when the first page is not found', async () => {
    const recipe = oneEndpoint(site.url, [
      paginate({ kind: 'page_param', var: 'p', start: 3 }, [
        { type: 'request', url: '/numbered', query: { p: '{p}' } },
        bookListExtract,
      ]),
    ]);
    await expect(runEndpoint(recipe, 'run', {}, { fetcher })).rejects.toMatchObject({ code: 'input_not_found' });
  });
});

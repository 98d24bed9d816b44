/** Every failure of a call leaves as the contract's envelope, classified in one place. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QuarryError, toHttp } from '../../src/errors/index.js';
import { runEndpoint, type Recipe, type Step } from '../../src/recipe/index.js';
import type { Fetcher } from '../../src/fetch/types.js';
import { startBooksSite, type BooksSite } from './helpers/books-site.js';
import { docsExampleRecipe } from './helpers/docs-example.js';
import { createTestFetcher } from './helpers/fetcher.js';
import { oneEndpoint } from './helpers/recipes.js';

let site: BooksSite;
let fetcher: Fetcher;
let books: Recipe;
const hanging = new Set<() => void>();

beforeAll(async () => {
  site = await startBooksSite([
    ['/teapot', { status: 418, body: 'short and stout' }],
    ['/hang', () => new Promise<void>((resolve) => hanging.add(resolve))],
  ]);
  fetcher = createTestFetcher();
  books = { ...(docsExampleRecipe() as Recipe), source_url: `${site.url}/` };
});
afterAll(async () => {
  hanging.forEach((release) => release());
  await fetcher.close();
  await site.close();
});
beforeEach(() => {
  site.requests.length = 0;
});

async function failure(promise: Promise<unknown>): Promise<QuarryError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(QuarryError);
    return err as QuarryError;
  }
  throw new Error('expected the call to fail');
}

const fetchOnly = (url: string, extra: Partial<Step & { type: 'request' }> = {}) => oneEndpoint(site.url, [{ type: 'request', url, ...extra }]);

describe('upstream answers', () => {
  it('404 is input_not_found with the status and the URL', async () => {
    const err = await failure(runEndpoint(books, 'get_book', { id: 999 }, { fetcher }));
    expect(err.code).toBe('input_not_found');
    expect(err.fields).toEqual({ upstream_status_code: 404, url: `${site.url}/books/999` });
    expect(toHttp(err)).toMatchObject({ statusCode: 422, body: { error: { status: 'stale_input', kind: 'input_not_found' } } });
  });

  it('410 is input_not_found', async () => {
    const err = await failure(runEndpoint(fetchOnly('/gone/3'), 'run', {}, { fetcher }));
    expect(err.code).toBe('input_not_found');
    expect(err.fields.upstream_status_code).toBe(410);
  });

  it('500 is upstream_error with the first KiB of the body as snippet', async () => {
    const err = await failure(runEndpoint(fetchOnly('/broken'), 'run', {}, { fetcher }));
    expect(err.code).toBe('upstream_error');
    expect(err.fields.upstream_status_code).toBe(500);
    expect(err.fields.url).toBe(`${site.url}/broken`);
    expect(err.fields.snippet).toBe(`Internal error: ${'x'.repeat(1024 - 'Internal error: '.length)}`);
    expect(toHttp(err)).toMatchObject({ statusCode: 502, body: { error: { status: 'upstream_error', snippet: expect.any(String) } } });
  });

  it('not_found_statuses decides which statuses mean "gone"', async () => {
    const custom = await failure(runEndpoint(fetchOnly('/teapot', { not_found_statuses: [418] }), 'run', {}, { fetcher }));
    expect(custom.code).toBe('input_not_found');
    const notListed = await failure(runEndpoint(fetchOnly('/books/999', { not_found_statuses: [410] }), 'run', {}, { fetcher }));
    expect(notListed).toMatchObject({ code: 'upstream_error', fields: { upstream_status_code: 404 } });
  });

  it('a time-out is an upstream_error', async () => {
    const err = await failure(runEndpoint(fetchOnly('/hang'), 'run', {}, { fetcher, signal: AbortSignal.timeout(300) }));
    expect(err.code).toBe('upstream_error');
  });
});

describe('scraper failures', () => {
  it('a required field empty on a 2xx page is a scraper_bug naming the field', async () => {
    const recipe = oneEndpoint(site.url, [
      { type: 'request', url: '/books/4' },
      { type: 'extract', extract: { kind: 'object', fields: { isbn: { sources: [{ css: '.isbn' }], required: true } } } },
    ]);
    const err = await failure(runEndpoint(recipe, 'run', {}, { fetcher }));
    expect(err.code).toBe('scraper_bug');
    expect(err.message).toContain('"isbn"');
    expect(err.fields).toEqual({ field: 'isbn', url: `${site.url}/books/4` });
    expect(toHttp(err)).toMatchObject({ statusCode: 500, body: { error: { status: 'error', kind: 'scraper_bug' } } });
  });

  it('a crash inside a transform is a scraper_bug with a generic message and no stack', async () => {
    const errors: unknown[] = [];
    // A map table whose entry throws when read: the transform crashes mid-extraction.
    const table = Object.defineProperty({}, 'Book 4', {
      enumerable: true,
      get() {
        throw new TypeError('internal detail at /srv/quarry/src/secret.ts:42');
      },
    });
    const recipe = oneEndpoint(site.url, [
      { type: 'request', url: '/books/4' },
      { type: 'extract', extract: { kind: 'value', field: { sources: [{ css: 'h1' }], transforms: [{ op: 'map', table }] } } },
    ]);
    const err = await failure(runEndpoint(recipe, 'run', {}, { fetcher, logger: { error: (obj) => errors.push(obj) } }));
    expect(err.code).toBe('scraper_bug');
    expect(err.message).toBe('The scraper failed while processing the page; request a revision of the API.');
    expect(JSON.stringify(toHttp(err).body)).not.toMatch(/secret|internal detail|\bat \//);
    expect(errors).toHaveLength(1);
  });

  // Login (issue 13, test/auth-sites/) and render (issue 12, test/render/) run; script still waits for its engine.
  it('a script step fails honestly until its engine exists', async () => {
    const cases: Array<[Step, RegExp]> = [
      [{ type: 'script', code: 'return 1' }, /script sandbox, not available yet/],
    ];
    for (const [step, message] of cases) {
      const err = await failure(runEndpoint(oneEndpoint(site.url, [step]), 'run', {}, { fetcher }));
      expect(err.code).toBe('scraper_bug');
      expect(err.message).toMatch(message);
    }
    expect(site.requests).toHaveLength(0);
  });

  it('an unknown endpoint is not_found', async () => {
    const err = await failure(runEndpoint(books, 'delete_book', {}, { fetcher }));
    expect(err.code).toBe('not_found');
  });
});

describe('bad parameters', () => {
  it('are input_format_invalid before any request is made', async () => {
    for (const [endpoint, params, param] of [
      ['get_book', { id: 'abc' }, 'id'],
      ['get_book', {}, 'id'],
      ['list_books', { limit: '500' }, 'limit'],
      ['list_books', { category: 'poetry' }, 'category'],
      ['search_books', { query: '' }, 'query'],
      ['search_books', { query: 'x', limit: '3' }, 'limit'],
    ] as const) {
      const err = await failure(runEndpoint(books, endpoint, params, { fetcher }));
      expect(err.code).toBe('input_format_invalid');
      expect(err.fields.param).toBe(param);
      expect(err.message).toContain(`"${param}"`);
    }
    expect(site.requests).toHaveLength(0);
  });

  it('coerce query strings for GET endpoints only', async () => {
    const { params } = await runEndpoint(books, 'get_book', { id: '3', utm: 'x' }, { fetcher });
    expect(params).toEqual({ id: 3 });
  });
});

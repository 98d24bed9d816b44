/**
 * The example of docs/recipe.md is valid, and it works: run against a copy of the site it was
 * written for, every endpoint answers a body its own return_schema accepts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { runEndpoint, validateRecipe, type Recipe } from '../../src/recipe/index.js';
import type { Fetcher } from '../../src/fetch/types.js';
import { startBooksSite, type BooksSite } from './helpers/books-site.js';
import { docsExampleRecipe } from './helpers/docs-example.js';
import { createTestFetcher } from './helpers/fetcher.js';

const ajv = new Ajv2020Module.default({ strict: false });
addFormatsModule.default(ajv);

let site: BooksSite;
let fetcher: Fetcher;
let recipe: Recipe;

beforeAll(async () => {
  site = await startBooksSite();
  fetcher = createTestFetcher();
  recipe = { ...(docsExampleRecipe() as Recipe), source_url: `${site.url}/` };
});
afterAll(async () => {
  await fetcher.close();
  await site.close();
});

function expectMatchesReturnSchema(endpointName: string, body: unknown) {
  const endpoint = recipe.endpoints.find((e) => e.name === endpointName)!;
  const validate = ajv.compile(endpoint.return_schema);
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
}

describe('the example recipe of docs/recipe.md', () => {
  it('passes validateRecipe', () => {
    const result = validateRecipe(docsExampleRecipe());
    expect(result.ok ? [] : result.errors).toEqual([]);
  });

  it('list_books pages through the list and follows every book to its details', async () => {
    const { body, pagesFetched } = await runEndpoint(recipe, 'list_books', { limit: '12' }, { fetcher });
    expectMatchesReturnSchema('list_books', body);
    const data = (body as { data: Array<Record<string, unknown>> }).data;
    expect(data).toHaveLength(12);
    expect(data[11]).toEqual({
      id: 12,
      title: 'Book 12',
      url: `${site.url}/books/12`,
      price: 28,
      currency: 'GBP',
      description: 'The story of book number 12.',
      upc: 'UPC-0012',
      in_stock: 5,
    });
    // 3 list pages (the cap) + 12 detail pages.
    expect(pagesFetched).toBe(15);
    expect((body as { meta: unknown }).meta).toEqual({ has_more: false });
  });

  it('list_books filters by category through the query string', async () => {
    const { body } = await runEndpoint(recipe, 'list_books', { category: 'science', limit: 2 }, { fetcher });
    expect((body as { data: Array<{ id: number }> }).data.map((b) => b.id)).toEqual([2, 4]);
    expect(site.requests.some((r) => r.path === '/books?category=science')).toBe(true);
  });

  it('get_book reads one book by id', async () => {
    const { body } = await runEndpoint(recipe, 'get_book', recipe.endpoints[1]!.sample_inputs, { fetcher });
    expectMatchesReturnSchema('get_book', body);
    expect(body).toEqual({
      status: 'success',
      data: {
        id: 3,
        title: 'Book 3',
        price: 14.5,
        currency: 'GBP',
        description: 'The story of book number 3.',
        upc: 'UPC-0003',
        category: 'fiction',
        in_stock: 3,
      },
    });
  });

  it('search_books posts the search form', async () => {
    const { body } = await runEndpoint(recipe, 'search_books', { query: 'Book 2', limit: 3 }, { fetcher });
    expectMatchesReturnSchema('search_books', body);
    expect(body).toMatchObject({
      data: [{ title: 'Book 2' }, { title: 'Book 20' }, { title: 'Book 21' }],
      meta: { query: 'Book 2', limit: 3 },
    });
    const post = site.requests.find((r) => r.method === 'POST' && r.path === '/search');
    expect(post?.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });
});

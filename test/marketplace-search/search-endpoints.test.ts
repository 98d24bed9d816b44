import { describe, expect, it } from 'vitest';
import { QuarryError } from '../../src/errors/index.js';
import { createSearchIndex, type ListingDoc } from '../../src/marketplace/search/index.js';
import { listing } from './helpers.js';

const docs: ListingDoc[] = [
  listing('weather', {
    name: 'SkyCast Weather',
    slug: 'skycast',
    endpoints: [
      { name: 'get_forecast', method: 'POST', summary: 'Ten-day forecast for a city' },
      { name: 'current_conditions', method: 'POST', summary: 'Temperature and wind now' },
    ],
  }),
  listing('books', {
    name: 'PageTurner',
    slug: 'pageturner',
    endpoints: [
      { name: 'list_books', method: 'POST', summary: 'Books of a category' },
      { name: 'get_author', method: 'GET', summary: 'Author page' },
    ],
  }),
  listing('books-de', {
    name: 'Buchladen',
    country: 'DE',
    endpoints: [{ name: 'list_books', method: 'POST', summary: 'Books of a category' }],
  }),
];

describe('searchEndpoints', () => {
  it('returns matching APIs and matching endpoints with their API', async () => {
    const index = createSearchIndex({ embedder: null });
    await index.upsertMany(docs);
    const result = await index.searchEndpoints({ q: ' weather forecast ', limitApis: 5, limitEndpoints: 10 });
    expect(result.query).toBe('weather forecast');
    expect(result.apis.map((a) => a.id)).toEqual(['weather']);
    expect(result.endpoints[0]).toEqual({
      api_id: 'weather',
      api_slug: 'skycast',
      api_name: 'SkyCast Weather',
      endpoint_name: 'get_forecast',
      method: 'POST',
      summary: 'Ten-day forecast for a city',
      score: expect.any(Number),
    });
    // The API name is context: the other endpoint of the weather API matches "weather" too, lower.
    expect(result.endpoints.map((e) => e.endpoint_name)).toEqual(['get_forecast', 'current_conditions']);
    expect(result.endpoints[0].score).toBeGreaterThan(result.endpoints[1].score);
  });

  it('applies both limits and the country boost', async () => {
    const index = createSearchIndex({ embedder: null });
    await index.upsertMany(docs);
    const global = await index.searchEndpoints({ q: 'list books', limitApis: 1, limitEndpoints: 1 });
    expect(global.apis).toHaveLength(1);
    expect(global.endpoints).toHaveLength(1);
    const de = await index.searchEndpoints({ q: 'list books', country: 'DE', limitApis: 2, limitEndpoints: 3 });
    expect(de.apis[0].id).toBe('books-de');
    expect(de.endpoints[0].api_id).toBe('books-de');
    expect(de.endpoints.map((e) => e.api_id)).toContain('books');
  });

  it('finds endpoints by meaning with the semantic arm', async () => {
    const index = createSearchIndex();
    await index.upsertMany(docs);
    const lexical = await index.searchEndpoints({ q: 'novels by writer', semantic: false, limitApis: 5, limitEndpoints: 5 });
    expect(lexical.endpoints).toEqual([]);
    const hybrid = await index.searchEndpoints({ q: 'novels by writer', limitApis: 5, limitEndpoints: 5 });
    expect(hybrid.semantic).toBe(true);
    expect(hybrid.endpoints.map((e) => e.endpoint_name)).toContain('get_author');
    expect(hybrid.endpoints.every((e) => e.api_id !== 'weather')).toBe(true);
  });

  it('forgets the endpoints of removed and replaced listings', async () => {
    const index = createSearchIndex({ embedder: null });
    await index.upsertMany(docs);
    index.remove('books-de');
    await index.upsert({ ...docs[1], endpoints: [{ name: 'get_author', method: 'GET', summary: 'Author page' }] });
    const result = await index.searchEndpoints({ q: 'list books', limitApis: 5, limitEndpoints: 10 });
    expect(result.endpoints).toEqual([]);
    expect(index.stats().endpoints).toBe(3);
  });

  it.each([
    [{ q: '', limitApis: 5, limitEndpoints: 10 }],
    [{ q: '   ', limitApis: 5, limitEndpoints: 10 }],
    [{ q: 'x'.repeat(121), limitApis: 5, limitEndpoints: 10 }],
    [{ q: 'x', limitApis: 0, limitEndpoints: 10 }],
    [{ q: 'x', limitApis: 21, limitEndpoints: 10 }],
    [{ q: 'x', limitApis: 5, limitEndpoints: 0 }],
    [{ q: 'x', limitApis: 5, limitEndpoints: 41 }],
    [{ q: 'x', limitApis: 5, limitEndpoints: 10, country: 'D' }],
  ])('rejects %o with bad_request', async (query) => {
    const index = createSearchIndex({ embedder: null });
    await expect(index.searchEndpoints(query)).rejects.toSatisfy((e: unknown) => e instanceof QuarryError && e.code === 'bad_request');
  });

  it('accepts the bounds themselves', async () => {
    const index = createSearchIndex({ embedder: null });
    await index.upsertMany(docs);
    const result = await index.searchEndpoints({ q: 'x'.repeat(120), limitApis: 20, limitEndpoints: 40 });
    expect(result).toMatchObject({ apis: [], endpoints: [] });
  });
});

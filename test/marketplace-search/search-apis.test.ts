import { describe, expect, it } from 'vitest';
import { QuarryError } from '../../src/errors/index.js';
import { createSearchIndex, type Embedder } from '../../src/marketplace/search/index.js';
import { ids, listing } from './helpers.js';

describe('searchApis: lexical ranking', () => {
  it('ranks a name match above an endpoint match above a description match', async () => {
    const index = createSearchIndex({ embedder: null });
    await index.upsertMany([
      listing('desc', { name: 'Alpha', description: 'Has a weather widget somewhere in a long text about many other things' }),
      listing('endpoint', { name: 'Beta', endpointNames: ['get_weather'] }),
      listing('name', { name: 'Weather Now' }),
      listing('none', { name: 'Gamma', description: 'stocks' }),
    ]);
    const result = await index.searchApis({ q: 'weather', limit: 10, offset: 0 });
    expect(ids(result)).toEqual(['name', 'endpoint', 'desc']);
    expect(result.total).toBe(3);
    expect(result.semantic).toBe(false);
  });

  it('matches words inside snake_case and camelCase endpoint names, singular or plural', async () => {
    const index = createSearchIndex({ embedder: null });
    await index.upsertMany([listing('shop', { name: 'Shop', endpointNames: ['list_books', 'getAuthorById'] }), listing('other', { name: 'Other', endpointNames: ['list_items'] })]);
    expect(ids(await index.searchApis({ q: 'book', limit: 10, offset: 0 }))).toEqual(['shop']);
    expect(ids(await index.searchApis({ q: 'authors', limit: 10, offset: 0 }))).toEqual(['shop']);
    expect(ids(await index.searchApis({ q: 'list_books', limit: 10, offset: 0 }))[0]).toBe('shop');
  });

  it('finds accented text with unaccented queries and the reverse', async () => {
    const index = createSearchIndex({ embedder: null });
    await index.upsert(listing('fr', { name: 'Crème Brûlée Recettes' }));
    expect(ids(await index.searchApis({ q: 'creme brulee', limit: 10, offset: 0 }))).toEqual(['fr']);
    expect(ids(await index.searchApis({ q: 'RECETTÉS', limit: 10, offset: 0 }))).toEqual(['fr']);
  });

  it('searches a query of stop words only on its plain words', async () => {
    const index = createSearchIndex({ embedder: null });
    await index.upsert(listing('the', { name: 'The Who Fan Site' }));
    expect(ids(await index.searchApis({ q: 'the who', limit: 10, offset: 0 }))).toEqual(['the']);
  });
});

describe('searchApis: filters, paging, country', () => {
  const docs = Array.from({ length: 25 }, (_, i) =>
    listing(`l${String(i).padStart(2, '0')}`, {
      name: `Hotel finder ${i}`,
      description: i % 2 ? 'hotels and rooms' : 'hotel',
      categories: { primary: i < 10 ? 'travel' : 'other', secondary: i === 20 ? ['travel'] : [] },
      top_score: i,
    }),
  );

  it('filters by category, primary or secondary, and counts the total after filtering', async () => {
    const index = createSearchIndex({ embedder: null });
    await index.upsertMany(docs);
    const result = await index.searchApis({ q: 'hotel', category: 'travel', limit: 50, offset: 0 });
    expect(result.total).toBe(11);
    expect(ids(result).sort()).toEqual([...docs.slice(0, 10).map((d) => d.id), 'l20'].sort());
  });

  it('pages without overlap or gaps, with a stable total', async () => {
    const index = createSearchIndex({ embedder: null });
    await index.upsertMany(docs);
    const pages = await Promise.all([0, 7, 14, 21].map((offset) => index.searchApis({ q: 'hotel', limit: 7, offset })));
    const all = pages.flatMap(ids);
    expect(pages.map((p) => p.total)).toEqual([25, 25, 25, 25]);
    expect(all).toHaveLength(25);
    expect(new Set(all).size).toBe(25);
    const whole = await index.searchApis({ q: 'hotel', limit: 200, offset: 0 });
    expect(ids(whole)).toEqual(all);
    expect((await index.searchApis({ q: 'hotel', limit: 10, offset: 100 })).items).toEqual([]);
  });

  it('boosts listings of the caller country above equally good global ones', async () => {
    const index = createSearchIndex({ embedder: null });
    await index.upsertMany([
      listing('global', { name: 'Flat rentals', top_score: 9 }),
      listing('de', { name: 'Flat rentals', country: 'DE' }),
      listing('fr', { name: 'Flat rentals', country: 'FR' }),
    ]);
    expect(ids(await index.searchApis({ q: 'flat rentals', limit: 3, offset: 0 }))[0]).toBe('global');
    expect(ids(await index.searchApis({ q: 'flat rentals', country: 'de', limit: 3, offset: 0 }))[0]).toBe('de');
    const fr = await index.searchApis({ q: 'flat rentals', country: 'FR', limit: 3, offset: 0 });
    expect(ids(fr)[0]).toBe('fr');
    expect(fr.items[0].score).toBeCloseTo(fr.items[1].score * 1.25, 3);
  });

  it('does not let the country boost lift a poor match above a strong one', async () => {
    const index = createSearchIndex({ embedder: null });
    await index.upsertMany([
      listing('strong', { name: 'Used cars marketplace', endpointNames: ['search_used_cars'] }),
      listing('weak', { name: 'Bikes', description: 'and a few cars', country: 'DE' }),
    ]);
    expect(ids(await index.searchApis({ q: 'used cars', country: 'DE', limit: 5, offset: 0 }))).toEqual(['strong', 'weak']);
  });
});

describe('searchApis: browse without q', () => {
  const docs = [
    listing('b', { name: 'Zebra data', top_score: 5, updated_at: '2025-03-01T00:00:00Z', category: 'reference' }),
    listing('a', { name: 'ärzte finder', top_score: 50, updated_at: '2024-01-01T00:00:00Z', category: 'health' }),
    listing('c', { name: 'Apple item 10', top_score: 5, updated_at: '2025-06-01T00:00:00Z', category: 'health' }),
    listing('d', { name: 'Apple item 9', top_score: 1, updated_at: '2023-06-01T00:00:00Z', category: 'health' }),
  ];

  it('sorts by top (default), recent and name (locale-aware, numeric)', async () => {
    const index = createSearchIndex({ embedder: null });
    await index.upsertMany(docs);
    expect(ids(await index.searchApis({ limit: 10, offset: 0 }))).toEqual(['a', 'c', 'b', 'd']);
    expect(ids(await index.searchApis({ sort: 'recent', limit: 10, offset: 0 }))).toEqual(['c', 'b', 'a', 'd']);
    expect(ids(await index.searchApis({ sort: 'name', limit: 10, offset: 0 }))).toEqual(['d', 'c', 'a', 'b']);
    expect(ids(await index.searchApis({ sort: 'name', q: '  ', limit: 2, offset: 1 }))).toEqual(['c', 'a']);
  });

  it('filters by category and reflects upserts and removals at once', async () => {
    const index = createSearchIndex({ embedder: null });
    await index.upsertMany(docs);
    const health = await index.searchApis({ category: 'health', limit: 10, offset: 0 });
    expect(health.total).toBe(3);
    await index.upsert({ ...docs[3], top_score: 100 });
    expect(ids(await index.searchApis({ category: 'health', limit: 1, offset: 0 }))).toEqual(['d']);
    expect(index.remove('d')).toBe(true);
    expect(index.remove('d')).toBe(false);
    expect((await index.searchApis({ category: 'health', limit: 10, offset: 0 })).total).toBe(2);
  });

  it('ignores sort when q is given (ranking by relevance)', async () => {
    const index = createSearchIndex({ embedder: null });
    await index.upsertMany(docs);
    expect(ids(await index.searchApis({ q: 'zebra', sort: 'name', limit: 10, offset: 0 }))).toEqual(['b']);
  });
});

describe('searchApis: semantic arm', () => {
  const docs = [
    listing('rent', { name: 'Berlin Mietwohnungen', description: 'Wohnungen zur Miete in Berlin', category: 'real-estate' }),
    listing('books', { name: 'PageTurner', description: 'Online bookstore', endpointNames: ['list_books'] }),
  ];

  it('finds listings in other words and languages only with semantic on', async () => {
    const index = createSearchIndex();
    await index.upsertMany(docs);
    const lexical = await index.searchApis({ q: 'apartment for rent', semantic: false, limit: 10, offset: 0 });
    expect(lexical.total).toBe(0);
    const hybrid = await index.searchApis({ q: 'apartment for rent', limit: 10, offset: 0 });
    expect(hybrid.semantic).toBe(true);
    expect(ids(hybrid)).toEqual(['rent']);
  });

  it('keeps exact matches first when both arms agree', async () => {
    const index = createSearchIndex();
    await index.upsertMany(docs);
    expect(ids(await index.searchApis({ q: 'books', limit: 10, offset: 0 }))[0]).toBe('books');
  });

  it('falls back to lexical when the embedder fails, keeps listings pending and retries', async () => {
    let failing = true;
    const inner = (await import('../../src/marketplace/search/index.js')).createConceptEmbedder();
    const flaky: Embedder = {
      dim: inner.dim,
      model: inner.model,
      sparse: true,
      embed: (texts) => (failing ? Promise.reject(new Error('embeddings down')) : inner.embed(texts)),
    };
    const index = createSearchIndex({ embedder: flaky });
    await index.upsertMany(docs);
    expect(index.stats()).toMatchObject({ listings: 2, pendingEmbeddings: 2, lastEmbeddingError: 'embeddings down' });
    const during = await index.searchApis({ q: 'books', limit: 10, offset: 0 });
    expect(during.semantic).toBe(false);
    expect(ids(during)).toEqual(['books']);
    failing = false;
    expect(await index.retryEmbeddings()).toBe(0);
    expect(ids(await index.searchApis({ q: 'apartment for rent', limit: 10, offset: 0 }))).toEqual(['rent']);
  });

  it('drops a vector that arrives after its listing was replaced', async () => {
    const inner = (await import('../../src/marketplace/search/index.js')).createConceptEmbedder();
    const gates: Array<() => void> = [];
    const gated: Embedder = {
      dim: inner.dim,
      model: inner.model,
      sparse: true,
      embed: (texts) => new Promise((resolve) => gates.push(() => resolve(inner.embed(texts)))),
    };
    const index = createSearchIndex({ embedder: gated });
    const first = index.upsert(listing('x', { name: 'Apartments to rent' }));
    const second = index.upsert(listing('x', { name: 'Football scores' }));
    gates[1](); // the newer listing's vectors first, then the stale ones
    await second;
    gates[0]();
    await first;
    gates.push = (fn: () => void) => (fn(), 0); // answer query embeddings at once
    expect(ids(await index.searchApis({ q: 'soccer results', limit: 5, offset: 0 }))).toEqual(['x']);
    expect((await index.searchApis({ q: 'flat rental', limit: 5, offset: 0 })).total).toBe(0);
  });
});

describe('searchApis: input bounds', () => {
  it.each([
    [{ limit: 0, offset: 0 }],
    [{ limit: 201, offset: 0 }],
    [{ limit: 1.5, offset: 0 }],
    [{ limit: 10, offset: -1 }],
    [{ limit: 10, offset: 0, country: 'DEU' }],
    [{ limit: 10, offset: 0, category: 'cars' }],
    [{ limit: 10, offset: 0, sort: 'popular' as never }],
  ])('rejects %o with bad_request', async (query) => {
    const index = createSearchIndex({ embedder: null });
    await expect(index.searchApis({ q: 'x', ...query })).rejects.toSatisfy((e: unknown) => e instanceof QuarryError && e.code === 'bad_request');
  });

  it('accepts the bounds themselves', async () => {
    const index = createSearchIndex({ embedder: null });
    await expect(index.searchApis({ limit: 200, offset: 0 })).resolves.toMatchObject({ total: 0 });
    await expect(index.searchApis({ limit: 1, offset: 0, country: 'gb', category: 'other' })).resolves.toMatchObject({ items: [] });
  });
});

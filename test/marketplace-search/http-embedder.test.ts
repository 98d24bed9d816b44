import { afterEach, describe, expect, it } from 'vitest';
import { QuarryError } from '../../src/errors/index.js';
import { createHttpEmbedder, createSearchIndex, embedderFromConfig } from '../../src/marketplace/search/index.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { ids, listing } from './helpers.js';

/**
 * A stand-in embeddings model served over real HTTP: 8 dimensions, one per meaning, so the test can
 * tell semantic matches from lexical ones. Answers in reverse order (clients must use `index`).
 */
const MEANINGS: Record<string, number> = { apartment: 0, flat: 0, wohnung: 0, rent: 1, miete: 1, book: 2, novel: 2 };

function deterministicVector(text: string): number[] {
  const vector = new Array(8).fill(0);
  for (const word of text.toLowerCase().split(/[^a-z]+/)) {
    const base = word.replace(/s$/, '');
    if (base in MEANINGS) vector[MEANINGS[base]] += 1;
    else if (base) vector[4 + (base.length % 4)] += 0.1;
  }
  return vector;
}

let site: FixtureSite | undefined;
const bodies: Array<{ model: string; input: string[] }> = [];

async function startModel(status = 200, mangle?: (body: unknown) => unknown): Promise<FixtureSite> {
  site = await startFixtureSite([
    [
      '/v1/embeddings',
      (_req, _res, _url, raw) => {
        const body = JSON.parse(raw) as { model: string; input: string[] };
        bodies.push(body);
        const data = body.input.map((text, index) => ({ object: 'embedding', index, embedding: deterministicVector(text) })).reverse();
        const answer = mangle ? mangle({ data }) : { object: 'list', data, model: body.model };
        return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(status === 200 ? answer : { error: 'boom' }) };
      },
    ],
  ]);
  return site;
}

afterEach(async () => {
  bodies.length = 0;
  await site?.close();
  site = undefined;
});

describe('HTTP embedder (OpenAI-compatible /embeddings)', () => {
  it('posts the model and texts with the API key and returns vectors in input order', async () => {
    const server = await startModel();
    const embedder = createHttpEmbedder({ baseUrl: `${server.url}/v1/`, apiKey: 'sk-test', model: 'tiny-8' });
    const [a, b] = await embedder.embed(['flat', 'novels']);
    expect(Array.from(a)).toEqual(deterministicVector('flat'));
    expect(Array.from(b)).toEqual(deterministicVector('novels'));
    expect(embedder.dim).toBe(8);
    expect(bodies).toEqual([{ model: 'tiny-8', input: ['flat', 'novels'] }]);
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/v1/embeddings' });
    expect(server.requests[0].headers.authorization).toBe('Bearer sk-test');
  });

  it('serves repeated texts from its cache and sends only the missing ones, in batches', async () => {
    const server = await startModel();
    const embedder = createHttpEmbedder({ baseUrl: `${server.url}/v1`, apiKey: '', model: 'tiny-8' }, { maxBatch: 2 });
    await embedder.embed(['a', 'b', 'c']);
    expect(bodies.map((b) => b.input)).toEqual([['a', 'b'], ['c']]);
    expect(server.requests[0].headers.authorization).toBeUndefined();
    const again = await embedder.embed(['c', 'a', 'd', 'd']);
    expect(bodies.map((b) => b.input)).toEqual([['a', 'b'], ['c'], ['d']]);
    expect(again).toHaveLength(4);
    expect(again[2]).toBe(again[3]);
    expect(embedder.requests).toBe(3);
  });

  it('evicts the least recently used texts beyond its cache size', async () => {
    const server = await startModel();
    const embedder = createHttpEmbedder({ baseUrl: `${server.url}/v1`, apiKey: '', model: 'tiny-8' }, { cacheSize: 2 });
    expect(await embedder.embed(['a', 'b', 'c'])).toHaveLength(3); // more than the cache holds: all answered
    await embedder.embed(['b']); // cache {c, b}: b used last
    await embedder.embed(['d']); // evicts c, the least recently used (FIFO would evict b)
    await embedder.embed(['b']);
    await embedder.embed(['c']);
    expect(bodies.map((b) => b.input)).toEqual([['a', 'b', 'c'], ['d'], ['c']]);
  });

  it.each([
    ['an error status', 500, undefined],
    ['too few vectors', 200, () => ({ data: [] })],
    ['a malformed vector', 200, () => ({ data: [{ index: 0, embedding: ['x'] }] })],
  ])('throws unavailable on %s', async (_label, status, mangle) => {
    const server = await startModel(status, mangle);
    const embedder = createHttpEmbedder({ baseUrl: `${server.url}/v1`, apiKey: '', model: 'tiny-8' });
    await expect(embedder.embed(['flat'])).rejects.toSatisfy((e: unknown) => e instanceof QuarryError && e.code === 'unavailable');
  });

  it('drives the semantic arm of the index (dense vectors)', async () => {
    const server = await startModel();
    const index = createSearchIndex({ embedder: createHttpEmbedder({ baseUrl: `${server.url}/v1`, apiKey: 'k', model: 'tiny-8' }) });
    await index.upsertMany([listing('home', { name: 'Wohnung Finder', description: 'Miete in Berlin' }), listing('shop', { name: 'Novel shop' })]);
    expect((await index.searchApis({ q: 'flat', semantic: false, limit: 5, offset: 0 })).total).toBe(0);
    const hybrid = await index.searchApis({ q: 'flat', limit: 5, offset: 0 });
    expect(hybrid.semantic).toBe(true);
    expect(ids(hybrid)).toEqual(['home']);
    const requestsBefore = server.requests.length;
    await index.searchApis({ q: 'flat', limit: 5, offset: 0 });
    expect(server.requests.length).toBe(requestsBefore); // the query's vector came from the cache
  });

  it('searches lexically while the endpoint is down and records the failure', async () => {
    const server = await startModel();
    const baseUrl = `${server.url}/v1`;
    await server.close();
    site = undefined;
    const index = createSearchIndex({ embedder: createHttpEmbedder({ baseUrl, apiKey: '', model: 'tiny-8' }, { timeoutMs: 2000 }) });
    await index.upsert(listing('home', { name: 'Wohnung Finder' }));
    expect(index.stats().pendingEmbeddings).toBe(1);
    const result = await index.searchApis({ q: 'wohnung', limit: 5, offset: 0 });
    expect(result).toMatchObject({ semantic: false, total: 1 });
    expect(index.stats().lastEmbeddingError).toMatch(/unreachable/);
  });

  it('is what the configuration selects when embeddings are configured', () => {
    const configured = embedderFromConfig({ embeddings: { baseUrl: 'http://127.0.0.1:9', apiKey: '', model: 'm' } });
    expect(configured.model).toBe('m');
    expect(configured.sparse).toBeFalsy();
    expect(embedderFromConfig({ embeddings: null }).model).toMatch(/^quarry-concepts/);
  });
});

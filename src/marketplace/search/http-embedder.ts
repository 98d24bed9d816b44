/**
 * Embeddings from an OpenAI-compatible endpoint (`config.embeddings`: POST {baseUrl}/embeddings with
 * `{model, input: [texts]}`, answer `{data: [{index, embedding}]}`), for operators who want a real
 * model instead of the offline concept embedder.
 *
 * A bounded LRU cache keyed by text means re-indexing unchanged listings and repeated queries cost
 * no request. Failures throw QuarryError `unavailable`; the search index catches them, searches
 * lexically and keeps the listing pending (search-index.ts), so a down embeddings service degrades
 * ranking but never breaks search.
 */
import { QuarryError } from '../../errors/index.js';
import type { Embedder } from './types.js';
import { LruCache } from '../../lru-cache.js';

export interface HttpEmbedderConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
}

export interface HttpEmbedderOptions {
  /** Texts kept in the cache (default 20,000). */
  cacheSize?: number;
  /** Texts per request (default 96). */
  maxBatch?: number;
  timeoutMs?: number;
  /** Injected for tests of failure paths; the global fetch otherwise. */
  fetch?: typeof fetch;
}

export interface HttpEmbedder extends Embedder {
  /** Requests sent so far (the cache's effect is visible in tests and stats). */
  readonly requests: number;
}

export function createHttpEmbedder(config: HttpEmbedderConfig, options: HttpEmbedderOptions = {}): HttpEmbedder {
  const cache = new LruCache<string, Float32Array>(options.cacheSize ?? 20_000);
  const maxBatch = options.maxBatch ?? 96;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const doFetch = options.fetch ?? fetch;
  const url = `${config.baseUrl.replace(/\/+$/, '')}/embeddings`;
  let dim = 0;
  let requests = 0;

  async function request(texts: string[]): Promise<Float32Array[]> {
    requests++;
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: config.model, input: texts }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new QuarryError('unavailable', `embeddings endpoint unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) {
      throw new QuarryError('unavailable', `embeddings endpoint answered ${response.status}`);
    }
    return parseVectors(await response.json(), texts.length);
  }

  async function embed(texts: string[]): Promise<Float32Array[]> {
    // A local map, not the cache, answers this call: a big batch may evict its own first chunk.
    const found = new Map<string, Float32Array>();
    const missing: string[] = [];
    for (const text of new Set(texts)) {
      const cached = cache.get(text);
      if (cached) found.set(text, cached);
      else missing.push(text);
    }
    for (let i = 0; i < missing.length; i += maxBatch) {
      const chunk = missing.slice(i, i + maxBatch);
      const vectors = await request(chunk);
      chunk.forEach((text, j) => {
        cache.set(text, vectors[j]);
        found.set(text, vectors[j]);
      });
      dim = vectors[0].length;
    }
    return texts.map((text) => found.get(text)!);
  }

  return {
    get dim() {
      return dim;
    },
    get requests() {
      return requests;
    },
    model: config.model,
    embed,
  };
}

/** `{data: [{index, embedding}]}` in any order -> vectors in input order, all of one dimension. */
function parseVectors(body: unknown, expected: number): Float32Array[] {
  const data = (body as { data?: unknown })?.data;
  if (!Array.isArray(data) || data.length !== expected) {
    throw new QuarryError('unavailable', `embeddings endpoint returned ${Array.isArray(data) ? data.length : 'no'} vectors for ${expected} texts`);
  }
  const vectors: Float32Array[] = new Array(expected);
  data.forEach((item: { index?: unknown; embedding?: unknown }, position) => {
    const index = typeof item?.index === 'number' ? item.index : position;
    if (!Array.isArray(item?.embedding) || !item.embedding.every((v) => typeof v === 'number')) {
      throw new QuarryError('unavailable', 'embeddings endpoint returned a malformed vector');
    }
    vectors[index] = Float32Array.from(item.embedding as number[]);
  });
  const dim = vectors[0]?.length ?? 0;
  if (dim === 0 || vectors.some((v) => !v || v.length !== dim)) {
    throw new QuarryError('unavailable', 'embeddings endpoint returned vectors of differing dimensions');
  }
  return vectors;
}

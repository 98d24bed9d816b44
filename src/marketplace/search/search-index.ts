/**
 * The marketplace search index: listings and their endpoints, searchable lexically at once after
 * `upsert` and semantically once their vectors arrive. In memory, incremental (an upsert touches only
 * that listing's postings and vectors), no database and no HTTP: the marketplace service feeds it
 * every listing at start-up (`upsertMany`) and on every change, and the routes call the searches.
 *
 * Order inside an upsert matters: the lexical part is replaced synchronously (a search right after
 * the call already sees the new text), then vectors are computed; a vector that arrives after the
 * listing was replaced or removed again is dropped (the entry object identity is the version).
 */
import { FieldedBm25, ScoreBuffer } from './bm25.js';
import { BrowseOrders, type BrowseEntry } from './browse.js';
import { createConceptEmbedder } from './concept-embedder.js';
import { EndpointIndex } from './endpoint-index.js';
import { DEFAULT_FUSION, type FusionSettings } from './fusion.js';
import { hybridRank, type HybridQuery, type HybridResult, type RankedSlot } from './hybrid.js';
import { endpointEmbeddingText, LISTING_FIELDS, listingEmbeddingText, listingFields } from './listing-text.js';
import { SlotTable } from './slot-table.js';
import { queryTerms } from './tokenize.js';
import type { Embedder, ListingDoc, SearchApisQuery, SearchApisResult, SearchEndpointsQuery, SearchEndpointsResult } from './types.js';
import { checkApisQuery, checkEndpointsQuery, normaliseCountry } from './validate.js';
import { normalised, VectorStore } from './vectors.js';

export interface SearchIndexOptions {
  /** Semantic arm's embedder: the offline concept embedder when absent, none (lexical only) when null. */
  embedder?: Embedder | null;
  fusion?: Partial<FusionSettings>;
  /** Multiplier for listings of the caller's country (default 1.25). */
  countryBoost?: number;
  /** Collation locale of the `name` order (default "en"). */
  locale?: string;
  /** Texts per embedder call when indexing (default 128). */
  embedBatchSize?: number;
}

export interface SearchIndexStats {
  listings: number;
  endpoints: number;
  /** Listings indexed lexically whose vectors are missing (embedder failure); see retryEmbeddings. */
  pendingEmbeddings: number;
  lastEmbeddingError: string | null;
}

export interface SearchIndex {
  upsert(doc: ListingDoc): Promise<void>;
  upsertMany(docs: readonly ListingDoc[]): Promise<void>;
  remove(id: string): boolean;
  has(id: string): boolean;
  searchApis(query: SearchApisQuery): Promise<SearchApisResult>;
  searchEndpoints(query: SearchEndpointsQuery): Promise<SearchEndpointsResult>;
  /** Embed the listings whose vectors are missing; resolves to how many are still missing. */
  retryEmbeddings(): Promise<number>;
  stats(): SearchIndexStats;
}

interface ListingEntry {
  doc: ListingDoc;
  slot: number;
  categories: ReadonlySet<string>;
  country: string | null;
  updatedMs: number;
  endpointSlots: number[];
}

export function createSearchIndex(options: SearchIndexOptions = {}): SearchIndex {
  return new MarketplaceSearchIndex(options);
}

class MarketplaceSearchIndex implements SearchIndex {
  private readonly embedder: Embedder | null;
  private readonly fusion: FusionSettings;
  private readonly countryBoost: number;
  private readonly batchSize: number;
  private readonly table = new SlotTable<ListingEntry>();
  private readonly byId = new Map<string, ListingEntry>();
  private readonly bm25 = new FieldedBm25(LISTING_FIELDS);
  private readonly buffer = new ScoreBuffer();
  private readonly similarities = new ScoreBuffer();
  private readonly vectors: VectorStore;
  private readonly endpoints: EndpointIndex;
  private readonly browse: BrowseOrders;
  private readonly pending = new Set<ListingEntry>();
  private lastEmbeddingError: string | null = null;

  constructor(options: SearchIndexOptions) {
    this.embedder = options.embedder === undefined ? createConceptEmbedder() : options.embedder;
    const layout = this.embedder?.sparse ? 'sparse' : 'dense';
    this.vectors = new VectorStore(layout);
    this.endpoints = new EndpointIndex(layout);
    this.fusion = { ...DEFAULT_FUSION, ...options.fusion };
    this.countryBoost = options.countryBoost ?? 1.25;
    this.batchSize = options.embedBatchSize ?? 128;
    this.browse = new BrowseOrders(options.locale ?? 'en');
  }

  upsert(doc: ListingDoc): Promise<void> {
    return this.upsertMany([doc]);
  }

  async upsertMany(docs: readonly ListingDoc[]): Promise<void> {
    const entries = docs.map((doc) => this.indexLexically(doc));
    await this.embedEntries(entries);
  }

  remove(id: string): boolean {
    const entry = this.byId.get(id);
    if (!entry) return false;
    this.byId.delete(id);
    this.pending.delete(entry);
    this.bm25.remove(entry.slot);
    this.vectors.delete(entry.slot);
    this.endpoints.remove(entry.endpointSlots);
    this.table.release(entry.slot);
    this.browse.invalidate();
    return true;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  async searchApis(query: SearchApisQuery): Promise<SearchApisResult> {
    checkApisQuery(query);
    const country = normaliseCountry(query.country);
    const q = query.q?.trim() ?? '';
    if (!q) return this.browseListings(query);
    const vector = query.semantic === false ? null : await this.queryVector(q);
    const ranked = this.rankListings(q, vector, query.category ?? null, country, query.offset + query.limit);
    const page = ranked.top.slice(query.offset);
    return { items: page.map((r) => this.scored(r)), total: ranked.total, semantic: vector !== null };
  }

  async searchEndpoints(query: SearchEndpointsQuery): Promise<SearchEndpointsResult> {
    checkEndpointsQuery(query);
    const country = normaliseCountry(query.country);
    const q = query.q.trim();
    const vector = query.semantic === false ? null : await this.queryVector(q);
    const apis = this.rankListings(q, vector, null, country, query.limitApis).top;
    const endpoints = this.rankEndpoints(q, vector, country, query.limitEndpoints).top;
    return {
      query: q,
      apis: apis.map((r) => this.scored(r)),
      endpoints: endpoints.map(({ slot, score }) => {
        const { listingSlot, endpoint } = this.endpoints.table.get(slot)!;
        const { doc } = this.table.get(listingSlot)!;
        return {
          api_id: doc.id,
          api_slug: doc.slug,
          api_name: doc.name,
          endpoint_name: endpoint.name,
          method: endpoint.method,
          summary: endpoint.summary,
          score: round(score),
        };
      }),
      semantic: vector !== null,
    };
  }

  async retryEmbeddings(): Promise<number> {
    await this.embedEntries([...this.pending]);
    return this.pending.size;
  }

  stats(): SearchIndexStats {
    return {
      listings: this.table.size,
      endpoints: this.endpoints.size,
      pendingEmbeddings: this.pending.size,
      lastEmbeddingError: this.lastEmbeddingError,
    };
  }

  private indexLexically(doc: ListingDoc): ListingEntry {
    this.remove(doc.id);
    const updatedMs = Date.parse(doc.updated_at);
    const entry: ListingEntry = {
      doc,
      slot: -1,
      categories: new Set([doc.categories.primary, ...doc.categories.secondary]),
      country: doc.country ? doc.country.toUpperCase() : null,
      updatedMs: Number.isNaN(updatedMs) ? 0 : updatedMs,
      endpointSlots: [],
    };
    entry.slot = this.table.insert(entry);
    this.byId.set(doc.id, entry);
    this.bm25.add(entry.slot, listingFields(doc));
    entry.endpointSlots = this.endpoints.add(entry.slot, doc);
    this.browse.invalidate();
    return entry;
  }

  /** Vectors for the listings and their endpoints, in batches; failures leave entries pending. */
  private async embedEntries(entries: readonly ListingEntry[]): Promise<void> {
    if (!this.embedder || entries.length === 0) return;
    let batch: ListingEntry[] = [];
    let texts = 0;
    for (const entry of entries) {
      batch.push(entry);
      texts += 1 + entry.doc.endpoints.length;
      if (texts >= this.batchSize) {
        await this.embedBatch(batch);
        batch = [];
        texts = 0;
      }
    }
    if (batch.length > 0) await this.embedBatch(batch);
  }

  private async embedBatch(batch: ListingEntry[]): Promise<void> {
    const texts = batch.flatMap((e) => [listingEmbeddingText(e.doc), ...e.doc.endpoints.map((ep) => endpointEmbeddingText(e.doc, ep))]);
    let vectors: Float32Array[];
    try {
      vectors = await this.embedder!.embed(texts);
    } catch (error) {
      this.lastEmbeddingError = error instanceof Error ? error.message : String(error);
      for (const entry of batch) if (this.byId.get(entry.doc.id) === entry) this.pending.add(entry);
      return;
    }
    let next = 0;
    for (const entry of batch) {
      const listingVector = vectors[next++];
      const endpointVectors = vectors.slice(next, next + entry.endpointSlots.length);
      next += entry.endpointSlots.length;
      if (this.byId.get(entry.doc.id) !== entry) continue; // replaced or removed meanwhile
      this.vectors.set(entry.slot, listingVector);
      entry.endpointSlots.forEach((slot, i) => this.endpoints.vectors.set(slot, endpointVectors[i]));
      this.pending.delete(entry);
    }
  }

  /** The query's vector, or null when the embedder is absent or fails (search degrades to lexical). */
  private async queryVector(q: string): Promise<Float32Array | null> {
    if (!this.embedder) return null;
    try {
      const [vector] = await this.embedder.embed([q]);
      if (this.vectors.dim !== 0 && vector.length !== this.vectors.dim) return null;
      return normalised(vector);
    } catch (error) {
      this.lastEmbeddingError = error instanceof Error ? error.message : String(error);
      return null;
    }
  }

  private rankListings(q: string, vector: Float32Array | null, category: string | null, country: string | null, k: number): HybridResult {
    const query: HybridQuery = {
      terms: queryTerms(q),
      vector,
      fusion: this.fusion,
      accept: (slot) => {
        const entry = this.table.get(slot);
        return entry !== undefined && (category === null || entry.categories.has(category));
      },
      boost: (slot) => (country !== null && this.table.get(slot)!.country === country ? this.countryBoost : 1),
      tieBreak: (slot) => this.table.get(slot)!.doc.top_score,
    };
    const { bm25, buffer, similarities, vectors } = this;
    return hybridRank({ bm25, buffer, similarities, vectors, slotCount: this.table.capacity }, query, k);
  }

  private rankEndpoints(q: string, vector: Float32Array | null, country: string | null, k: number): HybridResult {
    const listingOf = (slot: number) => this.table.get(this.endpoints.table.get(slot)!.listingSlot)!;
    const query: HybridQuery = {
      terms: queryTerms(q),
      vector,
      fusion: this.fusion,
      accept: (slot) => this.endpoints.table.get(slot) !== undefined,
      boost: (slot) => (country !== null && listingOf(slot).country === country ? this.countryBoost : 1),
      tieBreak: (slot) => listingOf(slot).doc.top_score,
    };
    const { bm25, buffer, similarities, vectors, table } = this.endpoints;
    return hybridRank({ bm25, buffer, similarities, vectors, slotCount: table.capacity }, query, k);
  }

  private browseListings(query: SearchApisQuery): SearchApisResult {
    const order = this.browse.order(query.sort ?? 'top', () => [...this.table.values()].map(browseEntry));
    const category = query.category ?? null;
    const slots = category === null ? order : order.filter((slot) => this.table.get(slot)!.categories.has(category));
    const items = slots.slice(query.offset, query.offset + query.limit).map((slot) => {
      const { doc } = this.table.get(slot)!;
      return { id: doc.id, score: doc.top_score };
    });
    return { items, total: slots.length, semantic: false };
  }

  private scored({ slot, score }: RankedSlot): { id: string; score: number } {
    return { id: this.table.get(slot)!.doc.id, score: round(score) };
  }
}

function browseEntry(entry: ListingEntry): BrowseEntry {
  return { slot: entry.slot, id: entry.doc.id, name: entry.doc.name, topScore: entry.doc.top_score, updatedMs: entry.updatedMs };
}

function round(score: number): number {
  return Math.round(score * 1e4) / 1e4;
}

/**
 * The search index's lifecycle. The index (src/marketplace/search) lives in memory; the
 * listings table is the truth. Every process (server, worker, CLI) keeps its own index and
 * brings it up to date from the table before each search: one indexed `max(changed_at)` query,
 * and when it moved, the listings changed since are upserted. So a release published by a
 * worker process is searchable on the server at once, with no message bus.
 */
import type { Db } from '../../db/index.js';
import type { Config } from '../../config/index.js';
import { createSearchIndex, embedderFromConfig, type ListingDoc, type SearchIndex } from '../../marketplace/search/index.js';
import { secondaryOf, summariesOf, topScore, trustOf, type ListingRow } from './listings.js';

export class ListingSearch {
  readonly index: SearchIndex;
  private watermark: string | null = null;
  private queue: Promise<void> = Promise.resolve();
  /** A sync queued but not started: it will see every change made before it starts, so callers share it. */
  private waiting: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    index: SearchIndex,
  ) {
    this.index = index;
  }

  /** Bring the index up to date with the listings table. */
  sync(): Promise<void> {
    if (this.waiting) return this.waiting;
    const next = this.queue.then(() => {
      this.waiting = null;
      return this.load();
    });
    this.waiting = next;
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async load(): Promise<void> {
    const top = await this.db.kysely
      .selectFrom('marketplace_listings')
      .select((eb) => eb.fn.max('changed_at').as('m'))
      .executeTakeFirst();
    const newest = (top?.m as string | null | undefined) ?? null;
    if (newest === null || newest === this.watermark) return;
    let q = this.db.kysely.selectFrom('marketplace_listings').selectAll();
    // `>=`: a row written in the watermark's own millisecond by another process is not missed.
    if (this.watermark) q = q.where('changed_at', '>=', this.watermark);
    const rows = await q.execute();
    await this.index.upsertMany(rows.map(listingDoc));
    this.watermark = rows.reduce((max, r) => (r.changed_at > max ? r.changed_at : max), this.watermark ?? '');
  }
}

export function listingDoc(row: ListingRow): ListingDoc {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    front_facing_description: row.front_facing_description,
    categories: { primary: row.primary_category, secondary: secondaryOf(row) },
    country: row.country,
    updated_at: row.updated_at,
    top_score: topScore(trustOf(row)),
    endpoints: summariesOf(row).map((e) => ({ name: e.endpoint_name, method: e.method, summary: e.summary })),
  };
}

export function createListingSearch(db: Db, config: Pick<Config, 'embeddings'>): ListingSearch {
  return new ListingSearch(db, createSearchIndex({ embedder: embedderFromConfig(config) }));
}

// Deps assembled by hand (some tests, scripts) have no index: one is made per database on first use.
const fallback = new WeakMap<Db, ListingSearch>();

/** Structural (not `ServiceDeps`): deps.ts names ListingSearch, so importing it here would make a circle. */
export function searchOf(deps: { db: Db; config: Pick<Config, 'embeddings'>; marketplaceSearch?: ListingSearch }): ListingSearch {
  if (deps.marketplaceSearch) return deps.marketplaceSearch;
  let s = fallback.get(deps.db);
  if (!s) {
    s = createListingSearch(deps.db, deps.config);
    fallback.set(deps.db, s);
  }
  return s;
}

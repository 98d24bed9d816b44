/**
 * Browsing and searching the marketplace: the search index ranks ids (after catching up with
 * the listings table), the table supplies the listings. Bounds are checked by the routes'
 * schemas (422) and again by the index.
 */
import type { BrowseSort } from '../../marketplace/search/index.js';
import type { ServiceDeps } from '../deps.js';
import { listingsByIds } from './listings.js';
import { searchOf } from './search.js';
import { listingSummary, type ListingSummary } from './views.js';

export interface BrowseQuery {
  q?: string;
  sort?: BrowseSort;
  category?: string;
  country?: string;
  semantic?: boolean;
  limit: number;
  offset: number;
}

export interface BrowseResult {
  items: Array<ListingSummary & { score: number }>;
  total: number;
  limit: number;
  offset: number;
  /** Whether the semantic arm took part in the ranking. */
  semantic: boolean;
}

type SearchDeps = Pick<ServiceDeps, 'db' | 'config' | 'marketplaceSearch'>;

export async function browseListings(deps: SearchDeps, query: BrowseQuery): Promise<BrowseResult> {
  const search = searchOf(deps);
  await search.sync();
  const q = query.q?.trim() || null;
  const found = await search.index.searchApis({
    q,
    sort: query.sort,
    category: query.category ?? null,
    country: query.country ?? null,
    semantic: query.semantic ?? true,
    limit: query.limit,
    offset: query.offset,
  });
  const rows = await listingsByIds(deps.db.kysely, found.items.map((i) => i.id));
  const items = found.items.flatMap((i) => {
    const row = rows.get(i.id);
    return row ? [{ ...listingSummary(row), score: i.score }] : [];
  });
  return { items, total: found.total, limit: query.limit, offset: query.offset, semantic: found.semantic };
}

export interface EndpointSearchQuery {
  q: string;
  limit_apis: number;
  limit_endpoints: number;
  country?: string;
  semantic?: boolean;
}

export async function searchEndpoints(deps: SearchDeps, query: EndpointSearchQuery) {
  const search = searchOf(deps);
  await search.sync();
  const found = await search.index.searchEndpoints({
    q: query.q,
    country: query.country ?? null,
    semantic: query.semantic ?? true,
    limitApis: query.limit_apis,
    limitEndpoints: query.limit_endpoints,
  });
  const rows = await listingsByIds(deps.db.kysely, found.apis.map((a) => a.id));
  const apis = found.apis.flatMap((a) => {
    const row = rows.get(a.id);
    return row ? [{ ...listingSummary(row), score: a.score }] : [];
  });
  return { query: found.query, apis, endpoints: found.endpoints, semantic: found.semantic };
}

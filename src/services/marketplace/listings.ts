/**
 * Listings as stored: reading them (by id, slug, canonical, site, host) and turning rows into
 * the marketplace's objects. Writing happens in release.ts (content) and stats.ts (trust).
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import type { MarketplaceListingsTable } from '../../db/schema.js';
import type { EndpointPreview } from './listing-content.js';
import type { SelfHealSignals } from '../revisions/health.js';

export type Q = Kysely<Database> | Transaction<Database>;
export type ListingRow = Selectable<MarketplaceListingsTable>;

/** Trust signals beyond the contract (stats.ts computes them). */
export interface TrustSignals {
  /** Newest evidence that the endpoints work: a release's tests or a successful call. */
  last_verified_at: string | null;
  /** Endpoints whose latest evidence (release test or real call) is a success. */
  endpoints_passing: number;
  endpoint_count: number;
  /** Median latency of successful calls in the last 30 days (canonical and its copies). */
  median_latency_ms: number | null;
  /** Share of the last 30 days' calls that did not fail on the scraper's side (null: no calls). */
  success_rate: number | null;
  calls_30d: number;
  subscribers: number;
  /** What self-healing did for the canonical and its copies: repairs, endpoints failing or being repaired. */
  self_healing?: SelfHealSignals;
  /** What monitors' scheduled runs of the canonical's and its copies' endpoints saw (stats.ts): aggregates only, no account's data. */
  monitored?: MonitoredSignals;
  /** When these numbers were computed. */
  computed_at: string;
}

/** Scheduled monitor runs of the last 30 days, across every account that monitors a copy of the API. */
export interface MonitoredSignals {
  /** Runs that say something about the scraper (succeeded, or failed on its side). */
  runs_30d: number;
  /** Succeeded / (succeeded + failed on the scraper's side); null without such runs. */
  success_rate: number | null;
  last_success_at: string | null;
}

export function emptyTrust(at: string, endpointCount: number): TrustSignals {
  return {
    last_verified_at: at,
    endpoints_passing: endpointCount,
    endpoint_count: endpointCount,
    median_latency_ms: null,
    success_rate: null,
    calls_30d: 0,
    subscribers: 0,
    computed_at: at,
  };
}

export const trustOf = (row: ListingRow): TrustSignals => JSON.parse(row.trust) as TrustSignals;
export const summariesOf = (row: ListingRow): EndpointPreview[] => JSON.parse(row.endpoint_summaries) as EndpointPreview[];
export const secondaryOf = (row: ListingRow): string[] => JSON.parse(row.secondary_categories) as string[];

/**
 * The `top` order's score: popularity (subscribers count twice as much as calls, both
 * log-damped so a few huge listings do not bury the rest) plus how much of the API is known to
 * work (share of passing endpoints, weight 3, scaled by the call success rate when there are calls).
 */
export function topScore(t: TrustSignals): number {
  const passShare = t.endpoint_count > 0 ? t.endpoints_passing / t.endpoint_count : 0;
  const reliability = passShare * (t.success_rate ?? 1);
  return 2 * Math.log1p(t.subscribers) + Math.log1p(t.calls_30d) + 3 * reliability;
}

export async function findListing(q: Q, idOrSlug: string): Promise<ListingRow | undefined> {
  return q
    .selectFrom('marketplace_listings')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .executeTakeFirst();
}

export async function listingOfCanonical(q: Q, canonicalScraperId: string): Promise<ListingRow | undefined> {
  return q.selectFrom('marketplace_listings').selectAll().where('canonical_scraper_id', '=', canonicalScraperId).executeTakeFirst();
}

export async function listingOfSite(q: Q, siteKey: string): Promise<ListingRow | undefined> {
  return q.selectFrom('marketplace_listings').selectAll().where('site_key', '=', siteKey).executeTakeFirst();
}

export async function listingsOfHost(q: Q, host: string): Promise<ListingRow[]> {
  return q.selectFrom('marketplace_listings').selectAll().where('host', '=', host).orderBy('created_at').execute();
}

export async function listingsByIds(q: Q, ids: string[]): Promise<Map<string, ListingRow>> {
  if (ids.length === 0) return new Map();
  const rows = await q.selectFrom('marketplace_listings').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * How listings are shown: the contract's listing summary (browse and search items) and listing
 * detail, plus the trust signals and release history beyond it.
 */
import { endpointDefinition, executionBaseUrl, type EndpointDefinition } from '../api-view.js';
import type { ServiceDeps } from '../deps.js';
import { releaseRecipe } from './copies.js';
import { PREVIEW_SIZE, type EndpointPreview } from './listing-content.js';
import { secondaryOf, summariesOf, trustOf, type ListingRow, type TrustSignals } from './listings.js';
import { refreshTrust } from './stats.js';
import { notFound } from '../../errors/index.js';
import { getListingOr404 } from './subscribe.js';

export interface ListingSummary {
  id: string;
  slug: string;
  name: string;
  description: string;
  front_facing_description: string;
  source_url: string;
  is_authenticated: boolean;
  endpoint_count: number;
  created_at: string;
  updated_at: string;
  primary_category: string;
  secondary_categories: string[];
  endpoint_preview: EndpointPreview[];
  country: string | null;
  latest_version: number;
  trust: TrustSignals;
}

export function listingSummary(row: ListingRow): ListingSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    front_facing_description: row.front_facing_description,
    source_url: row.source_url,
    is_authenticated: row.is_authenticated === 1,
    endpoint_count: row.endpoint_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
    primary_category: row.primary_category,
    secondary_categories: secondaryOf(row),
    endpoint_preview: summariesOf(row).slice(0, PREVIEW_SIZE),
    country: row.country,
    latest_version: row.latest_version,
    trust: trustOf(row),
  };
}

export interface ListingDetail extends ListingSummary {
  canonical_scraper_id: string;
  execution_base_url: string;
  apis: EndpointDefinition[];
  releases: Array<{ version: number; created_at: string; endpoints: string[] }>;
  user_status?: 'none' | 'subscribed' | 'forked';
  user_scraper_id?: string;
  pinned_version?: number;
}

/** The detail of a listing; `userId` (when the caller is authenticated) adds their relationship to it. */
export async function listingDetail(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  idOrSlug: string,
  userId: string | null,
): Promise<ListingDetail> {
  // Trust is recomputed on every detail read: a detail page is worth a few aggregate queries.
  const row = await refreshTrust(deps, await getListingOr404(deps, idOrSlug));
  const recipe = await releaseRecipe(deps.db.kysely, row.canonical_scraper_id, row.latest_version);
  if (!recipe) throw notFound(`Marketplace API ${idOrSlug} has no release`);
  const releases = await deps.db.kysely
    .selectFrom('marketplace_releases')
    .select(['version', 'created_at', 'endpoints'])
    .where('canonical_scraper_id', '=', row.canonical_scraper_id)
    .orderBy('version', 'desc')
    .limit(50)
    .execute();
  return {
    ...listingSummary(row),
    canonical_scraper_id: row.canonical_scraper_id,
    execution_base_url: executionBaseUrl(deps.config, row.canonical_scraper_id),
    apis: recipe.endpoints.map(endpointDefinition),
    releases: releases.map((r) => ({ version: r.version, created_at: r.created_at, endpoints: JSON.parse(r.endpoints) as string[] })),
    ...(userId ? await relationship(deps, userId, row) : {}),
  };
}

/** The caller's copy of the listing: a subscription wins over forks; the newest of each. */
async function relationship(deps: Pick<ServiceDeps, 'db'>, userId: string, row: ListingRow) {
  const copies = await deps.db.kysely
    .selectFrom('scrapers')
    .select(['id', 'source', 'pinned_version', 'created_at'])
    .where('user_id', '=', userId)
    .where('canonical_scraper_id', '=', row.canonical_scraper_id)
    .where('source', 'in', ['subscribed', 'forked'])
    .orderBy('created_at', 'desc')
    .execute();
  const mine = copies.find((c) => c.source === 'subscribed') ?? copies[0];
  if (!mine) return { user_status: 'none' as const };
  return {
    user_status: mine.source as 'subscribed' | 'forked',
    user_scraper_id: mine.id,
    ...(mine.pinned_version !== null ? { pinned_version: mine.pinned_version } : {}),
  };
}

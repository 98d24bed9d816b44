/**
 * Upstream updates of a copy (decisions.md): an endpoint of the canonical's newest release that
 * the copy lacks is `new`; one whose canonical definition changed since the release the copy's
 * endpoint was last synced from (its base) is `updated`. Edits the caller made to their own
 * copy are not updates. An update is `breaking` when its return schema drops or retypes a field
 * the copy's schema had (or it requires a new parameter).
 */
import type { EndpointRecipe, Recipe } from '../../recipe/types.js';
import type { ServiceDeps } from '../deps.js';
import { getLatestVersion, type ScraperRow } from '../scrapers.js';
import { releaseRecipe, type CopyLink } from './copies.js';
import { followedApi } from './followed.js';
import type { ListingRow, Q } from './listings.js';
import { breakingChanges, endpointOf, sameEndpoint, type BreakingChange } from './recipe-diff.js';

export interface UpdateEntry {
  endpoint_name: string;
  type: 'new' | 'updated';
  description: string;
  method: string;
  user_has_called: boolean;
  breaking: boolean;
  breaking_changes: BreakingChange[];
  /** The release the copy's endpoint came from (null for a new endpoint). */
  from_version: number | null;
  /** The canonical's latest release. */
  to_version: number;
}

export interface PendingUpdate {
  name: string;
  type: 'new' | 'updated';
  /** The canonical's endpoint at its latest release. */
  latest: EndpointRecipe;
  /** The canonical's endpoint at the copy's base release (absent when it did not exist there). */
  base: EndpointRecipe | undefined;
  /** The copy's endpoint now (absent for `new`). */
  current: EndpointRecipe | undefined;
  fromVersion: number | null;
}

export interface UpdateState {
  canonical: Recipe;
  copy: Recipe;
  copyVersion: number;
  latestVersion: number;
  updates: PendingUpdate[];
}

export async function pendingUpdates(q: Q, api: { scraper: ScraperRow; link: CopyLink; listing: ListingRow }): Promise<UpdateState> {
  const { scraper, link, listing } = api;
  const latestVersion = listing.latest_version;
  const canonical = await releaseRecipe(q, listing.canonical_scraper_id, latestVersion);
  if (!canonical) throw new Error(`canonical ${listing.canonical_scraper_id} lacks release ${latestVersion}`);
  const copyVersion = await getLatestVersion(q, scraper);
  const copy = copyVersion.recipe;
  const bases = new Map<number, Recipe | undefined>();
  const updates: PendingUpdate[] = [];
  for (const latest of canonical.endpoints) {
    const current = endpointOf(copy, latest.name);
    if (!current) {
      updates.push({ name: latest.name, type: 'new', latest, base: undefined, current, fromVersion: null });
      continue;
    }
    const fromVersion = link.bases[latest.name] ?? scraper.pinned_version ?? null;
    if (fromVersion === latestVersion) continue;
    let base: EndpointRecipe | undefined;
    if (fromVersion !== null) {
      if (!bases.has(fromVersion)) bases.set(fromVersion, await releaseRecipe(q, listing.canonical_scraper_id, fromVersion));
      const baseRecipe = bases.get(fromVersion);
      base = baseRecipe ? endpointOf(baseRecipe, latest.name) : undefined;
    }
    // Without a base (the copy's own endpoint of that name), any difference is upstream's news.
    const changed = base ? !sameEndpoint(base, latest) : !sameEndpoint(current, latest);
    if (changed) updates.push({ name: latest.name, type: 'updated', latest, base, current, fromVersion });
  }
  return { canonical, copy, copyVersion: copyVersion.version, latestVersion, updates };
}

export function toEntry(u: PendingUpdate, latestVersion: number, called: Set<string>): UpdateEntry {
  const changes = u.current ? breakingChanges(u.current, u.latest) : [];
  return {
    endpoint_name: u.name,
    type: u.type,
    description: u.latest.description,
    method: u.latest.method,
    user_has_called: called.has(u.name),
    breaking: changes.length > 0,
    breaking_changes: changes,
    from_version: u.fromVersion,
    to_version: latestVersion,
  };
}

/** Endpoints the user has called on this scraper (buffered calls are written first). */
export async function calledEndpoints(deps: Pick<ServiceDeps, 'db' | 'callLog'>, userId: string, scraperId: string): Promise<Set<string>> {
  await deps.callLog.flush();
  const rows = await deps.db.kysely
    .selectFrom('endpoint_calls')
    .select('endpoint_name')
    .distinct()
    .where('user_id', '=', userId)
    .where('scraper_id', '=', scraperId)
    .execute();
  return new Set(rows.map((r) => r.endpoint_name));
}

export interface UpdatesView {
  updates: UpdateEntry[];
  canonical_scraper_id: string;
  marketplace_id: string;
  latest_version: number;
  pinned_version: number | null;
}

export async function listUpdates(deps: Pick<ServiceDeps, 'db' | 'callLog'>, userId: string, taskId: string): Promise<UpdatesView> {
  const api = await followedApi(deps, userId, taskId);
  const state = await pendingUpdates(deps.db.kysely, api);
  const called = await calledEndpoints(deps, userId, api.scraper.id);
  return {
    updates: state.updates.map((u) => toEntry(u, state.latestVersion, called)),
    canonical_scraper_id: api.listing.canonical_scraper_id,
    marketplace_id: api.listing.id,
    latest_version: state.latestVersion,
    pinned_version: api.scraper.pinned_version,
  };
}

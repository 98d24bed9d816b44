/**
 * Dispatch matching (decisions.md): a canonical matches a dispatch when its site (normalized
 * host and path prefix) equals the URL's and its endpoints cover the task (or the task is empty).
 * A match answers at once with a completed task whose API is the caller's subscribed copy (an
 * existing subscription is reused). Canonicals of the same host that do not match are reported
 * in `existing_marketplace_apis` of the task that is built instead.
 *
 * A contributor adds to a canonical by asking for more than it has: a task naming fields (or an
 * endpoint kind) the canonical lacks does not match, so it builds, and the build's release adds
 * or replaces endpoints of the canonical.
 */
import type { ServiceDeps } from '../deps.js';
import { getLatestVersion } from '../scrapers.js';
import { createCopy, findOwnBuiltApi, findSubscribedCopy, insertAcquiredTask, releaseRecipe } from './copies.js';
import { coverage } from './coverage.js';
import { listingsOfHost, type ListingRow } from './listings.js';
import { siteKeyOf } from './site-key.js';
import { afterListingChange } from './stats.js';
import { newId } from '../../clock.js';

/** An entry of `existing_marketplace_apis.matches`. */
export interface MarketplaceMatch {
  id: string;
  slug: string;
  name: string;
  source_url: string;
  endpoint_count: number;
  /** Share of the task the API covers (fields and endpoint kinds), halved for another section of the host. */
  score: number;
}

export interface MatchedDispatch {
  task_id: string;
  matched: true;
  test_inputs: Array<{ endpoint_name: string; params: Record<string, unknown> }>;
  may_require_auth: boolean;
}

export type MatchOutcome = { matched: true; result: MatchedDispatch } | { matched: false; matches: MarketplaceMatch[] };

type MatchDeps = Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'logger' | 'marketplaceSearch'>;

/**
 * Find the canonicals of the URL's host; on one of the same site that covers the task, acquire
 * it for the caller (unless `acquire` is false: a private build only learns what exists).
 */
export async function matchDispatch(
  deps: MatchDeps,
  userId: string,
  input: { url: string; task: string },
  opts: { acquire?: boolean } = {},
): Promise<MatchOutcome> {
  const site = siteKeyOf(input.url);
  const candidates = await listingsOfHost(deps.db.kysely, site.host);
  let exact: ListingRow | null = null;
  const matches: MarketplaceMatch[] = [];
  for (const listing of candidates) {
    const recipe = await releaseRecipe(deps.db.kysely, listing.canonical_scraper_id, listing.latest_version);
    if (!recipe) continue;
    const cov = coverage(recipe, input.task);
    const sameSite = listing.site_key === site.key;
    if (sameSite && cov.covered) exact = listing;
    matches.push({
      id: listing.id,
      slug: listing.slug,
      name: listing.name,
      source_url: listing.source_url,
      endpoint_count: listing.endpoint_count,
      score: Math.round((sameSite ? cov.score : cov.score / 2) * 1000) / 1000,
    });
  }
  matches.sort((a, b) => b.score - a.score);
  if (!exact || opts.acquire === false) return { matched: false, matches };
  const own = await ownApiMatch(deps, userId, exact);
  if (own) return { matched: true, result: own };
  return { matched: true, result: await acquireMatch(deps, userId, exact, input, matches) };
}

/**
 * The caller contributed this canonical from an API of their own: the match answers with that
 * API's task, not a subscribed duplicate of it (decisions.md, "Removing APIs and tasks"). Asking
 * for it again brings it back if it was archived.
 */
async function ownApiMatch(deps: MatchDeps, userId: string, listing: ListingRow): Promise<MatchedDispatch | null> {
  const own = await findOwnBuiltApi(deps.db.kysely, userId, listing.canonical_scraper_id);
  if (!own) return null;
  const task = await deps.db.kysely
    .selectFrom('tasks')
    .select('id')
    .where('user_id', '=', userId)
    .where('result_scraper_id', '=', own.id)
    .where('status', '=', 'completed')
    .orderBy('completed_at', 'desc')
    .executeTakeFirst();
  if (!task) return null;
  if (own.archived_at) await deps.db.kysely.updateTable('scrapers').set({ archived_at: null }).where('id', '=', own.id).execute();
  const { recipe } = await getLatestVersion(deps.db.kysely, own);
  return {
    task_id: task.id,
    matched: true,
    test_inputs: recipe.endpoints.map((e) => ({ endpoint_name: e.name, params: e.sample_inputs })),
    may_require_auth: listing.is_authenticated === 1,
  };
}

async function acquireMatch(
  deps: MatchDeps,
  userId: string,
  listing: ListingRow,
  input: { url: string; task: string },
  matches: MarketplaceMatch[],
): Promise<MatchedDispatch> {
  const taskId = newId();
  const copy = await deps.db.kysely.transaction().execute(async (trx) => {
    const scraper =
      (await findSubscribedCopy(trx, userId, listing.canonical_scraper_id)) ??
      (await createCopy(trx, deps.clock, { userId, listing, source: 'subscribed', taskId }));
    await insertAcquiredTask(trx, deps.clock, {
      taskId,
      userId,
      url: input.url,
      task: input.task,
      source: 'subscribed',
      scraperId: scraper.id,
      listing,
      pinnedVersion: scraper.pinned_version ?? listing.latest_version,
      existing: matches,
    });
    return scraper;
  });
  await afterListingChange(deps, listing.id);
  const { recipe } = await getLatestVersion(deps.db.kysely, copy);
  return {
    task_id: taskId,
    matched: true,
    test_inputs: recipe.endpoints.map((e) => ({ endpoint_name: e.name, params: e.sample_inputs })),
    may_require_auth: listing.is_authenticated === 1,
  };
}

/**
 * Merging upstream updates into a copy, and rolling the latest merge back. Both write a new
 * immutable version of the copy (decisions.md). A merge records the version it started from and
 * the copy's previous bases, so its rollback restores exactly that state, as yet another version.
 *
 * code_merged: true when the copy's code changed, i.e. a merged endpoint's steps differ from the
 * copy's (always for a new endpoint). An update that upstream made to the contract only
 * (description, schemas, samples, price) keeps the copy's own steps: spec-only merges never
 * replace code the caller may have edited.
 */
import { conflict, validationFailed } from '../../errors/index.js';
import { recipeHasScript, validateRecipe } from '../../recipe/index.js';
import type { EndpointRecipe, Recipe } from '../../recipe/types.js';
import type { ServiceDeps } from '../deps.js';
import { addVersion, findScraper, getVersion } from '../scrapers.js';
import { getCopyLink, saveCopyLink, type EndpointBases } from './copies.js';
import { followedApi } from './followed.js';
import { listingOfCanonical, type Q } from './listings.js';
import { sameCode } from './recipe-diff.js';
import { withUniqueRetry } from './unique-retry.js';
import { pendingUpdates, type PendingUpdate } from './updates.js';
import type { Clock } from '../../clock.js';

interface MergeInfo {
  from_version: number;
  canonical_version: number;
  endpoints: string[];
  code_merged: boolean;
  previous_bases: EndpointBases;
  previous_pinned_version: number | null;
}

export interface MergeResult {
  merged: number;
  endpoints: string[];
  code_merged: boolean;
  /** The copy's new version. */
  version: number;
  pinned_version: number;
}

type MergeDeps = Pick<ServiceDeps, 'db' | 'clock'>;

export async function mergeUpdates(deps: MergeDeps, userId: string, taskId: string, names: string[]): Promise<MergeResult> {
  const { scraper } = await followedApi(deps, userId, taskId);
  const wanted = [...new Set(names)];
  return withUniqueRetry(() => deps.db.kysely.transaction().execute((trx) => mergeIn(trx, deps.clock, scraper.id, wanted)));
}

async function loadFresh(trx: Q, scraperId: string) {
  // Re-read inside the transaction: another merge may have committed since the route's checks.
  const scraper = await findScraper(trx, scraperId);
  const link = scraper ? await getCopyLink(trx, scraperId) : undefined;
  const listing = link ? await listingOfCanonical(trx, link.canonical_scraper_id) : undefined;
  if (!scraper || !link || !listing) throw conflict('The API no longer follows a marketplace API');
  return { scraper, link, listing };
}

async function mergeIn(trx: Q, clock: Clock, scraperId: string, wanted: string[]): Promise<MergeResult> {
  const api = await loadFresh(trx, scraperId);
  const state = await pendingUpdates(trx, api);
  const byName = new Map(state.updates.map((u) => [u.name, u]));
  const unknown = wanted.filter((n) => !byName.has(n));
  if (unknown.length) {
    throw validationFailed(
      `No pending update for ${unknown.join(', ')}`,
      unknown.map((n) => ({ field: 'endpoints', message: `${n} has no pending update`, value: n })),
    );
  }
  const endpoints = [...state.copy.endpoints];
  let codeMerged = false;
  for (const name of wanted) {
    const u = byName.get(name) as PendingUpdate;
    const merged = mergedEndpoint(u);
    const at = endpoints.findIndex((e) => e.name === name);
    if (at >= 0) endpoints[at] = merged;
    else endpoints.push(merged);
    if (!u.current || !sameCode(u.current, merged)) codeMerged = true;
  }
  const headers = codeMerged && state.canonical.headers ? { ...state.copy.headers, ...state.canonical.headers } : state.copy.headers;
  const recipe = checked({ ...state.copy, ...(headers ? { headers } : {}), endpoints });
  const info: MergeInfo = {
    from_version: state.copyVersion,
    canonical_version: state.latestVersion,
    endpoints: wanted,
    code_merged: codeMerged,
    previous_bases: api.link.bases,
    previous_pinned_version: api.scraper.pinned_version,
  };
  const version = await addVersion(trx, clock, scraperId, recipe, 'merge', { merge: info }, { hasScript: recipeHasScript(recipe) });
  const bases = { ...api.link.bases };
  for (const name of wanted) bases[name] = state.latestVersion;
  await saveCopyLink(trx, clock, { ...api.link, bases }, state.latestVersion);
  return { merged: wanted.length, endpoints: wanted, code_merged: codeMerged, version, pinned_version: state.latestVersion };
}

/** Upstream's endpoint; for a contract-only change upstream, with the copy's own steps kept. */
function mergedEndpoint(u: PendingUpdate): EndpointRecipe {
  if (u.current && u.base && sameCode(u.base, u.latest)) return { ...u.latest, steps: u.current.steps };
  return u.latest;
}

function checked(recipe: Recipe): Recipe {
  const v = validateRecipe(recipe);
  if (!v.ok) throw new Error(`merge would make an invalid recipe: ${JSON.stringify(v.errors.slice(0, 3))}`);
  return v.recipe;
}

export interface RollbackResult {
  rolled_back: true;
  version: number;
  restored_version: number;
}

/**
 * Undo the latest merge, as a new version holding the copy from before it. Only a merge that is
 * still the copy's latest change can be undone: after a rollback, or after a revision made
 * since the merge, it is a 409 (merging again makes a new merge to roll back).
 */
export async function rollbackMerge(deps: MergeDeps, userId: string, taskId: string): Promise<RollbackResult> {
  const { scraper } = await followedApi(deps, userId, taskId);
  return withUniqueRetry(() =>
    deps.db.kysely.transaction().execute(async (trx) => {
      const api = await loadFresh(trx, scraper.id);
      const last = await getVersion(trx, scraper.id, api.scraper.latest_version);
      if (!last || last.reason !== 'merge') throw await nothingToRollBack(trx, scraper.id, last?.reason);
      const info = (last.info as { merge: MergeInfo }).merge;
      const restored = await getVersion(trx, scraper.id, info.from_version);
      if (!restored) throw conflict(`Version ${info.from_version} to restore is missing`);
      const version = await addVersion(
        trx,
        deps.clock,
        scraper.id,
        restored.recipe,
        'rollback',
        { rollback: { merge_version: last.version, restored_version: info.from_version } },
        { hasScript: recipeHasScript(restored.recipe) },
      );
      const pinned = info.previous_pinned_version ?? Math.max(...Object.values(info.previous_bases), 1);
      await saveCopyLink(trx, deps.clock, { ...api.link, bases: info.previous_bases }, pinned);
      return { rolled_back: true as const, version, restored_version: info.from_version };
    }),
  );
}

async function nothingToRollBack(trx: Q, scraperId: string, lastReason: string | undefined) {
  if (lastReason === 'rollback') return conflict('The latest merge was already rolled back; merge again before rolling back');
  const anyMerge = await trx
    .selectFrom('scraper_versions')
    .select('version')
    .where('scraper_id', '=', scraperId)
    .where('reason', '=', 'merge')
    .executeTakeFirst();
  return anyMerge
    ? conflict('The API changed after its latest merge; only a merge that is the latest change can be rolled back')
    : conflict('Nothing to roll back: no updates were merged into this API');
}

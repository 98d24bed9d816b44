/**
 * Releases: a contributing build or revision whose endpoint tests passed publishes its endpoints
 * to the site's canonical. The first contribution to a site creates the canonical (a scraper of
 * the marketplace account) and its listing; each later one is a new version of the canonical
 * (same endpoint name replaces, a new name adds) recorded as a release. Release numbers are the
 * canonical scraper's own version numbers, so `API-Snapshot-Version: 3` on the canonical and
 * "release 3" are the same snapshot.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import type { Clock } from '../../clock.js';
import { iso, newId } from '../../clock.js';
import { notFound } from '../../errors/index.js';
import { recipeHasScript, validateRecipe } from '../../recipe/index.js';
import type { Recipe } from '../../recipe/types.js';
import type { SiteInfo } from '../../builder/pipeline.js';
import type { ServiceDeps } from '../deps.js';
import { addVersion, createScraper, findScraper, getLatestVersion } from '../scrapers.js';
import { basesAt, getCopyLink, releaseRecipe, saveCopyLink, type CopyLink } from './copies.js';
import {
  categoriesOf,
  countryOf,
  endpointSummary,
  frontFacingDescription,
  isAuthenticated,
  listingDescription,
  listingName,
  slugify,
  type SiteFacts,
} from './listing-content.js';
import { emptyTrust, findListing, listingOfSite, trustOf, type ListingRow, type Q } from './listings.js';
import { endpointOf, sameEndpoint } from './recipe-diff.js';
import { siteKeyOf } from './site-key.js';
import { MARKETPLACE_USER_ID } from './system-account.js';
import { withUniqueRetry } from './unique-retry.js';
import { afterListingChange, computeTrust } from './stats.js';

export interface PublishReleaseInput {
  /**
   * The contributor's scraper (a built scraper or a copy). It is linked to the canonical (its
   * contributed endpoints based on the new release). null: nothing to link yet (the build job
   * links its new scraper afterwards with `linkToRelease`).
   */
  scraperId: string | null;
  /** The new recipe, whose endpoints passed their tests. */
  recipe: Recipe;
  /** The build or revision task: it gets `marketplace_apis.published` and `result_marketplace_id`. */
  taskId: string | null;
  /** What the site says of itself (categories, country, descriptions); null keeps the listing's. */
  site?: SiteInfo | null;
  /** The dispatched address (the site key); default: the scraper's canonical, else the task's url, else recipe.source_url. */
  url?: string | null;
}

export interface PublishedRelease {
  listing_id: string;
  slug: string;
  canonical_scraper_id: string;
  /** The canonical's latest release after this call. */
  version: number;
  /** False when nothing differed from the canonical (no new release; the scraper is still linked). */
  released: boolean;
  /** True when this call created the canonical and its listing. */
  created: boolean;
  /** Endpoints this release added or replaced. */
  endpoints: string[];
}

type ReleaseDeps = Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'logger' | 'marketplaceSearch'>;

/**
 * Publish `recipe` to its site's canonical. Returns null when nothing may be published: the task
 * was cancelled or failed, or the scraper opted out of the marketplace. Call it only for a
 * contributing build or revision whose endpoints passed their tests.
 */
export async function publishRelease(deps: ReleaseDeps, input: PublishReleaseInput): Promise<PublishedRelease | null> {
  const result = await withUniqueRetry(() => deps.db.kysely.transaction().execute((trx) => releaseIn(trx, deps.clock, input)));
  if (result) await afterListingChange(deps, result.listing_id);
  return result;
}

async function releaseIn(trx: Q, clock: Clock, input: PublishReleaseInput): Promise<PublishedRelease | null> {
  const task = input.taskId
    ? await trx.selectFrom('tasks').select(['user_id', 'url', 'status']).where('id', '=', input.taskId).executeTakeFirst()
    : undefined;
  if (task && (task.status === 'cancelled' || task.status === 'failed')) return null;
  const scraper = input.scraperId ? await findScraper(trx, input.scraperId) : undefined;
  if (input.scraperId && !scraper) throw notFound(`Scraper ${input.scraperId} not found`);
  if (scraper && (scraper.contributes_to_marketplace === 0 || scraper.source === 'canonical')) return null;
  const link = scraper ? await getCopyLink(trx, scraper.id) : undefined;
  const site = siteKeyOf(input.url ?? task?.url ?? scraper?.website ?? input.recipe.source_url);
  const listing = (link ? await findListing(trx, link.listing_id) : undefined) ?? (await listingOfSite(trx, site.key));
  const ctx = { trx, clock, input, contributor: scraper?.user_id ?? task?.user_id ?? null, link };

  const published = listing ? await addRelease(ctx, listing) : await createCanonical(ctx, site);
  if (published.released) await storeTrust(trx, clock, published.listing_id);
  if (input.taskId) {
    await trx
      .updateTable('tasks')
      .set({
        result_marketplace_id: published.listing_id,
        marketplace_apis: JSON.stringify({
          published: published.released ? { id: published.listing_id, slug: published.slug, version: published.version } : null,
        }),
      })
      .where('id', '=', input.taskId)
      .execute();
  }
  if (scraper) {
    // The contributed endpoints are now the canonical's at this release; the others keep their base.
    const bases = link ? { ...link.bases } : basesAt(input.recipe, published.version);
    for (const name of published.endpoints) bases[name] = published.version;
    // A linked copy that released nothing keeps its pin: it did not sync with anything newer.
    const pinned = link && !published.released && scraper.pinned_version !== null ? scraper.pinned_version : published.version;
    await saveCopyLink(
      trx,
      clock,
      { scraper_id: scraper.id, listing_id: published.listing_id, canonical_scraper_id: published.canonical_scraper_id, bases },
      pinned,
    );
  }
  return published;
}

/** Trust signals as of this release, written with it (the new endpoints passed their tests now). */
async function storeTrust(trx: Q, clock: Clock, listingId: string): Promise<void> {
  const row = await trx.selectFrom('marketplace_listings').selectAll().where('id', '=', listingId).executeTakeFirstOrThrow();
  const trust = await computeTrust(trx, row, clock.now());
  await trx.updateTable('marketplace_listings').set({ trust: JSON.stringify(trust) }).where('id', '=', listingId).execute();
}

/**
 * `publishRelease` inside the caller's transaction, all or nothing with it (the revision job
 * publishes its version, forks a subscribed copy and releases in one transaction). Search
 * indexes catch up on their next search; a failure aborts the caller's transaction.
 */
export function publishReleaseIn(trx: Transaction<Database>, clock: Clock, input: PublishReleaseInput): Promise<PublishedRelease | null> {
  return releaseIn(trx, clock, input);
}

/**
 * The revise job's release hook (`reviseJob(deps, { release: marketplaceReleaseHook(deps) })`):
 * a contributing revision that passed its tests releases its changed endpoints.
 */
export function marketplaceReleaseHook(deps: Pick<ServiceDeps, 'clock'>) {
  return async (trx: Transaction<Database>, input: { scraper: { id: string }; recipe: Recipe; task: { id: string } }): Promise<void> => {
    await releaseIn(trx, deps.clock, { scraperId: input.scraper.id, recipe: input.recipe, taskId: input.task.id });
  };
}

interface ReleaseContext {
  trx: Q;
  clock: Clock;
  input: PublishReleaseInput;
  contributor: string | null;
  link: CopyLink | undefined;
}

async function createCanonical(ctx: ReleaseContext, site: { host: string; key: string }): Promise<PublishedRelease> {
  const { trx, clock, input } = ctx;
  const facts = factsOf(input.site);
  const name = listingName(input.recipe.name, facts);
  const recipe = checked({ ...input.recipe, name, description: recipeDescription({ ...input.recipe, name }, input.recipe.endpoints) });
  const canonical = await createScraper(trx, clock, {
    userId: MARKETPLACE_USER_ID,
    recipe,
    source: 'canonical',
    reason: 'release',
    taskId: input.taskId,
    contributesToMarketplace: true,
    hasScript: recipeHasScript(recipe),
  });
  const now = iso(clock);
  const slug = await freeSlug(trx, recipe.name, site.host);
  const listingId = newId();
  await trx
    .insertInto('marketplace_listings')
    .values({
      id: listingId,
      slug,
      canonical_scraper_id: canonical.id,
      site_key: site.key,
      host: site.host,
      name: recipe.name,
      ...contentColumns(recipe, facts, site.host),
      latest_version: 1,
      site_title: facts?.title ?? null,
      site_description: facts?.description ?? null,
      site_lang: facts?.lang ?? null,
      site_text: facts?.text ?? null,
      trust: JSON.stringify(emptyTrust(now, recipe.endpoints.length)),
      created_at: now,
      updated_at: now,
      changed_at: now,
    })
    .execute();
  const endpoints = recipe.endpoints.map((e) => e.name);
  await insertReleaseRow(ctx, canonical.id, 1, listingId, endpoints, now);
  return { listing_id: listingId, slug, canonical_scraper_id: canonical.id, version: 1, released: true, created: true, endpoints };
}

async function addRelease(ctx: ReleaseContext, listing: ListingRow): Promise<PublishedRelease> {
  const { trx, clock, input } = ctx;
  const current = await releaseRecipe(trx, listing.canonical_scraper_id, listing.latest_version);
  if (!current) throw new Error(`canonical ${listing.canonical_scraper_id} lacks release ${listing.latest_version}`);
  const contributed = await contributedEndpoints(ctx, listing, current);
  const base = { listing_id: listing.id, slug: listing.slug, canonical_scraper_id: listing.canonical_scraper_id, created: false };
  if (contributed.length === 0) return { ...base, version: listing.latest_version, released: false, endpoints: [] };

  const merged = mergeEndpoints(current, input.recipe, contributed);
  const version = await addVersion(
    trx,
    clock,
    listing.canonical_scraper_id,
    merged,
    'release',
    { task_id: input.taskId, contributor_user_id: ctx.contributor, endpoints: contributed },
    { hasScript: recipeHasScript(merged) },
  );
  const now = iso(clock);
  const facts = factsOf(input.site) ?? storedFacts(listing);
  const trust = { ...trustOf(listing), last_verified_at: now, endpoint_count: merged.endpoints.length };
  await trx
    .updateTable('marketplace_listings')
    .set({
      ...contentColumns(merged, facts, listing.host, listing.name),
      latest_version: version,
      ...(input.site
        ? { site_title: input.site.title, site_description: input.site.description, site_lang: input.site.lang, site_text: input.site.text }
        : {}),
      trust: JSON.stringify(trust),
      updated_at: now,
      changed_at: now,
    })
    .where('id', '=', listing.id)
    .execute();
  await insertReleaseRow(ctx, listing.canonical_scraper_id, version, listing.id, contributed, now);
  return { ...base, version, released: true, endpoints: contributed };
}

/**
 * Endpoints of the contribution that change the canonical. A linked scraper contributes what it
 * changed since its base release (an endpoint it merely copied is not pushed back, which would
 * undo newer releases); an unlinked one everything that differs from the latest release.
 */
async function contributedEndpoints(ctx: ReleaseContext, listing: ListingRow, current: Recipe): Promise<string[]> {
  const out: string[] = [];
  const baseRecipes = new Map<number, Recipe | undefined>();
  for (const ep of ctx.input.recipe.endpoints) {
    if (sameEndpoint(endpointOf(current, ep.name), ep)) continue;
    const baseVersion = ctx.link?.canonical_scraper_id === listing.canonical_scraper_id ? ctx.link.bases[ep.name] : undefined;
    if (baseVersion !== undefined) {
      if (!baseRecipes.has(baseVersion)) baseRecipes.set(baseVersion, await releaseRecipe(ctx.trx, listing.canonical_scraper_id, baseVersion));
      const base = baseRecipes.get(baseVersion);
      if (base && sameEndpoint(endpointOf(base, ep.name), ep)) continue;
    }
    out.push(ep.name);
  }
  return out;
}

/** The canonical after a contribution: same name replaces (in place), new names are appended. */
export function mergeEndpoints(canonical: Recipe, contribution: Recipe, names: string[]): Recipe {
  const wanted = new Set(names);
  const incoming = new Map(contribution.endpoints.filter((e) => wanted.has(e.name)).map((e) => [e.name, e]));
  const endpoints = canonical.endpoints.map((e) => incoming.get(e.name) ?? e);
  for (const e of incoming.values()) if (!endpointOf(canonical, e.name)) endpoints.push(e);
  const headers = contribution.headers ? { ...canonical.headers, ...contribution.headers } : canonical.headers;
  return checked({
    ...canonical,
    ...(headers ? { headers } : {}),
    description: recipeDescription(canonical, endpoints),
    endpoints,
  });
}

const recipeDescription = (r: Recipe, endpoints: Recipe['endpoints']) =>
  `${r.name}: ${endpoints.map((e) => e.name).join(', ')}. Built from ${r.source_url}.`;

function checked(recipe: Recipe): Recipe {
  const v = validateRecipe(recipe);
  if (!v.ok) throw new Error(`release would make an invalid recipe: ${JSON.stringify(v.errors.slice(0, 3))}`);
  return v.recipe;
}

function contentColumns(recipe: Recipe, facts: SiteFacts | null, host: string, name = recipe.name) {
  const categories = categoriesOf(recipe, facts);
  return {
    description: listingDescription(recipe, facts),
    front_facing_description: frontFacingDescription(name, host, facts?.description ?? null, recipe),
    source_url: recipe.source_url,
    is_authenticated: isAuthenticated(recipe) ? 1 : 0,
    primary_category: categories.primary,
    secondary_categories: JSON.stringify(categories.secondary),
    country: countryOf(recipe, facts),
    endpoint_count: recipe.endpoints.length,
    endpoint_summaries: JSON.stringify(recipe.endpoints.map((e) => ({ endpoint_name: e.name, method: e.method, summary: endpointSummary(e) }))),
  };
}

const factsOf = (site: SiteInfo | null | undefined): SiteFacts | null => (site ? { ...site } : null);

function storedFacts(l: ListingRow): SiteFacts | null {
  if (l.site_title === null && l.site_text === null && l.site_description === null) return null;
  return { host: l.host, title: l.site_title, description: l.site_description, lang: l.site_lang, text: l.site_text ?? '' };
}

async function freeSlug(trx: Q, name: string, host: string): Promise<string> {
  const hostname = host.replace(/:\d+$/, '');
  const candidates = [slugify(name), slugify(`${name} ${hostname}`)];
  for (const c of candidates) if (!(await slugTaken(trx, c))) return c;
  for (let n = 2; ; n++) {
    const c = `${candidates[1]}-${n}`;
    if (!(await slugTaken(trx, c))) return c;
  }
}

async function slugTaken(trx: Q, slug: string): Promise<boolean> {
  return !!(await trx.selectFrom('marketplace_listings').select('id').where('slug', '=', slug).executeTakeFirst());
}

async function insertReleaseRow(ctx: ReleaseContext, canonicalId: string, version: number, listingId: string, endpoints: string[], at: string) {
  await ctx.trx
    .insertInto('marketplace_releases')
    .values({
      canonical_scraper_id: canonicalId,
      version,
      listing_id: listingId,
      task_id: ctx.input.taskId,
      contributor_user_id: ctx.contributor,
      contributed_scraper_id: ctx.input.scraperId,
      endpoints: JSON.stringify(endpoints),
      created_at: at,
    })
    .execute();
}

/**
 * Link a scraper built from exactly the released recipe (the build job publishes the release
 * before the scraper exists) so upstream updates flow to it too.
 */
export async function linkToRelease(deps: Pick<ServiceDeps, 'db' | 'clock'>, scraperId: string, release: PublishedRelease): Promise<void> {
  await deps.db.kysely.transaction().execute(async (trx) => {
    const scraper = await findScraper(trx, scraperId);
    if (!scraper || (await getCopyLink(trx, scraperId))) return;
    const { recipe } = await getLatestVersion(trx, scraper);
    await saveCopyLink(
      trx,
      deps.clock,
      { scraper_id: scraperId, listing_id: release.listing_id, canonical_scraper_id: release.canonical_scraper_id, bases: basesAt(recipe, release.version) },
      release.version,
    );
  });
}

/**
 * Desync a scraper from its canonical for good (a revision with contributes_to_marketplace
 * false): no more updates, no more contributions.
 */
export async function detachFromCanonical(deps: Pick<ServiceDeps, 'db'>, scraperId: string): Promise<void> {
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('marketplace_copies').where('scraper_id', '=', scraperId).execute();
    await trx
      .updateTable('scrapers')
      .set({ canonical_scraper_id: null, pinned_version: null, contributes_to_marketplace: 0 })
      .where('id', '=', scraperId)
      .where('source', '!=', 'canonical')
      .execute();
  });
}

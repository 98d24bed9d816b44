/**
 * Copies: scrapers that follow a canonical (a subscription, a fork, or a contributor's own built
 * scraper). Each keeps, per endpoint, the canonical release it was last synced from (its
 * "base"), so updates are exact even after merging only some endpoints.
 */
import type { Clock } from '../../clock.js';
import { iso, newId } from '../../clock.js';
import { createScraper, getVersion, type ScraperRow } from '../scrapers.js';
import { recipeHasScript } from '../../recipe/index.js';
import type { Recipe } from '../../recipe/types.js';
import type { ListingRow, Q } from './listings.js';
import { newTaskRow } from '../task-rows.js';

export type EndpointBases = Record<string, number>;

export interface CopyLink {
  scraper_id: string;
  listing_id: string;
  canonical_scraper_id: string;
  bases: EndpointBases;
}

export async function getCopyLink(q: Q, scraperId: string): Promise<CopyLink | undefined> {
  const row = await q.selectFrom('marketplace_copies').selectAll().where('scraper_id', '=', scraperId).executeTakeFirst();
  if (!row) return undefined;
  return {
    scraper_id: row.scraper_id,
    listing_id: row.listing_id,
    canonical_scraper_id: row.canonical_scraper_id,
    bases: JSON.parse(row.endpoint_bases) as EndpointBases,
  };
}

/** Insert or replace a copy's link, and mirror it on the scraper row (canonical_scraper_id, pinned_version). */
export async function saveCopyLink(q: Q, clock: Clock, link: CopyLink, pinnedVersion: number): Promise<void> {
  const now = iso(clock);
  const bases = JSON.stringify(link.bases);
  await q
    .insertInto('marketplace_copies')
    .values({
      scraper_id: link.scraper_id,
      listing_id: link.listing_id,
      canonical_scraper_id: link.canonical_scraper_id,
      endpoint_bases: bases,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('scraper_id').doUpdateSet({ listing_id: link.listing_id, canonical_scraper_id: link.canonical_scraper_id, endpoint_bases: bases, updated_at: now }),
    )
    .execute();
  await q
    .updateTable('scrapers')
    .set({ canonical_scraper_id: link.canonical_scraper_id, pinned_version: pinnedVersion })
    .where('id', '=', link.scraper_id)
    .execute();
}

export const basesAt = (recipe: Recipe, version: number): EndpointBases =>
  Object.fromEntries(recipe.endpoints.map((e) => [e.name, version]));

/** The canonical's recipe at one of its releases. */
export async function releaseRecipe(q: Q, canonicalScraperId: string, version: number): Promise<Recipe | undefined> {
  return (await getVersion(q, canonicalScraperId, version))?.recipe;
}

/** A new scraper of `userId` holding the listing's latest release, linked to its canonical. */
export async function createCopy(
  q: Q,
  clock: Clock,
  input: { userId: string; listing: ListingRow; source: 'subscribed' | 'forked'; taskId: string },
): Promise<ScraperRow> {
  const { listing } = input;
  const recipe = await releaseRecipe(q, listing.canonical_scraper_id, listing.latest_version);
  if (!recipe) throw new Error(`canonical ${listing.canonical_scraper_id} has no release ${listing.latest_version}`);
  const scraper = await createScraper(q, clock, {
    userId: input.userId,
    recipe,
    source: input.source,
    reason: input.source === 'subscribed' ? 'subscribe' : 'fork',
    taskId: input.taskId,
    canonicalScraperId: listing.canonical_scraper_id,
    pinnedVersion: listing.latest_version,
    contributesToMarketplace: true,
    hasScript: recipeHasScript(recipe),
  });
  await saveCopyLink(
    q,
    clock,
    { scraper_id: scraper.id, listing_id: listing.id, canonical_scraper_id: listing.canonical_scraper_id, bases: basesAt(recipe, listing.latest_version) },
    listing.latest_version,
  );
  return scraper;
}

/** The user's newest subscribed copy of a canonical, if any. */
export async function findSubscribedCopy(q: Q, userId: string, canonicalScraperId: string): Promise<ScraperRow | undefined> {
  return q
    .selectFrom('scrapers')
    .selectAll()
    .where('user_id', '=', userId)
    .where('canonical_scraper_id', '=', canonicalScraperId)
    .where('source', '=', 'subscribed')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/**
 * The caller's own API that follows this canonical: the built scraper they contributed from
 * (first built wins). Subscribing to it or matching it again must not make a second API.
 */
export async function findOwnBuiltApi(q: Q, userId: string, canonicalScraperId: string): Promise<ScraperRow | undefined> {
  return q
    .selectFrom('scrapers')
    .selectAll()
    .where('user_id', '=', userId)
    .where('canonical_scraper_id', '=', canonicalScraperId)
    .where('source', '=', 'built')
    .orderBy('created_at', 'asc')
    .executeTakeFirst();
}

/**
 * A task that is completed from the start: the record of acquiring an API from the marketplace
 * (a matched dispatch, a subscription, a fork), so it appears among the caller's tasks and the
 * task routes (updates, merge, rollback, exports) work on it like on a built API.
 */
export async function insertAcquiredTask(
  q: Q,
  clock: Clock,
  input: {
    taskId?: string;
    userId: string;
    url: string;
    task: string;
    source: 'subscribed' | 'forked';
    scraperId: string;
    listing: ListingRow;
    pinnedVersion: number;
    existing: unknown[];
  },
): Promise<string> {
  const now = iso(clock);
  const id = input.taskId ?? newId();
  const ref = { id: input.listing.id, slug: input.listing.slug, version: input.pinnedVersion };
  await q
    .insertInto('tasks')
    .values(
      newTaskRow({
        id,
        user_id: input.userId,
        url: input.url,
        task: input.task,
        now,
        status: 'completed',
        result_scraper_id: input.scraperId,
        result_marketplace_id: input.listing.id,
        auth_enabled: input.listing.is_authenticated,
        source: input.source,
        progress: JSON.stringify({
          stage: 'done',
          headline: `${input.source === 'subscribed' ? 'Subscribed to' : 'Forked'} ${input.listing.name} (release ${input.pinnedVersion})`,
          percent: 100,
          endpoints: [],
          log: [{ at: now, level: 'info', message: `Copied release ${input.pinnedVersion} of marketplace API ${input.listing.slug}` }],
        }),
        marketplace_apis: JSON.stringify({ published: null, [input.source]: ref }),
        existing_marketplace_apis: JSON.stringify({ matches: input.existing }),
      }),
    )
    .execute();
  return id;
}

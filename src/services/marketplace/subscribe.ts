/**
 * Acquiring a marketplace API: subscribing gives the caller a copy pinned to the canonical's
 * latest release (`source: subscribed`; subscribing again returns the same copy); forking gives
 * a new editable copy each time (`source: forked`). Both are the caller's own scrapers, listed
 * among their tasks through a completed task, and both keep receiving updates to merge.
 */
import { newId } from '../../clock.js';
import { conflict, notFound } from '../../errors/index.js';
import type { ServiceDeps } from '../deps.js';
import { createCopy, findOwnBuiltApi, findSubscribedCopy, insertAcquiredTask } from './copies.js';
import { findListing, type ListingRow, type Q } from './listings.js';
import { afterListingChange } from './stats.js';

export interface AcquiredApi {
  scraper_id: string;
  canonical_scraper_id: string;
  task_id: string;
  source: 'subscribed' | 'forked';
  pinned_version: number;
  /** False when an existing subscription was returned. */
  created: boolean;
}

type AcquireDeps = Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'logger' | 'marketplaceSearch'>;

export async function getListingOr404(deps: Pick<ServiceDeps, 'db'>, idOrSlug: string): Promise<ListingRow> {
  const listing = await findListing(deps.db.kysely, idOrSlug);
  if (!listing) throw notFound(`Marketplace API ${idOrSlug} not found`);
  return listing;
}

export async function subscribe(deps: AcquireDeps, userId: string, idOrSlug: string): Promise<AcquiredApi> {
  return acquire(deps, userId, await getListingOr404(deps, idOrSlug), 'subscribed');
}

export async function fork(deps: AcquireDeps, userId: string, idOrSlug: string): Promise<AcquiredApi> {
  return acquire(deps, userId, await getListingOr404(deps, idOrSlug), 'forked');
}

async function acquire(deps: AcquireDeps, userId: string, listing: ListingRow, source: 'subscribed' | 'forked'): Promise<AcquiredApi> {
  const result = await deps.db.kysely.transaction().execute(async (trx) => {
    if (source === 'subscribed') {
      await refuseOwnApi(trx, userId, listing);
      const existing = await findSubscribedCopy(trx, userId, listing.canonical_scraper_id);
      if (existing) {
        // Subscribing again to a subscription its owner archived brings it back.
        if (existing.archived_at) await trx.updateTable('scrapers').set({ archived_at: null }).where('id', '=', existing.id).execute();
        const task = await trx
          .selectFrom('tasks')
          .select('id')
          .where('user_id', '=', userId)
          .where('result_scraper_id', '=', existing.id)
          .orderBy('created_at', 'desc')
          .executeTakeFirst();
        if (task) {
          const pinned = existing.pinned_version ?? listing.latest_version;
          return { scraper_id: existing.id, task_id: task.id, pinned_version: pinned, created: false };
        }
      }
    }
    const taskId = newId();
    const copy = await createCopy(trx, deps.clock, { userId, listing, source, taskId });
    await insertAcquiredTask(trx, deps.clock, {
      taskId,
      userId,
      url: listing.source_url,
      task: '',
      source,
      scraperId: copy.id,
      listing,
      pinnedVersion: listing.latest_version,
      existing: [],
    });
    return { scraper_id: copy.id, task_id: taskId, pinned_version: listing.latest_version, created: true };
  });
  if (result.created) await afterListingChange(deps, listing.id);
  return { ...result, canonical_scraper_id: listing.canonical_scraper_id, source };
}

/**
 * Subscribing to an API the caller built (its built scraper follows this canonical) would make
 * a second API and a second set of MCP tools for the same recipe: refused, naming the caller's
 * own (archived or not; restoring it is the way back).
 */
async function refuseOwnApi(q: Q, userId: string, listing: ListingRow): Promise<void> {
  const own = await findOwnBuiltApi(q, userId, listing.canonical_scraper_id);
  if (!own) return;
  const how = own.archived_at ? `it is archived: restore it (POST /scraper/${own.id}/restore)` : `call it at /scraper/${own.id}`;
  throw conflict(`${listing.name} is your own API (${own.id}); there is nothing to subscribe to, ${how}`, { scraper_id: own.id });
}

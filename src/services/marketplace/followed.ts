/**
 * The API behind a task route (updates, preview, merge, rollback): the caller's own completed
 * task, its scraper, and that scraper's link to a canonical. Another account's task is a 404
 * like a missing one; a task without a followed canonical is a 409 (a state, not a lookup).
 */
import { conflict, notFound } from '../../errors/index.js';
import type { ServiceDeps } from '../deps.js';
import { getOwnedTask, type TaskRow } from '../tasks.js';
import { findScraper, type ScraperRow } from '../scrapers.js';
import { getCopyLink, type CopyLink } from './copies.js';
import { listingOfCanonical, type ListingRow } from './listings.js';

export interface FollowedApi {
  task: TaskRow;
  scraper: ScraperRow;
  link: CopyLink;
  listing: ListingRow;
}

/** Reads outside any transaction (SQLite has one connection: a read beside an open transaction would wait for it). */
export async function followedApi(deps: Pick<ServiceDeps, 'db'>, userId: string, taskId: string): Promise<FollowedApi> {
  const q = deps.db.kysely;
  const task = await getOwnedTask(deps, userId, taskId);
  if (task.status !== 'completed' || !task.result_scraper_id) {
    throw conflict(`Task ${taskId} is ${task.status}; updates apply to a completed API`);
  }
  const scraper = await findScraper(q, task.result_scraper_id);
  if (!scraper || scraper.user_id !== userId) throw notFound(`Task ${taskId} not found`);
  const link = await getCopyLink(q, scraper.id);
  const listing = link ? await listingOfCanonical(q, link.canonical_scraper_id) : undefined;
  if (!link || !listing) {
    throw conflict(`The API of task ${taskId} does not follow a marketplace API (it was not published, or it opted out)`);
  }
  return { task, scraper, link, listing };
}

/**
 * Removing things (docs/decisions.md, "Removing APIs and tasks"): the owner archives an API
 * (DELETE /scraper/{id}) and can restore it; a finished task that built nothing is deleted.
 * Archiving keeps every row, so a restore brings back the same API; a marketplace release made
 * from it is the canonical's own version and stays for its subscribers. Another account's API
 * or task is the same 404 as a missing one.
 */
import { iso } from '../clock.js';
import { conflict, notFound } from '../errors/index.js';
import type { ServiceDeps } from './deps.js';
import { getOwnedScraper, type ScraperRow } from './scrapers.js';
import { getOwnedTask } from './tasks.js';
import { IN_FLIGHT, type TaskStatus } from './task-state.js';

type Deps = Pick<ServiceDeps, 'db' | 'clock'>;

export interface ArchiveState {
  scraper_id: string;
  archived: boolean;
  archived_at: string | null;
}

const stateOf = (scraperId: string, archivedAt: string | null): ArchiveState => ({
  scraper_id: scraperId,
  archived: archivedAt !== null,
  archived_at: archivedAt,
});

/**
 * Archive the caller's API. Idempotent: archiving an archived API answers the first archive's
 * time. The conditional update makes two concurrent archives agree on one time.
 */
export async function archiveScraper(deps: Deps, userId: string, scraperId: string): Promise<ArchiveState> {
  await getOwnedScraper(deps.db, userId, scraperId);
  await deps.db.kysely
    .updateTable('scrapers')
    .set({ archived_at: iso(deps.clock) })
    .where('id', '=', scraperId)
    .where('user_id', '=', userId)
    .where('archived_at', 'is', null)
    .execute();
  return stateOf(scraperId, await archivedAtOf(deps, scraperId));
}

/** Bring an archived API back (idempotent: a live API answers archived false). */
export async function restoreScraper(deps: Deps, userId: string, scraperId: string): Promise<ArchiveState> {
  await getOwnedScraper(deps.db, userId, scraperId);
  await deps.db.kysely.updateTable('scrapers').set({ archived_at: null }).where('id', '=', scraperId).where('user_id', '=', userId).execute();
  return stateOf(scraperId, null);
}

async function archivedAtOf(deps: Deps, scraperId: string): Promise<string | null> {
  const row = await deps.db.kysely.selectFrom('scrapers').select('archived_at').where('id', '=', scraperId).executeTakeFirst();
  return row?.archived_at ?? null;
}

/** The refusal an archived API's endpoints answer its owner (404: the contract has no 410). */
export function archivedApiError(scraper: Pick<ScraperRow, 'id' | 'archived_at'>) {
  return notFound(
    `API ${scraper.id} was archived on ${scraper.archived_at}; restore it (POST /scraper/${scraper.id}/restore) to call it again`,
  );
}

/**
 * Delete a finished task of the caller: a failed or cancelled one (it built nothing), or a
 * completed one whose API is archived. A task still in flight, or whose API is live, is a 409
 * saying what to do first. The task's jobs and login state go with it; an API it made stays.
 */
export async function deleteTask(deps: Deps, userId: string, taskId: string): Promise<void> {
  const t = await getOwnedTask(deps, userId, taskId);
  if ((IN_FLIGHT as readonly string[]).includes(t.status)) {
    throw conflict(`Task ${taskId} is ${t.status}; cancel it first (POST /dispatch/tasks/${taskId}/cancel)`, { status: t.status });
  }
  if (t.status === 'completed' && t.result_scraper_id) {
    const live = await deps.db.kysely
      .selectFrom('scrapers')
      .select('id')
      .where('id', '=', t.result_scraper_id)
      .where('user_id', '=', userId)
      .where('archived_at', 'is', null)
      .executeTakeFirst();
    if (live) {
      throw conflict(`Task ${taskId} built API ${live.id}, which is live; archive the API first (DELETE /scraper/${live.id})`, {
        status: t.status,
        scraper_id: live.id,
      });
    }
  }
  await deps.db.kysely.transaction().execute(async (trx) => {
    // Only a task still in the state read above goes: one that moved meanwhile is left alone.
    await trx.deleteFrom('task_logins').where('task_id', '=', taskId).execute();
    const gone = await trx.deleteFrom('tasks').where('id', '=', taskId).where('user_id', '=', userId).where('status', '=', t.status as TaskStatus).executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) throw conflict(`Task ${taskId} changed state; read it again`);
    await trx.deleteFrom('jobs').where('task_id', '=', taskId).where('status', 'not in', ['pending', 'running']).execute();
  });
}

/**
 * The storage side of a finished revision: the new version of the same scraper and the
 * completed child task in one transaction (nothing when the task was cancelled meanwhile). A
 * revised subscribed copy becomes a fork (`scrapers.source`); a contributing revision may hand
 * the new recipe to the marketplace as a release of its canonical, in the same transaction.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import type { Recipe } from '../../recipe/types.js';
import type { ServiceDeps } from '../deps.js';
import { publishBuild, type BuildTask } from '../builds.js';
import type { ScraperRow } from '../scrapers.js';

export interface RevisionResult {
  recipe: Recipe;
  applied: Array<{ clause: string; op: string; message: string }>;
  skipped: Array<{ clause: string; op: string; reason: string }>;
}

/** Called for a contributing revision once its tests passed: publish it upstream (marketplace). */
export type ReleaseHook = (trx: Transaction<Database>, input: { scraper: ScraperRow; recipe: Recipe; task: BuildTask }) => Promise<void>;

/** Returns the scraper id, or null when the task was cancelled meanwhile (nothing published). */
export async function publishRevision(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  task: BuildTask,
  result: RevisionResult,
  progress: unknown,
  release?: ReleaseHook,
): Promise<string | null> {
  const scraperId = task.extends_scraper_id;
  if (!scraperId) throw new Error(`task ${task.id} is not a revision`);
  return publishBuild(deps, task, {
    recipe: result.recipe,
    progress,
    extendsScraperId: scraperId,
    reason: 'revision',
    info: { revision_type: task.revision_type, applied: result.applied, skipped: result.skipped },
    afterPublish: async (trx) => {
      const scraper = await trx.selectFrom('scrapers').selectAll().where('id', '=', scraperId).executeTakeFirstOrThrow();
      if (scraper.source === 'subscribed') {
        await trx.updateTable('scrapers').set({ source: 'forked' }).where('id', '=', scraperId).execute();
      }
      if (release && task.contributes_to_marketplace === 1 && scraper.contributes_to_marketplace === 1) {
        await release(trx, { scraper: { ...scraper, source: scraper.source === 'subscribed' ? 'forked' : scraper.source }, recipe: result.recipe, task });
      }
    },
  });
}

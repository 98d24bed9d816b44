/**
 * Fixtures of the export and MCP tests: an API as a build leaves it (a scraper, its version 1
 * and the completed task), without running the builder each time; the e2e tests run real builds.
 */
import type { TestApp, TestUser } from '../helpers/app.js';
import { createScraper, addVersion, type ScraperSource } from '../../src/services/scrapers.js';
import { iso, newId } from '../../src/clock.js';
import type { Recipe } from '../../src/recipe/types.js';
import { newTaskRow } from '../../src/services/task-rows.js';

export interface PublishedApi {
  taskId: string;
  scraperId: string;
}

/**
 * A completed task and its scraper, written in one transaction as services/builds publishes them,
 * but without a queued job: tests that run a worker must not see it pick the fixture task up.
 */
export async function publishApi(t: TestApp, user: TestUser, recipe: Recipe): Promise<PublishedApi> {
  const { db, clock } = t.runtime.deps;
  const taskId = newId();
  const now = iso(clock);
  const scraperId = await db.kysely.transaction().execute(async (trx) => {
    const scraper = await createScraper(trx, clock, { userId: user.userId, recipe, source: 'built', reason: 'build', taskId });
    await trx
      .insertInto('tasks')
      .values(
        newTaskRow({
          id: taskId,
          user_id: user.userId,
          url: recipe.source_url,
          task: 'fixture',
          now,
          status: 'completed',
          result_scraper_id: scraper.id,
          progress: JSON.stringify({ stage: 'done', headline: 'Ready', percent: 100, endpoints: [], log: [] }),
        }),
      )
      .execute();
    return scraper.id;
  });
  return { taskId, scraperId };
}

/** A new version of an API (as a revision or merge would add one). */
export async function addApiVersion(t: TestApp, scraperId: string, recipe: Recipe): Promise<number> {
  const { db, clock } = t.runtime.deps;
  return db.kysely.transaction().execute((trx) => addVersion(trx, clock, scraperId, recipe, 'revision'));
}

/** A scraper without a task (a canonical, or an imported recipe). */
export async function createApi(t: TestApp, userId: string, recipe: Recipe, source: ScraperSource = 'built'): Promise<string> {
  const { db, clock } = t.runtime.deps;
  const s = await db.kysely.transaction().execute((trx) => createScraper(trx, clock, { userId, recipe, source, reason: 'build' }));
  return s.id;
}

/** A login-protected API: a login endpoint and one that needs its session. */
export function sessionRecipe(base: string): Recipe {
  const extract = { type: 'extract' as const, extract: { kind: 'object' as const, fields: { heading: { sources: [{ css: 'h1' }] } } } };
  return {
    format: 'quarry.recipe/1',
    name: 'Members Área',
    description: 'A site behind a login',
    source_url: `${base}/`,
    endpoints: [
      {
        name: 'list_orders',
        method: 'GET',
        description: 'Orders of the logged-in member',
        input_params: { type: 'object', properties: { page: { type: 'integer', minimum: 1 } } },
        return_schema: { type: 'object' },
        sample_inputs: { page: 1 },
        depends_on_session: 'login',
        steps: [{ type: 'request', url: '/orders?page={page}' }, extract],
      },
      {
        name: 'login',
        method: 'POST',
        description: 'Log in\nwith a member account',
        input_params: {
          type: 'object',
          properties: { username: { type: 'string' }, password: { type: 'string' } },
          required: ['username', 'password'],
        },
        return_schema: { type: 'object' },
        sample_inputs: { username: 'ada', password: 'secret-sample-password' },
        initiates_session: true,
        steps: [{ type: 'request', url: '/login' }, extract],
      },
    ],
  };
}

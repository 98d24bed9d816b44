/**
 * Fixtures of the export and MCP tests: an API published the way a build publishes one (a
 * scraper, its version 1 and the completed task, written by the services), without running the
 * builder each time; the e2e tests run real builds.
 */
import type { TestApp, TestUser } from '../helpers/app.js';
import { createScraper, addVersion, type ScraperSource } from '../../src/services/scrapers.js';
import { publishBuild } from '../../src/services/builds.js';
import { transitionTask } from '../../src/services/task-state.js';
import type { Recipe } from '../../src/recipe/types.js';

export interface PublishedApi {
  taskId: string;
  scraperId: string;
}

/** Dispatch a task, then publish `recipe` as its result through services/builds (as a build job does). */
export async function publishApi(t: TestApp, user: TestUser, recipe: Recipe): Promise<PublishedApi> {
  const res = await t.call('POST', '/dispatch', { key: user.key, body: { url: recipe.source_url, task: 'fixture' } });
  if (res.statusCode !== 200) throw new Error(`dispatch answered ${res.statusCode}: ${res.body}`);
  const taskId = res.json().task_id as string;
  const { db, clock } = t.runtime.deps;
  // No worker runs in these tests: move the task as a worker would, then publish.
  await transitionTask(db.kysely, clock, taskId, 'running', {}, ['queued']);
  const task = await db.kysely.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
  const scraperId = await publishBuild(t.runtime.deps, task, { recipe, progress: { stage: 'done', headline: 'Ready', percent: 100, endpoints: [], log: [] } });
  if (!scraperId) throw new Error('publish refused');
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

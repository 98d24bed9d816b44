/**
 * Helpers of the revision tests: an API seeded straight into storage (a completed task and
 * its scraper, no build needed), revising, and reading versions and ledgers back.
 */
import { iso, newId } from '../../src/clock.js';
import { createScraper, type ScraperSource } from '../../src/services/scrapers.js';
import { RECIPE_FORMAT, type Recipe } from '../../src/recipe/types.js';
import type { TestApp, TestUser } from '../helpers/app.js';
import { waitForTask } from '../builder/helpers.js';

export { build, execute, waitForTask } from '../builder/helpers.js';

/** A small recipe over any site: a detail endpoint and a paginated list with a limit. */
export function sampleRecipe(base = 'http://127.0.0.1:9'): Recipe {
  return {
    format: RECIPE_FORMAT,
    name: 'Sample',
    description: 'Sample: get_book, list_books. Built from ' + base + '/.',
    source_url: `${base}/`,
    endpoints: [
      {
        name: 'get_book',
        method: 'GET',
        description: 'One book.',
        input_params: { type: 'object', properties: { id: { type: 'string', minLength: 1 } }, required: ['id'] },
        return_schema: { type: 'object' },
        sample_inputs: { id: '1' },
        steps: [
          { type: 'request', url: '/book/{id}' },
          { type: 'extract', extract: { kind: 'object', fields: { title: { sources: [{ css: 'h1' }] }, price: { sources: [{ css: '.price' }] } } } },
        ],
      },
      {
        name: 'list_books',
        method: 'GET',
        description: 'Books.',
        input_params: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 200, default: 20 } } },
        return_schema: { type: 'object' },
        sample_inputs: { limit: 5 },
        steps: [
          {
            type: 'paginate',
            strategy: { kind: 'next_link', selector: 'a.next' },
            max_pages: 5,
            steps: [
              { type: 'request', url: '/books' },
              { type: 'extract', extract: { kind: 'list', items: 'li', fields: { url: { sources: [{ css: 'a', attr: 'href' }] }, title: { sources: [{ css: 'a' }] } } } },
            ],
          },
          { type: 'shape', limit: '{limit}' },
        ],
      },
    ],
  };
}

export interface SeededApi {
  taskId: string;
  scraperId: string;
}

/** A completed task and its API, written the way a finished build leaves them. */
export async function seedApi(
  t: TestApp,
  user: TestUser,
  opts: { recipe?: Recipe; source?: ScraperSource; contributes?: boolean; status?: string; canonicalScraperId?: string } = {},
): Promise<SeededApi> {
  const { db, clock } = t.runtime.deps;
  const recipe = opts.recipe ?? sampleRecipe();
  const taskId = newId();
  const scraper = await createScraper(db.kysely, clock, {
    userId: user.userId,
    recipe,
    source: opts.source ?? 'built',
    reason: 'build',
    taskId,
    contributesToMarketplace: opts.contributes !== false,
    canonicalScraperId: opts.canonicalScraperId ?? null,
  });
  const now = iso(clock);
  const status = opts.status ?? 'completed';
  await db.kysely
    .insertInto('tasks')
    .values({
      id: taskId,
      user_id: user.userId,
      url: recipe.source_url,
      task: 'seeded',
      status,
      iteration: 1,
      user_input_prompt: null,
      user_response: null,
      result_scraper_id: status === 'completed' ? scraper.id : null,
      result_marketplace_id: null,
      error: null,
      parent_task_id: null,
      extends_scraper_id: null,
      revision_type: null,
      auth_enabled: 0,
      allow_auth: 0,
      source: opts.source === 'subscribed' ? 'subscribed' : 'built',
      contributes_to_marketplace: opts.contributes === false ? 0 : 1,
      workspace: 0,
      progress: null,
      marketplace_apis: null,
      existing_marketplace_apis: null,
      created_at: now,
      updated_at: now,
      completed_at: status === 'completed' ? now : null,
    })
    .execute();
  return { taskId, scraperId: scraper.id };
}

export function revise(t: TestApp, user: TestUser, taskId: string, revision: string, contributes?: boolean) {
  return t.call('POST', `/dispatch/tasks/${taskId}/revise`, {
    key: user.key,
    body: { revision, ...(contributes === undefined ? {} : { contributes_to_marketplace: contributes }) },
  });
}

/** Revise and wait for the child task to end. */
export async function reviseAndWait(t: TestApp, user: TestUser, taskId: string, revision: string, timeoutMs = 90_000): Promise<any> {
  const res = await revise(t, user, taskId, revision);
  if (res.statusCode !== 200) throw new Error(`revise answered ${res.statusCode}: ${res.body}`);
  return waitForTask(t, user, res.json().task_id, { timeoutMs });
}

export async function versionsOf(t: TestApp, user: TestUser, scraperId: string): Promise<Array<{ version: number; reason: string }>> {
  const res = await t.call('GET', `/scrapers/${scraperId}/versions`, { key: user.key });
  return res.json().versions;
}

export async function balanceOf(t: TestApp, user: TestUser): Promise<number> {
  return (await t.call('GET', '/account', { key: user.key })).json().credits_remaining;
}

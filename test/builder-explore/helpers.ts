/** Shared set-up for exploration and list-induction tests: real fetcher, fixture sites, recipes. */
import { loadConfig } from '../../src/config/index.js';
import { createFetcher } from '../../src/fetch/index.js';
import type { Fetcher } from '../../src/fetch/types.js';
import { explore } from '../../src/builder/explore/index.js';
import type { Exploration, ExploreBudget } from '../../src/builder/explore/index.js';
import { runEndpoint, validateRecipe, type Recipe, type Step } from '../../src/recipe/index.js';
import { startFixtureSite, type FixtureRoutes, type FixtureSite } from '../helpers/fixture-server.js';

/** The real fetcher as the brief sets it up: loopback allowed, robots.txt honoured. */
export function testFetcher(env: Record<string, string> = {}): Fetcher {
  return createFetcher(loadConfig({ QUARRY_ALLOW_PRIVATE_TARGETS: '1', ...env }));
}

export function budget(maxPages = 60, perHostConcurrency = 4): ExploreBudget {
  return { maxPages, deadline: Date.now() + 120_000, perHostConcurrency };
}

export interface Harness {
  site: FixtureSite;
  fetcher: Fetcher;
  close(): Promise<void>;
}

export async function harness(routes: FixtureRoutes): Promise<Harness> {
  const site = await startFixtureSite(routes);
  const fetcher = testFetcher();
  return { site, fetcher, close: async () => Promise.all([site.close(), fetcher.close()]).then(() => undefined) };
}

export function exploreSite(h: Harness, path = '/', maxPages = 60): Promise<Exploration> {
  return explore({ url: h.site.url + path, fetcher: h.fetcher, signal: new AbortController().signal, budget: budget(maxPages) });
}

/** A one-endpoint recipe; fails the test when the recipe does not validate. */
export function recipeWith(sourceUrl: string, name: string, steps: Step[], params: Record<string, unknown> = { type: 'object', properties: {} }, sample: Record<string, unknown> = {}): Recipe {
  const recipe: Recipe = {
    format: 'quarry.recipe/1',
    name: 'Induced',
    description: 'Built from induced extractions',
    source_url: `${sourceUrl}/`,
    endpoints: [{ name, method: 'POST', description: 'induced', input_params: params, return_schema: { type: 'object' }, sample_inputs: sample, steps }],
  };
  const check = validateRecipe(recipe);
  if (!check.ok) throw new Error(`invalid recipe: ${JSON.stringify(check.errors)}`);
  return recipe;
}

export async function runList(h: Harness, recipe: Recipe, name: string, params: Record<string, unknown> = {}): Promise<Array<Record<string, unknown>>> {
  const result = await runEndpoint(recipe, name, params, { fetcher: h.fetcher });
  if (result.fallback) throw new Error('fallback body');
  return (result.body as { data: Array<Record<string, unknown>> }).data;
}

/**
 * Share of records whose field equals the truth, per field. `truthOf` finds a record's truth
 * (by its URL usually); records without truth count as wrong for every field.
 */
export function fieldAccuracy<T>(
  records: Array<Record<string, unknown>>,
  truthOf: (record: Record<string, unknown>) => T | undefined,
  expected: Record<string, (truth: T) => unknown>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [field, value] of Object.entries(expected)) {
    const right = records.filter((r) => {
      const truth = truthOf(r);
      return truth !== undefined && JSON.stringify(r[field]) === JSON.stringify(value(truth));
    }).length;
    out[field] = records.length === 0 ? 0 : right / records.length;
  }
  return out;
}

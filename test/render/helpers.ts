/** Shared set-up for the JS-site tests: a fixture site, the real fetcher and a direct build. */
import { loadConfig, type Config } from '../../src/config/index.js';
import { createFetcher } from '../../src/fetch/index.js';
import type { Fetcher } from '../../src/fetch/types.js';
import { buildApi, type BuildOutcome } from '../../src/builder/pipeline.js';
import { ProgressReporter } from '../../src/builder/progress.js';
import { runEndpoint } from '../../src/recipe/index.js';
import type { Recipe } from '../../src/recipe/types.js';
import { startFixtureSite, type FixtureRoutes, type FixtureSite } from '../helpers/fixture-server.js';

export interface SiteHarness {
  site: FixtureSite;
  fetcher: Fetcher;
  config: Config;
  close(): Promise<void>;
}

export async function siteHarness(routes: FixtureRoutes, env: Record<string, string> = {}): Promise<SiteHarness> {
  const site = await startFixtureSite(routes);
  const config = loadConfig({ QUARRY_ALLOW_PRIVATE_TARGETS: '1', ...env });
  const fetcher = createFetcher(config);
  return { site, fetcher, config, close: async () => Promise.all([site.close(), fetcher.close()]).then(() => undefined) };
}

export async function buildSite(h: SiteHarness, task: string, path = '/', extra: Record<string, unknown> = {}): Promise<BuildOutcome & { log: string[] }> {
  const progress = new ProgressReporter(async () => {});
  const outcome = await buildApi({
    url: h.site.url + path,
    task,
    fetcher: h.fetcher,
    signal: new AbortController().signal,
    budget: h.config.build,
    progress,
    publicUrl: 'http://quarry.test',
    llm: null,
    ...extra,
  });
  return { ...outcome, log: progress.current.log.map((l) => l.message) };
}

export async function call(h: SiteHarness, recipe: Recipe, endpoint: string, params: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const result = await runEndpoint(recipe, endpoint, params, { fetcher: h.fetcher, ...extra });
  return result;
}

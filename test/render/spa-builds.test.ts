/**
 * Builds over single-page apps (one browser for the whole file): each checks the built
 * endpoints' output against the fixture's data, that replayable APIs run without the browser,
 * that the render endpoint shares the pool, and that no browser process is left behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { createFetcher } from '../../src/fetch/index.js';
import type { Fetcher } from '../../src/fetch/types.js';
import { descendantsRunning } from '../../src/fetch/browser/index.js';
import { isQuarryError } from '../../src/errors/index.js';
import { buildApi, BuildFailedError } from '../../src/builder/pipeline.js';
import { ProgressReporter } from '../../src/builder/progress.js';
import { runEndpoint } from '../../src/recipe/index.js';
import type { Recipe, Step } from '../../src/recipe/types.js';
import { walkSteps } from '../../src/recipe/semantics.js';
import { startFixtureSite, type FixtureRoutes, type FixtureSite } from '../helpers/fixture-server.js';
import { PER_PAGE, PRODUCTS, findProducts, productPage } from '../fixtures/sites/spa-data.js';
import { spaCatalogueSite } from '../fixtures/sites/spa-catalogue.js';
import { spaScrollSite } from '../fixtures/sites/spa-scroll.js';
import { spaNextSite } from '../fixtures/sites/spa-next.js';
import { spaGraphqlSite } from '../fixtures/sites/spa-graphql.js';
import { spaTokenSite } from '../fixtures/sites/spa-token.js';
import { spaHangSite } from '../fixtures/sites/spa-hang.js';
import { DRAWN, spaDrawnSite } from '../fixtures/sites/spa-drawn.js';

const TASK = 'list products with name, brand and price, and search them by keyword';

let fetcher: Fetcher;
/** The same fetcher without its browser: what a replayable endpoint must be able to run with. */
let noBrowser: Fetcher;
const sites: FixtureSite[] = [];
beforeAll(() => {
  fetcher = createFetcher(loadConfig({ QUARRY_ALLOW_PRIVATE_TARGETS: '127.0.0.1', QUARRY_BROWSER_PAGE_TIMEOUT_MS: '5000', QUARRY_FETCH_TIMEOUT_MS: '4000' }));
  noBrowser = { fetch: (r) => fetcher.fetch(r), robotsAllowed: (u, s) => fetcher.robotsAllowed(u, s), close: async () => {} };
});
afterAll(async () => {
  await Promise.all(sites.map((s) => s.close()));
  await fetcher?.close();
  expect(descendantsRunning(process.pid, 'chromium')).toEqual([]);
});

async function site(routes: FixtureRoutes): Promise<FixtureSite> {
  const s = await startFixtureSite(routes);
  sites.push(s);
  return s;
}

async function build(url: string, task = TASK): Promise<Recipe> {
  const out = await buildApi({
    url,
    task,
    fetcher,
    signal: new AbortController().signal,
    budget: { timeBudgetMs: 60_000, fetchBudget: 30, perHostConcurrency: 4 },
    progress: new ProgressReporter(async () => {}),
    publicUrl: 'http://quarry.test',
    llm: null,
  });
  return out.recipe;
}

async function data(recipe: Recipe, endpoint: string, params: Record<string, unknown>, f: Fetcher = noBrowser): Promise<Array<Record<string, unknown>>> {
  const res = await runEndpoint(recipe, endpoint, params, { fetcher: f });
  return (res.body as { data: Array<Record<string, unknown>> }).data;
}

const stepTypes = (recipe: Recipe) => {
  const types: Step['type'][] = [];
  for (const e of recipe.endpoints) walkSteps(e.steps, '', (s) => types.push(s.type));
  return types;
};
const view = (p: Partial<Record<'name' | 'brand' | 'price', unknown>>) => [p.name, p.brand, p.price];

describe('single-page apps', () => {
  it('catalogue whose API only the network tab shows: list by page, search, detail, all without the browser', async () => {
    const s = await site(spaCatalogueSite());
    const recipe = await build(`${s.url}/`);
    expect(recipe.endpoints.map((e) => e.name).sort()).toEqual(['get_product', 'list_products', 'search_products']);
    expect(stepTypes(recipe)).not.toContain('render');
    for (const page of [1, 2, 4]) expect((await data(recipe, 'list_products', { page })).map(view)).toEqual(productPage(page).items.map(view));
    for (const q of ['kettle', 'Veloce']) expect((await data(recipe, 'search_products', { query: q })).map(view)).toEqual(findProducts(q).slice(0, PER_PAGE).map(view));
    const one = await runEndpoint(recipe, 'get_product', { id: 512 }, { fetcher: noBrowser });
    expect(view((one.body as { data: Record<string, unknown> }).data)).toEqual(view(PRODUCTS[12]));
  });

  it('GraphQL catalogue: a POST with typed variables for page and search', async () => {
    const s = await site(spaGraphqlSite());
    const recipe = await build(`${s.url}/`);
    const list = recipe.endpoints.find((e) => e.name === 'list_products')!;
    const request = list.steps.find((st) => st.type === 'request') as Extract<Step, { type: 'request' }>;
    expect(request).toMatchObject({ method: 'POST', url: `${s.url}/graphql` });
    expect(JSON.stringify(request.json)).toContain('"page":"{page}"');
    expect((await data(recipe, 'list_products', { page: 3 })).map(view)).toEqual(productPage(3).items.map(view));
    expect((await data(recipe, 'search_products', { query: 'tent' })).map(view)).toEqual(findProducts('tent').slice(0, PER_PAGE).map(view));
  });

  it('Next.js page: the data route answers each page as JSON', async () => {
    const s = await site(spaNextSite());
    const recipe = await build(`${s.url}/`, 'list products with name, brand and price');
    expect(stepTypes(recipe)).not.toContain('render');
    const request = recipe.endpoints.find((e) => e.name === 'list_products')!.steps.find((st) => st.type === 'request') as Extract<Step, { type: 'request' }>;
    expect(request.url).toContain('/_next/data/');
    for (const page of [1, 2]) expect((await data(recipe, 'list_products', { page })).map(view)).toEqual(productPage(page).items.map(view));
  });

  it('API that needs the page\'s session cookie and CSRF token: read from the page on every call', async () => {
    const s = await site(spaTokenSite());
    const recipe = await build(`${s.url}/`, 'list products with name, brand and price');
    const list = recipe.endpoints.find((e) => e.name === 'list_products')!;
    expect(list.steps.map((st) => st.type)).toEqual(['request', 'extract', 'request', 'extract']);
    expect(JSON.stringify(list.steps)).toContain('meta[name=\\"csrf-token\\"]');
    for (const page of [1, 3]) expect((await data(recipe, 'list_products', { page })).map(view)).toEqual(productPage(page).items.map(view));
  });

  it('infinite scroll over a signed API: rendered on each call through the shared pool', async () => {
    const s = await site(spaScrollSite());
    const recipe = await build(`${s.url}/`, 'list products with name, brand and price');
    expect(stepTypes(recipe)).toContain('render');
    const rows = await data(recipe, 'list_products', { limit: 30 }, fetcher);
    expect(rows.map(view)).toEqual(PRODUCTS.slice(0, 30).map(view));
    // Without a browser, the call says so in the envelope instead of inventing data.
    const err = await runEndpoint(recipe, 'list_products', { limit: 5 }, { fetcher: noBrowser }).then(() => null, (e: unknown) => e);
    expect(isQuarryError(err) && err.code).toBe('unavailable');
  });

  it('shop drawn by script with no JSON call: a render endpoint reading the drawn HTML', async () => {
    const s = await site(spaDrawnSite());
    const recipe = await build(`${s.url}/`, 'list products with name, brand and price');
    const list = recipe.endpoints.find((e) => e.name === 'list_products')!;
    expect(list.steps[0]).toMatchObject({ type: 'render', wait_for: expect.any(String) });
    const rows = await data(recipe, 'list_products', { limit: 20 }, fetcher);
    expect(rows.map((r) => [r.name, r.price, r.url])).toEqual(DRAWN.map((p) => [p.name, p.price, `${s.url}/product/${p.id}`]));
  });

  it('a render step honours robots.txt like a request step', async () => {
    const s = await site([
      ['/robots.txt', { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private\n' }],
      ['/private', '<html><body><p class="x">secret</p></body></html>'],
    ]);
    const recipe: Recipe = {
      format: 'quarry.recipe/1', name: 'R', description: 'r', source_url: `${s.url}/`,
      endpoints: [{ name: 'peek', method: 'GET', description: 'd', input_params: { type: 'object', properties: {} }, return_schema: { type: 'object' }, sample_inputs: {},
        steps: [{ type: 'render', url: '/private' }, { type: 'extract', extract: { kind: 'value', field: { sources: [{ css: 'p.x' }] } } }] }],
    };
    const err = await runEndpoint(recipe, 'peek', {}, { fetcher }).then(() => null, (e: unknown) => e);
    expect(isQuarryError(err) && err.code).toBe('forbidden');
    expect(s.requests.map((r) => r.path)).toEqual(['/robots.txt']);
  });

  it('without Chromium, a build that needs the browser fails saying how to install it; static APIs still build', async () => {
    const missing = createFetcher(loadConfig({ QUARRY_ALLOW_PRIVATE_TARGETS: '127.0.0.1', QUARRY_CHROMIUM_PATH: '/nonexistent/chromium' }));
    try {
      const s = await site(spaCatalogueSite());
      const options = { signal: new AbortController().signal, budget: { timeBudgetMs: 60_000, fetchBudget: 30, perHostConcurrency: 4 }, publicUrl: 'http://quarry.test', llm: null };
      const err = await buildApi({ url: `${s.url}/`, task: TASK, fetcher: missing, progress: new ProgressReporter(async () => {}), ...options }).then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(BuildFailedError);
      expect((err as Error).message).toMatch(/needs a browser, but Chromium is not installed at \/nonexistent\/chromium.*apt-get install chromium/);
      // The job board's API is named in its script: it builds without a browser.
      const jobs = await site((await import('../fixtures/sites/spa-jobs.js')).spaJobsSite());
      const built = await buildApi({ url: `${jobs.url}/`, task: 'list job vacancies with title and company', fetcher: missing, progress: new ProgressReporter(async () => {}), ...options });
      expect(built.recipe.endpoints.map((e) => e.name)).toContain('list_jobs');
    } finally {
      await missing.close();
    }
  });

  it('a page that never finishes fails the build with a clear message, on time', async () => {
    const hang = spaHangSite();
    const s = await site(hang.routes);
    const started = Date.now();
    const err = await build(`${s.url}/spinner`).then(() => null, (e: unknown) => e);
    hang.release();
    expect(err).toBeInstanceOf(BuildFailedError);
    expect((err as Error).message).toMatch(/^Nothing matching the task was found/);
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

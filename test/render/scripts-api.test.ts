/**
 * Issue 26, point 2 (APIs of script-drawn sites), end to end through the service and its worker
 * (dispatch -> build job -> published API -> execution), on the database the run chooses:
 * - a Shopify Storefront GraphQL shop: the list POSTs `{query, variables: {first, after}}` with
 *   the page's storefront token, paged by the Relay cursor; one product by an Apollo persisted
 *   query GET (sha256 + variables), by its handle;
 * - an Algolia InstantSearch shop: the search-only key and index in the page's config, the
 *   query inside the JSON body's `params` form string, on the search service's own host;
 * - a magazine whose "Show more" button carries an opaque cursor: the list answers it as
 *   meta.next_cursor, and list_more_… continues from it;
 * - a WordPress blog with Jetpack infinite scroll over `/wp-json/wp/v2/posts?page=N`: the list
 *   calls the REST API page by page.
 * Every call at execution replays the site's API with the plain fetcher: no browser, no render step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { descendantsRunning } from '../../src/fetch/browser/index.js';
import { walkSteps } from '../../src/recipe/semantics.js';
import { build, execute } from '../builder/helpers.js';
import { GARMENTS, GARMENTS_PER_PAGE, STOREFRONT_TOKEN, storefrontGraphqlSite } from '../fixtures/sites/storefront-graphql.js';
import { SEARCH_KEY, hostedSearchShop, searchServiceSite, searchVinyls } from '../fixtures/sites/hosted-search.js';
import { FIRST_SHOWN, PER_CALL, STORIES, TEAS, WP_PER_PAGE, cursorMagazineSite, reviewsWidgetSite, wordpressInfiniteSite } from '../fixtures/sites/load-more.js';

let t: TestApp;
let u: TestUser;
const sites: Record<'shop' | 'search' | 'records' | 'magazine' | 'blog' | 'teas', FixtureSite> = {} as never;
const buildSeconds: Record<string, number> = {};
beforeAll(async () => {
  sites.shop = await startFixtureSite(storefrontGraphqlSite());
  sites.search = await startFixtureSite(searchServiceSite());
  sites.records = await startFixtureSite(hostedSearchShop(sites.search.url));
  sites.magazine = await startFixtureSite(cursorMagazineSite());
  sites.blog = await startFixtureSite(wordpressInfiniteSite());
  sites.teas = await startFixtureSite(reviewsWidgetSite());
  t = await startTestApp({ startWorker: true, env: { QUARRY_BUILD_TIME_BUDGET_MS: '60000', QUARRY_ALLOW_PRIVATE_TARGETS: '127.0.0.1' } });
  u = await t.user('developer');
});
afterAll(async () => {
  await t?.close();
  await Promise.all(Object.values(sites).map((s) => s.close()));
  // Build times on this machine (loaded: several builds and suites share 2 CPUs).
  console.log(`scripts-api build seconds: ${JSON.stringify(buildSeconds)}`);
  expect(descendantsRunning(process.pid, 'chromium')).toEqual([]);
});

const logOf = (task: { progress?: { log?: Array<{ message: string }> } }) => (task.progress?.log ?? []).map((l) => l.message);
const data = (res: { json(): { data: unknown } }) => res.json().data as Array<Record<string, unknown>>;

async function built(name: string, url: string, task: string) {
  const started = Date.now();
  const done = await build(t, u, url, task, 90_000);
  buildSeconds[name] = Math.round((Date.now() - started) / 100) / 10;
  expect(done.status, JSON.stringify(logOf(done).slice(-8))).toBe('completed');
  const scraper = await t.call('GET', `/scraper/${done.generated_api.scraper_id}`, { key: u.key });
  return { task: done, id: done.generated_api.scraper_id as string, names: (done.generated_api.endpoints as Array<{ endpoint_name: string }>).map((e) => e.endpoint_name), recipe: scraper.json().request_flow as { endpoints: Array<{ steps: never[] }> } };
}

function noRenderSteps(recipe: { endpoints: Array<{ steps: never[] }> }) {
  expect(recipe.endpoints.length).toBeGreaterThan(0);
  for (const e of recipe.endpoints) walkSteps(e.steps, '', (step: { type: string }) => expect(step.type).not.toBe('render'));
}

describe('APIs behind script-drawn sites', () => {
  it('GraphQL storefront: list by Relay cursor with the page\'s token, product by a persisted-query GET', { timeout: 150_000 }, async () => {
    const b = await built('storefront', `${sites.shop.url}/collections/all`, 'List products with title, vendor and price, and get one product by its handle');
    expect(b.names.sort(), JSON.stringify(logOf(b.task))).toEqual(['get_product', 'list_products']);
    noRenderSteps(b.recipe);
    expect(JSON.stringify(b.recipe)).not.toContain(STOREFRONT_TOKEN);
    for (const page of [1, 2, 3]) {
      const before = sites.shop.requests.length;
      const res = await execute(t, u, b.id, 'list_products', { page });
      expect(res.statusCode, res.body).toBe(200);
      const want = GARMENTS.slice((page - 1) * GARMENTS_PER_PAGE, page * GARMENTS_PER_PAGE);
      expect(data(res).map((p) => [p.title, p.vendor, p.price])).toEqual(want.map((g) => [g.title, g.vendor, g.price]));
      // The shell for the token, then one GraphQL POST per page walked: the cursors, no browser.
      const calls = sites.shop.requests.slice(before);
      expect(calls.filter((r) => r.path === '/api/2024-10/graphql.json' && r.method === 'POST')).toHaveLength(page);
      expect(calls.every((r) => !/\.js$/.test(r.path))).toBe(true);
    }
    const last = await execute(t, u, b.id, 'list_products', { page: 4 });
    expect(data(last)).toEqual([]);
    const before = sites.shop.requests.length;
    const one = await execute(t, u, b.id, 'get_product', { handle: GARMENTS[11].handle }, 'GET');
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({ title: GARMENTS[11].title, vendor: GARMENTS[11].vendor, price: GARMENTS[11].price });
    const get = sites.shop.requests.slice(before).find((r) => r.path.startsWith('/api/2024-10/graphql.json?'));
    expect(get?.method).toBe('GET');
    const q = new URL(get!.path, sites.shop.url).searchParams;
    expect(JSON.parse(q.get('variables')!)).toEqual({ handle: GARMENTS[11].handle });
    expect(JSON.parse(q.get('extensions')!).persistedQuery.sha256Hash).toMatch(/^[0-9a-f]{64}$/);
    expect(q.has('query')).toBe(false);
    const missing = await execute(t, u, b.id, 'get_product', { handle: 'no-such-coat' }, 'GET');
    expect(missing.statusCode).toBe(422);
    const hostile = await execute(t, u, b.id, 'get_product', { handle: 'x","handle":"y' }, 'GET');
    expect(hostile.statusCode).toBe(422);
    expect(hostile.json().error.message).toMatch(/handle/);
  });

  it('hosted search: the page\'s search-only key, the query inside the params string, on the search host', { timeout: 150_000 }, async () => {
    const b = await built('hosted-search', `${sites.records.url}/search?q=impulse`, 'Search records by keyword with artist, title and price');
    expect(b.names, JSON.stringify(logOf(b.task))).toContain('search_records');
    noRenderSteps(b.recipe);
    // The key is read from the page on each call, never kept in the recipe.
    expect(JSON.stringify(b.recipe)).not.toContain(SEARCH_KEY);
    for (const q of ['coltrane', 'Space 1.8', 'impulse sanders', 'R&B "live" 100%']) {
      const before = sites.search.requests.length;
      const res = await execute(t, u, b.id, 'search_records', { query: q });
      expect(res.statusCode, res.body).toBe(200);
      expect(data(res).map((r) => r.title)).toEqual(searchVinyls(q).map((v) => v.title));
      expect(sites.search.requests.slice(before).map((r) => r.path)).toEqual(['/1/indexes/shop_records_en/query']);
    }
  });

  it('"Show more" with an opaque cursor: the list answers the button\'s cursor, list_more continues', { timeout: 150_000 }, async () => {
    const b = await built('load-more-cursor', `${sites.magazine.url}/`, 'List stories with title and author');
    expect(b.names.sort(), JSON.stringify(logOf(b.task))).toEqual(['list_more_stories', 'list_stories']);
    noRenderSteps(b.recipe);
    const first = await execute(t, u, b.id, 'list_stories', {});
    expect(data(first).map((s) => s.title)).toEqual(STORIES.slice(0, FIRST_SHOWN).map((s) => s.title));
    let cursor = first.json().meta.next_cursor as string | null;
    const seen = data(first).map((s) => s.title);
    while (cursor) {
      const more = await execute(t, u, b.id, 'list_more_stories', { cursor });
      expect(more.statusCode, more.body).toBe(200);
      const titles = data(more).map((s) => s.title);
      expect(titles).toEqual(STORIES.slice(seen.length, seen.length + PER_CALL).map((s) => s.title));
      expect(data(more)[0]).toMatchObject({ author: STORIES[seen.length].author });
      seen.push(...titles);
      cursor = seen.length < STORIES.length ? more.json().meta.next_cursor as string : null;
    }
    expect(seen).toEqual(STORIES.map((s) => s.title));
    const bad = await execute(t, u, b.id, 'list_more_stories', { cursor: 'bm90LWEtY3Vyc29y' });
    expect(bad.statusCode).not.toBe(200);
  });

  it('infinite scroll over the WordPress REST API: the list calls it page by page', { timeout: 150_000 }, async () => {
    const b = await built('infinite-scroll', `${sites.blog.url}/`, 'List posts with title and author');
    expect(b.names, JSON.stringify(logOf(b.task))).toContain('list_posts');
    noRenderSteps(b.recipe);
    for (const page of [1, 2, 3]) {
      const before = sites.blog.requests.length;
      const res = await execute(t, u, b.id, 'list_posts', { page });
      expect(res.statusCode, res.body).toBe(200);
      expect(data(res).map((p) => p.title)).toEqual(STORIES.slice((page - 1) * WP_PER_PAGE, page * WP_PER_PAGE).map((s) => s.title));
      expect(sites.blog.requests.slice(before).map((r) => r.path)).toEqual([expect.stringMatching(new RegExp(`^/wp-json/wp/v2/posts\\?.*page=${page}`))]);
    }
  });

  it('a "Load more reviews" widget under an HTML list is not taken for the list\'s continuation', { timeout: 150_000 }, async () => {
    const b = await built('reviews-widget', `${sites.teas.url}/`, 'List teas with name and price');
    expect(b.names.some((n) => n.startsWith('list_more')), JSON.stringify(logOf(b.task))).toBe(false);
    expect(logOf(b.task).some((m) => /\/api\/reviews answers other records .* the list stays as the HTML shows it/.test(m)), JSON.stringify(logOf(b.task))).toBe(true);
    const list = b.names.find((n) => n.startsWith('list_'))!;
    const res = await execute(t, u, b.id, list, {});
    expect(data(res).map((r) => r.name)).toEqual(TEAS.map((x) => x.name));
  });
});

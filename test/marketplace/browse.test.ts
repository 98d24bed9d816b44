/**
 * Browse and search routes (no auth): sorting, category, hybrid ranking with the country boost,
 * paging, the endpoint search's two groups, 422s with details for bad parameters, the detail
 * with and without a caller, and an index kept in step with the table across processes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { createListingSearch } from '../../src/services/marketplace/index.js';
import { contribute, listing } from './helpers.js';
import { getProduct, listProducts, shopRecipe } from './fixtures.js';
import { RECIPE_FORMAT, type Recipe } from '../../src/recipe/types.js';

function jobsRecipe(base: string, name: string): Recipe {
  const ep = getProduct({ title: 'string', salary: 'number', company: 'string' }, { description: 'Get one job vacancy by its id: title, salary, company.' });
  return { format: RECIPE_FORMAT, name, description: name, source_url: `${base}/`, endpoints: [{ ...ep, name: 'get_job' }] };
}

const site = (host: string, title: string, description: string, lang: string, text: string) => ({ host, title, description, lang, text });

describe('marketplace browse and search', () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp();
    a = await t.user('developer');
    b = await t.user('developer');
    c = await t.user('developer');
    const seeds: Array<[string, Recipe, ReturnType<typeof site>]> = [
      ['shop', shopRecipe('http://kaffee.example.de', [getProduct({ name: 'string', price: 'number' }), listProducts({ name: 'string' })]),
        site('kaffee.example.de', 'Kaffee Laden', 'Kaffeemaschinen online kaufen', 'de-DE', 'Warenkorb Preise Versand Produkte kaufen')],
      ['jobsDe', jobsRecipe('http://jobs.example.de', 'Stellenmarkt Berlin'),
        site('jobs.example.de', 'Stellenmarkt Berlin', 'Stellenangebote und Jobs in Berlin', 'de-DE', 'Jobs Stellenangebote Bewerbung Gehalt Karriere')],
      ['jobsUs', jobsRecipe('http://jobs.example.us', 'Careers Board Ohio'),
        site('jobs.example.us', 'Careers Board Ohio', 'Job vacancies and careers in Ohio', 'en-US', 'jobs vacancies apply salary career hiring')],
      ['news', { ...shopRecipe('http://news.example.com', [{ ...listProducts({ headline: 'string' }), name: 'list_articles', description: 'List the latest news articles: headline.' }]), name: 'Daily Herald' },
        site('news.example.com', 'Daily Herald', 'Breaking news and headlines', 'en', 'news headlines politics journalism articles reporters')],
    ];
    for (const [key, recipe, info] of seeds) ids[key] = (await contribute(t, a, recipe, { site: info })).release.listing_id;
    // Subscribers make the news listing the most popular (its contributor a cannot subscribe to its own API).
    await t.call('POST', `/marketplace/apis/${ids.news}/subscribe`, { key: c.key });
    await t.call('POST', `/marketplace/apis/${ids.news}/subscribe`, { key: b.key });
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.call('GET', url, { key: null });

  it('browses without q: top (default), recent, name; total and paging', async () => {
    const top = (await get('/marketplace/apis')).json();
    expect(top).toMatchObject({ total: 4, limit: 20, offset: 0 });
    expect(top.items[0].id).toBe(ids.news);
    expect(top.items[0].trust.subscribers).toBe(2);
    const recent = (await get('/marketplace/apis?sort=recent')).json();
    expect(recent.items.map((i: any) => i.id)).toEqual([ids.news, ids.jobsUs, ids.jobsDe, ids.shop]);
    const byName = (await get('/marketplace/apis?sort=name')).json();
    expect(byName.items.map((i: any) => i.name)).toEqual(['Careers Board Ohio', 'Daily Herald', 'Kaffee Laden', 'Stellenmarkt Berlin']);
    const page = (await get('/marketplace/apis?sort=name&limit=2&offset=2')).json();
    expect(page).toMatchObject({ total: 4, limit: 2, offset: 2 });
    expect(page.items.map((i: any) => i.name)).toEqual(['Kaffee Laden', 'Stellenmarkt Berlin']);
  });

  it('a summary has the contract fields', async () => {
    const item = (await get('/marketplace/apis?sort=name&limit=1&offset=2')).json().items[0];
    expect(item).toMatchObject({
      id: ids.shop,
      slug: 'kaffee-laden',
      name: 'Kaffee Laden',
      description: 'Kaffeemaschinen online kaufen',
      source_url: 'http://kaffee.example.de/',
      is_authenticated: false,
      endpoint_count: 2,
      primary_category: 'e-commerce',
      country: 'DE',
      latest_version: 1,
    });
    expect(Array.isArray(item.secondary_categories)).toBe(true);
    expect(item.endpoint_preview.map((e: any) => e.endpoint_name)).toEqual(['get_product', 'list_products']);
    expect(typeof item.front_facing_description).toBe('string');
    expect(typeof item.updated_at).toBe('string');
  });

  it('filters by category (primary or secondary)', async () => {
    const jobs = (await get('/marketplace/apis?category=jobs')).json();
    expect(jobs.items.map((i: any) => i.id).sort()).toEqual([ids.jobsDe, ids.jobsUs].sort());
    expect((await get('/marketplace/apis?category=travel')).json()).toMatchObject({ items: [], total: 0 });
  });

  it('searches with q, hybrid by default; semantic=false keeps the lexical arm only', async () => {
    const hybrid = (await get('/marketplace/apis?q=job%20vacancies')).json();
    expect(hybrid.semantic).toBe(true);
    expect(hybrid.items.slice(0, 2).map((i: any) => i.id).sort()).toEqual([ids.jobsDe, ids.jobsUs].sort());
    expect(hybrid.items[0].score).toBeGreaterThan(0);
    // A German word: lexically only the German listing has it; the semantic arm also finds the English one.
    const lexical = (await get('/marketplace/apis?q=Stellenangebote&semantic=false')).json();
    expect(lexical.semantic).toBe(false);
    expect(lexical.items.map((i: any) => i.id)).toEqual([ids.jobsDe]);
    const semantic = (await get('/marketplace/apis?q=Stellenangebote')).json();
    expect(semantic.items.map((i: any) => i.id)).toContain(ids.jobsUs);
  });

  it("boosts listings of the caller's country", async () => {
    const de = (await get('/marketplace/apis?q=jobs&country=de')).json();
    const us = (await get('/marketplace/apis?q=jobs&country=US')).json();
    expect(de.items[0].id).toBe(ids.jobsDe);
    expect(us.items[0].id).toBe(ids.jobsUs);
  });

  it('refuses bad parameters with 422 and details', async () => {
    for (const qs of ['sort=best', 'limit=0', 'limit=201', 'offset=-1', 'country=DEU', 'country=1x', 'category=toys', 'semantic=maybe', 'limit=ten']) {
      const res = await get(`/marketplace/apis?${qs}`);
      expect(res.statusCode, qs).toBe(422);
      const body = res.json();
      expect(body.status_code).toBe(422);
      expect(body.details.length, qs).toBeGreaterThan(0);
      expect(body.details[0].field, qs).toBe(qs.split('=')[0]);
    }
  });

  it('search-endpoints answers two groups', async () => {
    const res = await get('/marketplace/search-endpoints?q=product%20price&limit_apis=2&limit_endpoints=3');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.query).toBe('product price');
    expect(body.apis[0]).toMatchObject({ id: ids.shop, slug: 'kaffee-laden' });
    expect(body.apis.length).toBeLessThanOrEqual(2);
    expect(body.endpoints.length).toBeLessThanOrEqual(3);
    expect(body.endpoints[0]).toMatchObject({ api_id: ids.shop, api_slug: 'kaffee-laden', api_name: 'Kaffee Laden', endpoint_name: 'get_product', method: 'POST' });
    expect(typeof body.endpoints[0].score).toBe('number');
  });

  it('search-endpoints refuses bad parameters with 422 and details', async () => {
    const cases: Array<[string, string]> = [
      ['', 'q'],
      ['q=', 'q'],
      ['q=%20%20', 'q'],
      [`q=${'a'.repeat(121)}`, 'q'],
      ['q=x&limit_apis=0', 'limit_apis'],
      ['q=x&limit_apis=21', 'limit_apis'],
      ['q=x&limit_endpoints=41', 'limit_endpoints'],
      ['q=x&country=Germany', 'country'],
    ];
    for (const [qs, field] of cases) {
      const res = await get(`/marketplace/search-endpoints?${qs}`);
      expect(res.statusCode, qs).toBe(422);
      expect(res.json().details[0].field, qs).toBe(field);
    }
    expect((await get(`/marketplace/search-endpoints?q=${'a'.repeat(120)}`)).statusCode).toBe(200);
  });

  it('the detail: 404 for an unknown id, user fields only for a known caller, 401 for a bad key', async () => {
    expect((await get('/marketplace/apis/nope')).json()).toEqual({ error: 'Marketplace API nope not found', status_code: 404 });
    const anonymous = await listing(t, ids.shop);
    expect(anonymous).not.toHaveProperty('user_status');
    expect(anonymous.apis[0]).toMatchObject({ endpoint_name: 'get_product', method: 'POST', sample_inputs: { id: 1 } });
    expect(anonymous.execution_base_url).toBe(`${t.config.publicUrl}/scraper/${anonymous.canonical_scraper_id}`);
    expect(await listing(t, ids.shop, b.key)).toMatchObject({ user_status: 'none' });
    const subscribed = await listing(t, ids.news, b.key);
    expect(subscribed).toMatchObject({ user_status: 'subscribed', pinned_version: 1 });
    expect(typeof subscribed.user_scraper_id).toBe('string');
    const bad = await t.call('GET', `/marketplace/apis/${ids.shop}`, { key: 'pmx_nope' });
    expect(bad.json()).toEqual({ error: 'Invalid API key', status_code: 401 });
    // A dashboard session counts as a caller too.
    const viaSession = await t.call('GET', `/marketplace/apis/${ids.news}`, { headers: { cookie: b.cookie } });
    expect(viaSession.json().user_status).toBe('subscribed');
  });

  it("another process's index catches up with the table before searching", async () => {
    const other = createListingSearch(t.runtime.deps.db, t.config);
    await other.sync();
    expect(other.index.stats().listings).toBe(4);
    const { release } = await contribute(t, a, { ...shopRecipe('http://tea.example.com', [getProduct({ name: 'string' })]), name: 'Teahouse Oolong' });
    await other.sync();
    const found = await other.index.searchApis({ q: 'oolong', limit: 5, offset: 0 });
    expect(found.items.map((i) => i.id)).toEqual([release.listing_id]);
  });
});

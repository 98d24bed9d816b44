/**
 * Framework data and consent walls through the real service and worker (issue 26, point 2):
 * the list of a Nuxt 2 client-rendered site, a Nuxt 3 shop and a Next.js app-router catalogue is
 * read from the data each page carries (no browser at call time), with the fields the markup
 * leaves to hydration, page after page; a Didomi and a Cookiebot wall are accepted once at build
 * time and every call sends their cookies; a OneTrust banner over a whole page is left alone.
 * Runs on SQLite, and on PostgreSQL with QUARRY_TEST_DATABASE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureRoutes, type FixtureSite } from '../helpers/fixture-server.js';
import { descendantsRunning } from '../../src/fetch/browser/index.js';
import { build, execute } from '../builder/helpers.js';
import {
  CARS, CARS_PER_PAGE, STORIES_PER_PAGE, STORY_LIST, TEAS_LIST, TEAS_PER_PAGE, WORKSHOPS, WORKSHOPS_PER_PAGE,
  cookiebotWallSite, didomiWallSite, nuxt3TeaSite, nuxtCarsSite, oneTrustBannerSite, rscWorkshopSite,
} from '../fixtures/sites/framework-sites.js';

let t: TestApp;
let u: TestUser;
const sites: FixtureSite[] = [];

beforeAll(async () => {
  t = await startTestApp({ startWorker: true, env: { QUARRY_BUILD_TIME_BUDGET_MS: '60000', QUARRY_ALLOW_PRIVATE_TARGETS: '127.0.0.1' } });
  u = await t.user('developer');
});
afterAll(async () => {
  await t?.close();
  await Promise.all(sites.map((s) => s.close()));
  expect(descendantsRunning(process.pid, 'chromium')).toEqual([]);
});

async function site(routes: FixtureRoutes): Promise<FixtureSite> {
  const s = await startFixtureSite(routes);
  sites.push(s);
  return s;
}

/** Builds, then answers the list endpoint and a caller for it. */
async function buildList(url: string, task: string) {
  const built = await build(t, u, url, task, 120_000);
  const log = (built.progress?.log ?? []).map((l: { message: string }) => l.message).join(' | ');
  expect(built.status, `${built.error} :: ${log}`).toBe('completed');
  const list = built.generated_api.endpoints.find((e: any) => e.endpoint_name.startsWith('list_'));
  expect(list, JSON.stringify(built.generated_api.endpoints.map((e: any) => e.endpoint_name))).toBeTruthy();
  const call = async (params: Record<string, unknown>) => {
    const res = await execute(t, u, built.generated_api.scraper_id, list.endpoint_name, params, list.method);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Array<Record<string, unknown>>;
  };
  return { list, call, log };
}

/** The value of the first key whose name says `word` (field names follow the site's keys). */
const valueOf = (record: Record<string, unknown>, word: RegExp) => Object.entries(record).find(([k]) => word.test(k))?.[1];

describe('framework data in the page', () => {
  it('Nuxt 2: a client-rendered site lists from window.__NUXT__, page by page, without the browser', async () => {
    const s = await site(nuxtCarsSite());
    const { list, call } = await buildList(`${s.url}/used-cars`, 'list used cars with title, year, mileage and price');
    expect(JSON.stringify(list.steps ?? list)).not.toContain('"render"');
    expect(Object.keys(list.input_params.properties)).toContain('page');
    const first = await call({ page: 1 });
    expect(first.map((r) => r.title)).toEqual(CARS.slice(0, CARS_PER_PAGE).map((c) => c.title));
    expect(first.map((r) => Number(valueOf(r, /price/)))).toEqual(CARS.slice(0, CARS_PER_PAGE).map((c) => c.price));
    const second = await call({ page: 2 });
    expect(second.map((r) => r.title)).toEqual(CARS.slice(CARS_PER_PAGE, 2 * CARS_PER_PAGE).map((c) => c.title));
  });

  it('Nuxt 3: the prices only __NUXT_DATA__ carries are listed, and the next page', async () => {
    const s = await site(nuxt3TeaSite());
    const { call } = await buildList(`${s.url}/shop`, 'list teas with name and price');
    const first = await call({ page: 1 });
    expect(first.map((r) => r.name)).toEqual(TEAS_LIST.slice(0, TEAS_PER_PAGE).map((x) => x.name));
    expect(first.map((r) => String(valueOf(r, /price/)))).toEqual(TEAS_LIST.slice(0, TEAS_PER_PAGE).map((x) => x.price));
    const second = await call({ page: 2 });
    expect(second.map((r) => r.name)).toEqual(TEAS_LIST.slice(TEAS_PER_PAGE, 2 * TEAS_PER_PAGE).map((x) => x.name));
  });

  it('Next.js app router: fee and length from the RSC flight chunks, paged by the Load more link', async () => {
    const s = await site(rscWorkshopSite());
    const { call } = await buildList(`${s.url}/workshops`, 'list workshops with title, host, fee and length');
    const first = await call({ page: 1 });
    expect(first.map((r) => r.title)).toEqual(WORKSHOPS.slice(0, WORKSHOPS_PER_PAGE).map((w) => w.title));
    expect(first.map((r) => Number(valueOf(r, /fee/)))).toEqual(WORKSHOPS.slice(0, WORKSHOPS_PER_PAGE).map((w) => w.fee));
    const third = await call({ page: 3 });
    expect(third.map((r) => r.title)).toEqual(WORKSHOPS.slice(2 * WORKSHOPS_PER_PAGE, 3 * WORKSHOPS_PER_PAGE).map((w) => w.title));
  });
});

describe('consent walls', () => {
  for (const [name, routes] of [['Didomi consent-or-pay', didomiWallSite], ['Cookiebot', cookiebotWallSite]] as const) {
    it(`${name}: accepted once at build time; every call sends the consent cookies`, async () => {
      const s = await site(routes());
      const { call, log } = await buildList(`${s.url}/news`, 'list the latest news stories with headline and author');
      expect(log).toMatch(/consent wall/i);
      const before = s.requests.length;
      const first = await call({ page: 1 });
      expect(first.map((r) => valueOf(r, /headline|title|name/))).toEqual(STORY_LIST.slice(0, STORIES_PER_PAGE).map((x) => x.headline));
      const second = await call({ page: 2 });
      expect(second.map((r) => valueOf(r, /headline|title|name/))).toEqual(STORY_LIST.slice(STORIES_PER_PAGE, 2 * STORIES_PER_PAGE).map((x) => x.headline));
      // The calls went to the site with the cookies (no browser at call time).
      expect(s.requests.slice(before).every((r) => /=/.test(String(r.headers.cookie ?? '')))).toBe(true);
    });
  }

  it('OneTrust banner over a whole page: built from the page, nothing pressed', async () => {
    const state = { accepted: 0 };
    const s = await site(oneTrustBannerSite(state));
    const { call, log } = await buildList(`${s.url}/news`, 'list the latest news stories with headline and author');
    expect(log).not.toMatch(/consent wall/i);
    const first = await call({ page: 1 });
    expect(first.map((r) => valueOf(r, /headline|title|name/))).toEqual(STORY_LIST.slice(0, STORIES_PER_PAGE).map((x) => x.headline));
    expect(state.accepted).toBe(0);
  });
});

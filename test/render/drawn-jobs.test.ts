/**
 * Issue 26, point 2 (the reported bug): a job board whose pages are shells with a consent
 * banner, a menu, a footer and a plain `<form role="search">` (field `q`), filled by script from
 * `/api/jobs?page=N&q=…`, built through the service with "search jobs by keyword". The build
 * must give a search endpoint whose `query` maps onto the API's parameter: the same name as
 * the form's field, or (variant) another name that only the page's own search shows. An API
 * without search gives no search endpoint, and the task's log says why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { descendantsRunning } from '../../src/fetch/browser/index.js';
import { BOARD, BOARD_PER_PAGE, drawnJobsSite, searchBoard } from '../fixtures/sites/drawn-jobs.js';
import { build, execute } from '../builder/helpers.js';

let t: TestApp;
let u: TestUser;
const sites: Record<'same' | 'renamed' | 'none', FixtureSite> = {} as never;
beforeAll(async () => {
  sites.same = await startFixtureSite(drawnJobsSite());
  sites.renamed = await startFixtureSite(drawnJobsSite({ searchKey: 'needle' }));
  sites.none = await startFixtureSite(drawnJobsSite({ searchKey: null }));
  t = await startTestApp({ startWorker: true, env: { QUARRY_BUILD_TIME_BUDGET_MS: '60000', QUARRY_ALLOW_PRIVATE_TARGETS: '127.0.0.1' } });
  u = await t.user('developer');
});
afterAll(async () => {
  await t?.close();
  await Promise.all(Object.values(sites).map((s) => s.close()));
  expect(descendantsRunning(process.pid, 'chromium')).toEqual([]);
});

const TASK = 'search jobs by keyword with title, company, city and salary';
const titles = (res: { json(): { data: Array<{ title: string }> } }) => res.json().data.map((j) => j.title);
const logOf = (task: { progress?: { log?: Array<{ message: string }> } }) => (task.progress?.log ?? []).map((l) => l.message);

describe('a script-drawn job board with a search form', () => {
  it('maps the keyword onto the API parameter named like the form field, and pages the results', { timeout: 120_000 }, async () => {
    const task = await build(t, u, `${sites.same.url}/`, TASK, 90_000);
    expect(task.status, JSON.stringify(logOf(task).slice(-6))).toBe('completed');
    const id = task.generated_api.scraper_id as string;
    expect((task.generated_api.endpoints as Array<{ endpoint_name: string }>).map((e) => e.endpoint_name), JSON.stringify(logOf(task))).toContain('search_jobs');
    for (const q of ['Cork', 'pastry', 'Vantor']) {
      const res = await execute(t, u, id, 'search_jobs', { query: q });
      expect(res.statusCode, res.body).toBe(200);
      expect(titles(res)).toEqual(searchBoard(q).slice(0, BOARD_PER_PAGE).map((j) => j.title));
    }
    const page2 = await execute(t, u, id, 'search_jobs', { query: 'e', page: 2 });
    expect(titles(page2)).toEqual(searchBoard('e').slice(BOARD_PER_PAGE, 2 * BOARD_PER_PAGE).map((j) => j.title));
    // One call of the API per search, with the keyword in its `q`: no browser, no page fetched.
    const before = sites.same.requests.length;
    await execute(t, u, id, 'search_jobs', { query: 'Roofer' });
    expect(sites.same.requests.slice(before).map((r) => r.path)).toEqual(['/api/jobs?page=1&q=Roofer']);
  });

  it('finds an API parameter named otherwise by searching in the page, as a visitor does', { timeout: 120_000 }, async () => {
    const task = await build(t, u, `${sites.renamed.url}/`, TASK, 90_000);
    expect(task.status, JSON.stringify(logOf(task).slice(-6))).toBe('completed');
    const id = task.generated_api.scraper_id as string;
    expect(logOf(task).some((m) => /page's search for ".+" called GET \/api\/jobs with needle=/.test(m)), JSON.stringify(logOf(task))).toBe(true);
    for (const q of ['Dresden', 'Brightwell']) {
      const before = sites.renamed.requests.length;
      const res = await execute(t, u, id, 'search_jobs', { query: q });
      expect(titles(res)).toEqual(searchBoard(q).slice(0, BOARD_PER_PAGE).map((j) => j.title));
      expect(sites.renamed.requests.slice(before).map((r) => r.path)).toEqual([`/api/jobs?page=1&needle=${q}`]);
    }
  });

  it('says in the task log why there is no search endpoint when the API cannot search', { timeout: 120_000 }, async () => {
    const task = await build(t, u, `${sites.none.url}/`, 'list jobs with title, company, city and salary, and search them by keyword', 90_000);
    const log = logOf(task);
    expect(log.some((m) => /^No search endpoint: GET \/api\/jobs did not filter by ".+" with \?q=.*searching ".+" in the page's own search field made no JSON call/.test(m)), JSON.stringify(log)).toBe(true);
    expect(task.status, JSON.stringify(log.slice(-6))).toBe('completed');
    const names = (task.generated_api.endpoints as Array<{ endpoint_name: string }>).map((e) => e.endpoint_name);
    expect(names).toContain('list_jobs');
    expect(names).not.toContain('search_jobs');
    const res = await execute(t, u, task.generated_api.scraper_id, 'list_jobs', { page: 2 });
    expect(titles(res)).toEqual(BOARD.slice(BOARD_PER_PAGE, 2 * BOARD_PER_PAGE).map((j) => j.title));
  });
});

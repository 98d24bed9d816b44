/**
 * The reported failure: a job board whose app shell loads vacancies from `/api/jobs?page=N&q=`
 * and `/api/jobs/{id}`. The build used to produce an invalid recipe (a pagination var named
 * like the `page` parameter) and fail with an internal error. Now: list, search and detail
 * endpoints that call the JSON API directly, without the browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginationVar, walkSteps } from '../../src/recipe/semantics.js';
import { descendantsRunning } from '../../src/fetch/browser/index.js';
import type { BuildOutcome } from '../../src/builder/pipeline.js';
import { JOBS, JOBS_PER_PAGE, searchJobs, spaJobsSite } from '../fixtures/sites/spa-jobs.js';
import { buildSite, call, siteHarness, type SiteHarness } from './helpers.js';

let h: SiteHarness;
let built: BuildOutcome & { log: string[] };
beforeAll(async () => {
  h = await siteHarness(spaJobsSite(), { QUARRY_ALLOW_PRIVATE_TARGETS: '127.0.0.1' });
  built = await buildSite(h, 'list job vacancies with title, company, location and salary, and search them by keyword');
});
afterAll(async () => {
  await h?.close();
  expect(descendantsRunning(process.pid, 'chromium')).toEqual([]);
});

const rows = (res: Awaited<ReturnType<typeof call>>) => (res.body as { data: Array<Record<string, unknown>> }).data;
const view = (j: Partial<Record<'title' | 'company' | 'location' | 'salary', unknown>>) => [j.title, j.company, j.location, j.salary];

describe('job board behind /api/jobs', () => {
  it('builds list, search and detail endpoints over the JSON API, with no var named like a parameter', () => {
    const names = built.recipe.endpoints.map((e) => e.name).sort();
    expect(names).toEqual(['get_job', 'list_jobs', 'search_jobs'].sort());
    for (const e of built.recipe.endpoints) {
      walkSteps(e.steps, '', (step) => {
        if (step.type === 'paginate') expect(paginationVar(step)).not.toBe('page');
        expect(step.type).not.toBe('render');
      });
    }
  });

  it('pages the list by the caller\'s page, one API request per call and no browser', async () => {
    const list = built.recipe.endpoints.find((e) => e.name === 'list_jobs')!;
    const before = h.site.requests.length;
    const noBrowser = { ...h.fetcher, browser: undefined };
    for (const page of [1, 2, 3]) {
      const data = rows(await call(h, built.recipe, list.name, { page }, { fetcher: noBrowser }));
      expect(data.map(view)).toEqual(JOBS.slice((page - 1) * JOBS_PER_PAGE, page * JOBS_PER_PAGE).map(view));
    }
    expect(h.site.requests.slice(before).map((r) => r.path)).toEqual(['/api/jobs?page=1', '/api/jobs?page=2', '/api/jobs?page=3']);
  });

  it('searches by keyword and reads one vacancy by id', async () => {
    const noBrowser = { ...h.fetcher, browser: undefined };
    for (const q of ['Nurse', 'lyon', 'Hooli']) {
      const data = rows(await call(h, built.recipe, 'search_jobs', { query: q }, { fetcher: noBrowser }));
      expect(data.map(view)).toEqual(searchJobs(q).slice(0, JOBS_PER_PAGE).map(view));
    }
    const one = await call(h, built.recipe, 'get_job', { id: 1007 }, { fetcher: noBrowser });
    expect((one.body as { data: Record<string, unknown> }).data).toMatchObject({ title: JOBS[7].title, company: JOBS[7].company, location: JOBS[7].location, salary: JOBS[7].salary });
  });
});

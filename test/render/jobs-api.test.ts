/**
 * The reported failure: a job board whose app shell loads vacancies from `/api/jobs?page=N&q=`
 * and `/api/jobs/{id}`. The build used to produce an invalid recipe (a pagination var named
 * like the `page` parameter) and fail with an internal error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginationVar, walkSteps } from '../../src/recipe/semantics.js';
import { JOBS, JOBS_PER_PAGE, spaJobsSite } from '../fixtures/sites/spa-jobs.js';
import { buildSite, call, siteHarness, type SiteHarness } from './helpers.js';

let h: SiteHarness;
beforeAll(async () => {
  h = await siteHarness(spaJobsSite());
});
afterAll(async () => h?.close());

describe('job board behind /api/jobs', () => {
  it('builds a valid recipe whose list endpoint pages the JSON API by the caller\'s page', async () => {
    const built = await buildSite(h, 'list job vacancies with title, company, location and salary, and search them by keyword');
    const list = built.recipe.endpoints.find((e) => e.name.startsWith('list_'))!;
    expect(list).toBeDefined();
    expect(Object.keys(list.input_params.properties as object)).toContain('page');
    // No var shadows a parameter (the validator's rule that failed the reported builds).
    walkSteps(list.steps, '', (step) => {
      if (step.type === 'paginate') expect(paginationVar(step)).not.toBe('page');
    });
    const before = h.site.requests.length;
    for (const page of [1, 2, 3]) {
      const res = await call(h, built.recipe, list.name, { page });
      const data = (res.body as { data: Array<Record<string, unknown>> }).data;
      const truth = JOBS.slice((page - 1) * JOBS_PER_PAGE, page * JOBS_PER_PAGE);
      expect(data.map((r) => [r.title, r.company, r.location, r.salary])).toEqual(truth.map((j) => [j.title, j.company, j.location, j.salary]));
    }
    // Executions call the API itself, one request per page, never the HTML shell.
    const calls = h.site.requests.slice(before).map((r) => r.path);
    expect(calls).toEqual(['/api/jobs?page=1', '/api/jobs?page=2', '/api/jobs?page=3']);
  });
});

/**
 * The reported failure end to end, through the service (dispatch -> queue -> build job ->
 * published API -> execution): the job board behind `/api/jobs` builds on the first attempt
 * and its endpoints answer the fixture's data. The service's browser is gone after close.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { descendantsRunning } from '../../src/fetch/browser/index.js';
import { JOBS, searchJobs, spaJobsSite } from '../fixtures/sites/spa-jobs.js';
import { build, execute } from '../builder/helpers.js';

let t: TestApp;
let u: TestUser;
let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite(spaJobsSite());
  t = await startTestApp({ startWorker: true, env: { QUARRY_BUILD_TIME_BUDGET_MS: '60000', QUARRY_ALLOW_PRIVATE_TARGETS: '127.0.0.1' } });
  u = await t.user('developer');
});
afterAll(async () => {
  await t?.close();
  await site?.close();
  expect(descendantsRunning(process.pid, 'chromium')).toEqual([]);
});

describe('job board through the service', () => {
  it('builds on the first attempt and answers list, search and detail calls', async () => {
    const task = await build(t, u, `${site.url}/`, 'list job vacancies with title, company, location and salary, and search them by keyword', 90_000);
    expect(task.status).toBe('completed');
    const id = task.generated_api.scraper_id as string;
    const names = (task.generated_api.endpoints as Array<{ endpoint_name: string }>).map((e) => e.endpoint_name).sort();
    expect(names).toEqual(['get_job', 'list_jobs', 'search_jobs']);
    const page2 = await execute(t, u, id, 'list_jobs', { page: 2 });
    expect(page2.statusCode).toBe(200);
    expect(page2.json().data.map((j: { title: string }) => j.title)).toEqual(JOBS.slice(10, 20).map((j) => j.title));
    const found = await execute(t, u, id, 'search_jobs', { query: 'Chef' });
    expect(found.json().data.map((j: { id: number }) => j.id)).toEqual(searchJobs('Chef').map((j) => j.id));
    const one = await execute(t, u, id, 'get_job', { id: 1003 }, 'GET');
    expect(one.json().data).toMatchObject({ title: JOBS[3].title, salary: JOBS[3].salary });
    const missing = await execute(t, u, id, 'get_job', { id: 99 }, 'GET');
    expect(missing.statusCode).toBe(422);
  });
});

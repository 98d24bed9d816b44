/**
 * The reported failure end to end, through the service (dispatch -> queue -> build job ->
 * published API -> execution): the job board behind `/api/jobs` builds on the first attempt
 * and its endpoints answer the fixture's data. The service's browser is gone after close.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { descendantsRunning } from '../../src/fetch/browser/index.js';
import { JOBS, searchJobs, spaJobsSite, type JobsApiState } from '../fixtures/sites/spa-jobs.js';
import { build, execute } from '../builder/helpers.js';
import { reviseAndWait } from '../revisions/helpers.js';

let t: TestApp;
let u: TestUser;
let site: FixtureSite;
const api: JobsApiState = { shape: 'v1' };
beforeAll(async () => {
  site = await startFixtureSite(spaJobsSite(api));
  t = await startTestApp({ startWorker: true, env: { QUARRY_BUILD_TIME_BUDGET_MS: '60000', QUARRY_ALLOW_PRIVATE_TARGETS: '127.0.0.1' } });
  u = await t.user('developer');
});
afterAll(async () => {
  await t?.close();
  await site?.close();
  expect(descendantsRunning(process.pid, 'chromium')).toEqual([]);
});

describe('job board through the service', () => {
  it('builds on the first attempt, answers list, search and detail calls, and is repaired when the API changes shape', { timeout: 120_000 }, async () => {
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

    // Point 7: the API changes shape (records under data.items, title/company renamed); a fix
    // revision induces the JSON extractions again and callers keep their fields.
    api.shape = 'v2';
    const broken = await execute(t, u, id, 'list_jobs', { page: 1 });
    expect(broken.statusCode === 200 ? broken.json().data : []).toEqual([]);
    const fixed = await reviseAndWait(t, u, task.id, 'the site changed');
    expect(fixed.status, JSON.stringify(fixed.error ?? fixed.progress?.log?.slice(-5))).toBe('completed');
    const again = await execute(t, u, id, 'list_jobs', { page: 2 });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.map((j: { title: string; company: string }) => [j.title, j.company])).toEqual(JOBS.slice(10, 20).map((j) => [j.title, j.company]));
    const oneAgain = await execute(t, u, id, 'get_job', { id: 1003 }, 'GET');
    expect(oneAgain.json().data).toMatchObject({ title: JOBS[3].title, company: JOBS[3].company, salary: JOBS[3].salary });
  });
});

/**
 * GET /ready and GET /metrics on a real app: readiness names what is down, metrics are not
 * public unless a token is configured, and the recorded series appear after real requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';

describe('readiness and metrics', () => {
  let t: TestApp;
  let closed: TestApp;
  let u: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ env: { QUARRY_METRICS_TOKEN: 'metrics-secret-1' } });
    closed = await startTestApp();
    u = await t.user('developer');
  });
  afterAll(async () => {
    await t.close();
    await closed.close();
  });

  it('/ready answers 200 with each check while everything answers', async () => {
    const res = await t.call('GET', '/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not_configured', queue: 'ok' } });
  });

  it('/ready answers 503 naming what is down when the database is gone', async () => {
    const other = await startTestApp();
    await other.testDb.db.close();
    const res = await other.call('GET', '/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      error: 'Not ready: database, queue unreachable',
      checks: { database: 'down', redis: 'not_configured', queue: 'down' },
      status_code: 503,
    });
    expect((await other.call('GET', '/health')).statusCode).toBe(503);
    await other.app.close();
  });

  it('/metrics is 404 without a configured token, 401 with a wrong one', async () => {
    expect((await closed.call('GET', '/metrics', { headers: { authorization: 'Bearer x' } })).statusCode).toBe(404);
    expect((await t.call('GET', '/metrics')).statusCode).toBe(401);
    expect((await t.call('GET', '/metrics', { headers: { authorization: 'Bearer metrics-secret-2' } })).statusCode).toBe(401);
  });

  it('/metrics exposes requests by route template, executions and queue depth', async () => {
    await t.call('GET', '/account', { key: u.key });
    await t.call('POST', '/scraper/no-such-scraper/get_thing', { key: u.key, body: {} });
    const res = await t.call('GET', '/metrics', { headers: { authorization: 'Bearer metrics-secret-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/quarry_http_requests_total\{method="GET",route="\/account",status="200"\} \d+/);
    expect(text).toMatch(/quarry_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/account",status="200"\}/);
    expect(text).toMatch(/quarry_executions_total\{outcome="error",error="not_found"\} \d+/);
    expect(text).toContain('# TYPE quarry_queue_jobs gauge');
    expect(text).toContain('# TYPE quarry_rate_limit_denials_total counter');
    expect(text).toContain('# TYPE quarry_credit_charges_total counter');
    expect(text).toContain('# TYPE quarry_build_stage_duration_seconds histogram');
    expect(text).toContain('# TYPE quarry_job_duration_seconds histogram');
  });
});

describe('metrics recorded by a real build and a charged execution', () => {
  it('counts the build job, its stages, the execution and its charge', async () => {
    const { startFixtureSite } = await import('../helpers/fixture-server.js');
    const { booksSite } = await import('../fixtures/sites/books.js');
    const { build, execute } = await import('../builder/helpers.js');
    const site = await startFixtureSite(booksSite());
    const t = await startTestApp({ startWorker: true, env: { QUARRY_METRICS_TOKEN: 'metrics-secret-3' } });
    try {
      const u = await t.user('developer');
      const task = await build(t, u, `${site.url}/`, 'get each book: title, price');
      expect(task.status, task.error).toBe('completed');
      const ep = task.generated_api.endpoints[0];
      const call = await execute(t, u, task.generated_api.scraper_id, ep.endpoint_name, ep.sample_inputs, ep.method);
      expect(call.statusCode).toBe(200);
      const text = (await t.call('GET', '/metrics', { headers: { authorization: 'Bearer metrics-secret-3' } })).body;
      expect(text).toMatch(/quarry_jobs_total\{kind="build",outcome="completed"\} [1-9]/);
      expect(text).toMatch(/quarry_job_duration_seconds_count\{kind="build",outcome="completed"\} [1-9]/);
      for (const stage of ['fetching', 'analyzing', 'testing']) {
        expect(text).toMatch(new RegExp(`quarry_build_stage_duration_seconds_count\\{stage="${stage}"\\} [1-9]`));
      }
      expect(text).toMatch(/quarry_executions_total\{outcome="success",error="none"\} [1-9]/);
      expect(text).toMatch(/quarry_credit_charges_total\{reason="endpoint_call"\} [1-9]/);
    } finally {
      await t.close();
      await site.close();
    }
  }, 90_000);
});

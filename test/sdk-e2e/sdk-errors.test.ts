/**
 * The SDK's typed errors and its retry policy on real failures of a real server: each error
 * class from the answer the service really gives, and retries only where the contract says a
 * retry can help (counted at the fixture site, which sees every upstream request).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  BlockedError,
  ConflictError,
  NotFoundError,
  PaymentRequiredError,
  Quarry,
  RateLimitError,
  ScraperBugError,
  StaleInputError,
  TaskFailedError,
  UpstreamError,
  ValidationError,
} from '../../packages/sdk/src/index.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { booksSite } from '../fixtures/sites/books.js';
import { booksRecipe } from '../execution/recipes.js';
import { publishApi } from '../exports/helpers.js';
import { setBalance } from '../../src/services/credits.js';

/** The books site plus pages that fail the way sites fail. */
function troubledSite(): Parameters<typeof startFixtureSite>[0] {
  let flaky = 0;
  let busy = 0;
  return [
    ...booksSite(),
    ['/flaky', () => (++flaky === 1 ? { status: 500, body: 'oops' } : { body: '<h1>Recovered</h1>' })],
    ['/down', { status: 500, body: 'down for maintenance' }],
    ['/forbidden', { status: 403, body: 'no' }],
    ['/busy', () => (++busy === 1 ? { status: 429, headers: { 'retry-after': '1' }, body: 'slow down' } : { body: '<h1>Calm again</h1>' })],
    ['/headless', '<p>No heading on this page.</p>'],
  ];
}

/** Rejects with the error, so its fields can be checked. */
async function failure(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

describe('SDK errors and retries against a real server', () => {
  let t: TestApp;
  let site: FixtureSite;
  let base: string;
  let user: TestUser;
  let quarry: Quarry;
  let scraperId: string;
  let taskId: string;
  const hits = (path: string) => site.requests.filter((r) => r.path === path).length;
  const fetchPath = (path: string) => quarry.call(scraperId, 'fetch_path', { path });

  beforeAll(async () => {
    t = await startTestApp({ startWorker: true, env: { QUARRY_BUILD_TIME_BUDGET_MS: '30000' } });
    site = await startFixtureSite(troubledSite());
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    user = await t.user('developer');
    quarry = new Quarry({ apiKey: user.key, baseUrl: base });
    ({ scraperId, taskId } = await publishApi(t, user, booksRecipe(site.url)));
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('422 input_format_invalid: StaleInputError, raised before any upstream request', async () => {
    const before = site.requests.length;
    const err = await failure(quarry.call(scraperId, 'get_book', { path: 'not-a-catalogue-path' }, { method: 'GET' }));
    expect(err).toBeInstanceOf(StaleInputError);
    expect([err.status, err.kind]).toEqual([422, 'input_format_invalid']);
    expect(err.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(site.requests.length).toBe(before);
  });

  it('422 input_not_found: StaleInputError with the upstream status, not retried', async () => {
    const err = await failure(quarry.call(scraperId, 'get_book', { path: '/catalogue/gone_9999/index.html' }, { method: 'GET' }));
    expect(err).toBeInstanceOf(StaleInputError);
    expect([err.kind, err.upstreamStatusCode]).toEqual(['input_not_found', 404]);
    expect(err.url).toContain('/catalogue/gone_9999/index.html');
    expect(hits('/catalogue/gone_9999/index.html')).toBe(1);
  });

  it('502 with an upstream 5xx is retried (and succeeds once the site recovers)', async () => {
    const body = await fetchPath('/flaky');
    expect(body.data).toEqual({ heading: 'Recovered' });
    expect(hits('/flaky')).toBe(2);
  });

  it('502 that persists: UpstreamError after the retries; an upstream 4xx is not retried', async () => {
    const down = await failure(fetchPath('/down'));
    expect(down).toBeInstanceOf(UpstreamError);
    expect([down.status, down.upstreamStatusCode, down.snippet]).toEqual([502, 500, 'down for maintenance']);
    expect(hits('/down')).toBe(3);

    const forbidden = await failure(fetchPath('/forbidden'));
    expect(forbidden).toBeInstanceOf(UpstreamError);
    expect(forbidden.upstreamStatusCode).toBe(403);
    expect(hits('/forbidden')).toBe(1);
  }, 30_000);

  it('503 blocked with retry_after is retried after the wait; a scraper bug is not', async () => {
    const body = await fetchPath('/busy');
    expect(body.data).toEqual({ heading: 'Calm again' });
    expect(hits('/busy')).toBe(2);

    const bug = await failure(fetchPath('/headless'));
    expect(bug).toBeInstanceOf(ScraperBugError);
    expect([bug.status, bug.kind]).toEqual([500, 'scraper_bug']);
    expect(hits('/headless')).toBe(1);
  }, 30_000);

  it('a block the client will not wait for is thrown as BlockedError with its retry_after', async () => {
    const impatient = new Quarry({ apiKey: user.key, baseUrl: base, maxRetryAfterMs: 100 });
    let n = 0;
    const blocking = await startFixtureSite([['/x', () => ({ status: 429, headers: { 'retry-after': String(30 + n++) }, body: 'no' })]]);
    try {
      const recipe = { ...booksRecipe(blocking.url), name: 'Blocking' };
      const { scraperId: id } = await publishApi(t, user, recipe);
      const err = await failure(impatient.call(id, 'fetch_path', { path: '/x' }));
      expect(err).toBeInstanceOf(BlockedError);
      expect([err.status, err.kind, err.retryAfter]).toEqual([503, 'antibot_solvable', 30]);
      expect(blocking.requests.filter((r) => r.path === '/x')).toHaveLength(1);
    } finally {
      await blocking.close();
    }
  });

  it('404: NotFoundError for unknown and foreign ids', async () => {
    const other = await t.user('developer');
    const theirs = new Quarry({ apiKey: other.key, baseUrl: base });
    const attempts = [
      () => quarry.tasks.get('nope'),
      () => quarry.call('00000000-0000-4000-8000-000000000000', 'x'),
      () => theirs.call(scraperId, 'list_books'),
      () => theirs.tasks.sdkExample(taskId),
    ];
    for (const attempt of attempts) {
      const err = await failure(attempt());
      expect(err).toBeInstanceOf(NotFoundError);
      expect([err.status, err.routeNotFound]).toEqual([404, false]);
    }
  });

  it('401: AuthenticationError with the contract reasons', async () => {
    const missing = await failure(new Quarry({ baseUrl: base }).tasks.list());
    expect(missing).toBeInstanceOf(AuthenticationError);
    expect(missing.message).toBe('Missing X-API-Key header');
    const invalid = await failure(new Quarry({ apiKey: 'pmx_' + 'x'.repeat(43), baseUrl: base }).call(scraperId, 'list_books'));
    expect(invalid).toBeInstanceOf(AuthenticationError);
    expect(invalid.message).toBe('Invalid API key');
  });

  it('402: PaymentRequiredError with the credits needed and left', async () => {
    const poor = await t.user('developer');
    const { scraperId: id } = await publishApi(t, poor, booksRecipe(site.url));
    await setBalance(t.runtime.deps.db, t.runtime.deps.clock, poor.userId, 0, 'test');
    const client = new Quarry({ apiKey: poor.key, baseUrl: base });
    const call = await failure(client.call(id, 'fetch_path', { path: '/index.html' }));
    expect(call).toBeInstanceOf(PaymentRequiredError);
    expect([call.creditsRequired, call.creditsRemaining]).toEqual([2, 0]);
    const build = await failure(client.dispatch({ url: `${site.url}/`, contributes_to_marketplace: false }));
    expect(build).toBeInstanceOf(PaymentRequiredError);
    expect(build.creditsRequired).toBe(75);
  });

  it('400, 409 and 422 of the management routes', async () => {
    const bad = await failure(quarry.apis.openapi(scraperId, { version: 0 }));
    expect(bad).toBeInstanceOf(BadRequestError);
    expect(bad.message).toBe('version must be an integer >= 1');
    const badPin = await failure(quarry.call(scraperId, 'list_books', {}, { version: 0 }));
    expect(badPin).toBeInstanceOf(BadRequestError);

    const conflict = await failure(quarry.tasks.cancel(taskId));
    expect(conflict).toBeInstanceOf(ConflictError);

    const invalid = await failure(quarry.dispatch({ url: 'not a url' }));
    expect(invalid).toBeInstanceOf(ValidationError);
    expect(invalid.details).toEqual([{ field: 'url', message: expect.any(String) }]);
  });

  it('429: RateLimitError (burst) once the plan bucket is empty', async () => {
    const free = await t.user('free');
    const client = new Quarry({ apiKey: free.key, baseUrl: base, maxRetries: 0 });
    let err: any = null;
    for (let i = 0; i < 40 && !err; i++) {
      err = await client.call('00000000-0000-4000-8000-000000000000', 'x').then(
        () => null,
        (e: unknown) => (e instanceof RateLimitError ? e : null),
      );
    }
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err.limitType).toBe('burst');
    expect(err.retryAfter).toBeGreaterThan(0);
  });

  it('waitForTask throws TaskFailedError with the reason of a failed build', async () => {
    const { task_id } = await quarry.dispatch({ url: 'http://127.0.0.1:9/', task: 'list things' });
    const err = await failure(quarry.waitForTask(task_id, { intervalMs: 50, timeoutMs: 60_000 }));
    expect(err).toBeInstanceOf(TaskFailedError);
    expect(err.task.status).toBe('failed');
    expect(err.message).toMatch(/reach/i);
  }, 90_000);
});

/**
 * The SDK (packages/sdk) against a real, listening server with a worker: a real build of a
 * fixture site followed with waitForTask and its progress callbacks, calls (GET parameters in the
 * query), the task and export reads, the server's own sdk-example run as a program, the
 * released canonical used by another account, the event stream, and the README's examples.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator, type SpecData } from '@seriousme/openapi-schema-validator';
import { Quarry, NotFoundError, type Progress, type Task } from '../../packages/sdk/src/index.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { booksSite, BOOKS } from '../fixtures/sites/books.js';
import { runSdkProgram, writeSdkProgram } from '../exports/sdk-program.js';
import { runExample } from './helpers.js';

const TITLES = BOOKS.map((b) => b.title);

describe('the SDK against a real server', () => {
  let t: TestApp;
  let site: FixtureSite;
  let base: string;
  let user: TestUser;
  let quarry: Quarry;
  let task: Task;
  const progress: Progress[] = [];
  const statuses: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ startWorker: true, env: { QUARRY_BUILD_TIME_BUDGET_MS: '30000' } });
    site = await startFixtureSite(booksSite());
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    user = await t.user('developer');
    quarry = new Quarry({ apiKey: user.key, baseUrl: base });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('dispatches a real build and waits for it with progress and status callbacks', async () => {
    const started = await quarry.dispatch({ url: `${site.url}/`, task: 'Get the book details from each book page: title, price, availability' });
    expect(started).toMatchObject({ matched: false, may_require_auth: false, test_inputs: [] });
    task = await quarry.waitForTask(started.task_id, {
      intervalMs: 50,
      timeoutMs: 60_000,
      onProgress: (p) => progress.push(p),
      onStatus: (x) => statuses.push(x.status),
    });
    expect(task.status).toBe('completed');
    expect(statuses.at(-1)).toBe('completed');
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress.at(-1)).toMatchObject({ stage: 'done', percent: 100 });
    // Only changes are reported: no two consecutive progress values are equal.
    for (let i = 1; i < progress.length; i++) expect(progress[i]).not.toEqual(progress[i - 1]);
    expect(task.generated_api?.scraper_id).toBe(task.result_scraper_id);
  }, 90_000);

  it('calls the endpoints (GET parameters in the query) with limits and the request id', async () => {
    const api = task.generated_api!;
    const detail = api.endpoints.find((e) => e.endpoint_name.startsWith('get_'))!;
    expect(detail.method).toBe('GET');
    const fetched = site.requests.length;
    const res = await quarry.callWithInfo<{ title: string }>(api.scraper_id, detail.endpoint_name, detail.sample_inputs ?? {});
    expect(res.status).toBe(200);
    expect(TITLES).toContain(res.body.data.title);
    expect(res.limits).toMatchObject({ creditsCharged: 1, creditsRemaining: expect.any(Number), remaining: expect.any(Number), reset: expect.any(Number) });
    expect(res.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(site.requests.length).toBeGreaterThan(fetched);
    for (const ep of api.endpoints) {
      const body = await quarry.call(api.scraper_id, ep.endpoint_name, ep.sample_inputs ?? {});
      expect(body.status, ep.endpoint_name).toBe('success');
    }
  });

  it('reads tasks, the scraper, the MCP export and a valid OpenAPI document with its ETag', async () => {
    const id = task.result_scraper_id!;
    const list = await quarry.tasks.list({ status: 'completed' });
    expect(list.tasks.map((x) => x.id)).toContain(task.id);
    expect((await quarry.tasks.get(task.id)).status).toBe('completed');
    expect((await quarry.scrapers.get(id)).id).toBe(id);
    const { tools } = await quarry.tasks.exportMcp(task.id);
    expect(tools.map((x) => x._meta?.endpoint_name)).toEqual(task.generated_api!.endpoints.map((e) => e.endpoint_name));

    const doc = await quarry.apis.openapi(id);
    if (doc.notModified) throw new Error('expected a document');
    const valid = await new Validator().validate(doc.document as SpecData);
    expect(valid.errors ?? []).toEqual([]);
    expect(doc.etag).toMatch(/^".+"$/);
    expect(doc.snapshotVersion).toBeNull();
    expect(await quarry.apis.openapi(id, { etag: doc.etag! })).toEqual({ notModified: true, etag: doc.etag, snapshotVersion: null });
    const pinned = await quarry.apis.openapi(id, { version: 1 });
    expect(pinned.snapshotVersion).toBe(1);
    await expect(quarry.apis.openapi(id, { version: 2 })).rejects.toBeInstanceOf(NotFoundError);
  });

  it("runs the server's sdk-example as a program against the server", async () => {
    const { sdk_usage_example: example } = await quarry.tasks.sdkExample(task.id);
    expect(example).not.toBeNull();
    const program = await writeSdkProgram(example!.code);
    try {
      const run = await runSdkProgram(program.file, { QUARRY_API_KEY: user.key, QUARRY_BASE_URL: base });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      for (const name of example!.endpoints) expect(run.stdout).toContain(`${name}:`);
      expect(TITLES.some((title) => run.stdout.includes(title))).toBe(true);
    } finally {
      await program.cleanup();
    }
  }, 60_000);

  it('another account finds the release in the marketplace and uses its canonical', async () => {
    const stranger = await t.user('developer');
    const theirs = new Quarry({ apiKey: stranger.key, baseUrl: base });
    const page = await new Quarry({ baseUrl: base }).marketplace.search({ q: 'books' });
    const item = page.items.find((i) => i.source_url.startsWith(site.url));
    expect(item, JSON.stringify(page.items.map((i) => i.source_url))).toBeDefined();
    const detail = await theirs.marketplace.get(item!.id);
    const canonical = detail.canonical_scraper_id;
    const doc = await theirs.apis.openapi(canonical, { version: detail.latest_version });
    expect(doc.snapshotVersion).toBe(detail.latest_version);
    await expect(theirs.apis.openapi(canonical, { version: detail.latest_version + 1 })).rejects.toBeInstanceOf(NotFoundError);
    const ep = detail.apis.find((e) => e.endpoint_name.startsWith('get_'))!;
    // The client learned the endpoint's method from the listing.
    const body = await theirs.call<{ title: string }>(canonical, ep.endpoint_name, ep.sample_inputs ?? {});
    expect(TITLES).toContain(body.data.title);
  });

  it('streams a finished task as events: progress, then done', async () => {
    const events = [];
    for await (const event of quarry.tasks.events(task.id)) events.push(event);
    expect(events.map((e) => e.event)).toEqual(['progress', 'done']);
    expect(events[1].data).toMatchObject({ status: 'completed', result_scraper_id: task.result_scraper_id });
  });

  it("the README's examples run against the server (events, marketplace, errors, updates)", async () => {
    const env = { QUARRY_API_KEY: user.key, QUARRY_BASE_URL: base };
    const other = await startFixtureSite(booksSite());
    try {
      const events = await runExample('events.ts', [`${other.url}/`], env);
      expect(events.stderr).toBe('');
      expect(events.stdout).toMatch(/100%\s+done/);
      expect(events.stdout).toMatch(/Task \S+ is completed/);
    } finally {
      await other.close();
    }
    // Subscribing to one's own API is refused (409): the example runs as another account.
    const reader = await t.user('developer');
    const market = await runExample('marketplace.ts', ['books'], { QUARRY_API_KEY: reader.key, QUARRY_BASE_URL: base });
    expect(market.stderr).toBe('');
    expect(market.stdout).toMatch(/Subscribed: call your copy at \/scraper\//);
    const api = task.generated_api!;
    const detail = api.endpoints.find((e) => e.endpoint_name.startsWith('get_'))!;
    const errors = await runExample('errors.ts', [api.scraper_id, detail.endpoint_name, '{}'], env);
    expect(errors.stdout).toMatch(/^Bad input \(input_format_invalid\)/);

    // A dispatch that matches the release gives a subscribed copy at once: the updates example runs on it.
    const subscriber = await t.user('developer');
    const matched = await new Quarry({ apiKey: subscriber.key, baseUrl: base }).dispatch({ url: `${site.url}/` });
    expect(matched.matched).toBe(true);
    const updates = await runExample('updates.ts', [matched.task_id], { QUARRY_API_KEY: subscriber.key, QUARRY_BASE_URL: base });
    expect(updates.stderr).toBe('');
    expect(updates.stdout).toMatch(/^OpenAPI 3\.1\.0, ETag ".+"$/m);
    expect(updates.stdout).toMatch(/^Unchanged since: true$/m);
    expect(updates.stdout).toMatch(/^MCP tools: \S+__get_\w+/m);
  }, 90_000);

  it('revises the API: tasks.revise, waitForTask, revisions, activeTask', async () => {
    const queued = await quarry.tasks.revise(task.id, { revision: 'also return the UPC' });
    expect(queued.revision_type).toBe('extend');
    const child = await quarry.waitForTask(queued.task_id, { intervalMs: 50, timeoutMs: 60_000 });
    expect(child).toMatchObject({ status: 'completed', parent_task_id: task.id, result_scraper_id: task.result_scraper_id });
    expect((await quarry.tasks.revisions(task.id)).tasks.map((x) => x.id)).toEqual([queued.task_id]);
    expect(await quarry.scrapers.activeTask(task.result_scraper_id!)).toEqual({ task: null });
    const doc = await quarry.apis.openapi(task.result_scraper_id!);
    expect(doc.notModified ? null : (doc.document.info as { version: string }).version).toBe('2');
  }, 90_000);
});

/**
 * Building through MCP: build_api answers the task id and its progress at once, get_task (with
 * wait_seconds) follows the real build (worker, fixture site) to the end, and the new API's
 * tools are then listed and callable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { booksSite, BOOKS } from '../fixtures/sites/books.js';
import { callTool, connectMcp, resultJson } from './helpers.js';

describe('building an API through MCP', () => {
  let t: TestApp;
  let site: FixtureSite;
  let user: TestUser;
  let client: Client;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp({ startWorker: true, env: { QUARRY_BUILD_TIME_BUDGET_MS: '30000' } });
    site = await startFixtureSite(booksSite());
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    user = await t.user('developer');
    client = await connectMcp(base, { 'x-api-key': user.key });
  });
  afterAll(async () => {
    await client.close();
    await t.close();
    await site.close();
  });

  it('build_api -> get_task until completed -> the new tool answers', async () => {
    const started = resultJson(await callTool(client, 'build_api', { url: `${site.url}/`, task: 'Get each book: title, price, availability' }));
    expect(started).toMatchObject({ matched: false, may_require_auth: false, status: 'queued', progress: { stage: 'queued', percent: 0 } });
    expect(started.task_id).toEqual(expect.any(String));
    expect(started.next_step).toMatch(/get_task/);

    let task = started;
    const stages = new Set<string>();
    for (let polls = 0; !['completed', 'failed', 'cancelled'].includes(task.status); polls++) {
      expect(polls).toBeLessThan(20);
      task = resultJson(await callTool(client, 'get_task', { task_id: started.task_id, wait_seconds: 5 }));
      stages.add(task.progress.stage);
      expect(task.progress.log.length).toBeLessThanOrEqual(10);
    }
    expect(task.status, task.error).toBe('completed');
    expect(stages.has('done')).toBe(true);
    // The detail endpoint (its exact name is the builder's choice).
    const get = task.api.endpoints.find((e: any) => e.endpoint_name.startsWith('get_'));
    expect(get, JSON.stringify(task.api.endpoints.map((e: any) => e.endpoint_name))).toBeDefined();
    expect(get.tool).toMatch(new RegExp(`__${get.endpoint_name}$`));

    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name)).toContain(get.tool);
    const answer = await callTool(client, get.tool, get.sample_inputs);
    expect(answer.isError, JSON.stringify(answer.content)).toBeFalsy();
    const title = resultJson(answer).data.title;
    expect(BOOKS.map((b) => b.title)).toContain(title);
  }, 90_000);

  it('revise_api queues a revision that get_task follows to a new version of the same API', async () => {
    const { tasks } = (await t.call('GET', '/dispatch/tasks?status=completed', { key: user.key })).json();
    const built = tasks[0];
    const queued = resultJson(await callTool(client, 'revise_api', { task_id: built.id, revision: 'also return the UPC' }));
    expect(queued).toMatchObject({ revision_type: 'extend', parent_task_id: built.id });
    let task = queued;
    for (let polls = 0; !['completed', 'failed', 'cancelled'].includes(task.status); polls++) {
      expect(polls).toBeLessThan(20);
      task = resultJson(await callTool(client, 'get_task', { task_id: queued.task_id, wait_seconds: 5 }));
    }
    expect(task.status, task.error).toBe('completed');
    expect(task.api.scraper_id).toBe(built.result_scraper_id);
    const get = task.api.endpoints.find((e: any) => e.endpoint_name.startsWith('get_'));
    const answer = resultJson(await callTool(client, get.tool, get.sample_inputs));
    expect(answer.data.upc).toMatch(/^a[0-9a-f]{12}$/);
  }, 90_000);

  it('the build was released to the marketplace: search_marketplace finds it, any key calls the canonical', async () => {
    const found = resultJson(await callTool(client, 'search_marketplace', { query: 'books', limit: 5 }));
    const api = found.apis.find((a: any) => a.source_url.startsWith(site.url));
    expect(api, JSON.stringify(found)).toBeDefined();
    expect(api.canonical_scraper_id).toEqual(expect.any(String));
    const hit = found.endpoints.find((e: any) => e.api_id === api.id && e.endpoint_name.startsWith('get_'));
    expect(hit.input_params.type).toBe('object');
    const stranger = await t.user('developer');
    const theirs = await connectMcp(base, { 'x-api-key': stranger.key });
    try {
      const res = await callTool(theirs, 'call_endpoint', { scraper_id: hit.canonical_scraper_id, endpoint_name: hit.endpoint_name, params: hit.sample_inputs });
      expect(res.isError, JSON.stringify(res.content)).toBeFalsy();
      expect(BOOKS.map((b) => b.title)).toContain(resultJson(res).data.title);
    } finally {
      await theirs.close();
    }
  });

  it('build_api refuses a bad address with the service error', async () => {
    const res = await callTool(client, 'build_api', { url: 'not a url' });
    expect(res.isError).toBe(true);
    expect(resultJson(res)).toMatchObject({ error: 'url must be an absolute http(s) URL', status_code: 422 });
  });
});

/**
 * POST /mcp with the official MCP client over Streamable HTTP against a listening server: key
 * authentication, the platform tools and the caller's endpoint tools, a call end to end against
 * a fixture site (with the same credits as HTTP), tool errors, and other accounts kept apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { booksSite, BOOKS } from '../fixtures/sites/books.js';
import { booksRecipe } from '../execution/recipes.js';
import { publishApi } from '../exports/helpers.js';
import { setBalance, getBalance } from '../../src/services/credits.js';
import { callTool, connectMcp, resultJson } from './helpers.js';

const PLATFORM = ['search_marketplace', 'build_api', 'get_task', 'call_endpoint', 'revise_api', 'remove_api', 'restore_api', 'create_monitor', 'list_monitor_changes', 'find_tools', 'read_more'];

describe('MCP server', () => {
  let t: TestApp;
  let site: FixtureSite;
  let base: string;
  let owner: TestUser;
  let other: TestUser;
  let api: { taskId: string; scraperId: string };
  let client: Client;
  const clients: Client[] = [];
  const connect = async (headers: Record<string, string>) => {
    const c = await connectMcp(base, headers);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    t = await startTestApp();
    site = await startFixtureSite(booksSite());
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await t.user('developer');
    other = await t.user('developer');
    api = await publishApi(t, owner, booksRecipe(site.url));
    client = await connect({ 'x-api-key': owner.key });
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    await t.close();
    await site.close();
  });

  it('introduces itself and lists the platform tools, then one tool per endpoint of the caller', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'quarry', version: '2.0.0' });
    expect(client.getInstructions()).toMatch(/find_tools/);
    const { tools, nextCursor } = await client.listTools();
    expect(nextCursor).toBeUndefined();
    expect(tools.map((x) => x.name)).toEqual([...PLATFORM, 'books_to_scrape__list_books', 'books_to_scrape__get_book', 'books_to_scrape__fetch_path']);
    const get = tools.find((x) => x.name === 'books_to_scrape__get_book')!;
    expect(get.inputSchema).toEqual(booksRecipe(site.url).endpoints[1].input_params);
    // Results are capped text, so the live tools promise no structured output.
    expect(get.outputSchema).toBeUndefined();
    expect(get._meta).toMatchObject({ scraper_id: api.scraperId, endpoint_name: 'get_book', method: 'GET' });
    for (const p of tools.slice(0, PLATFORM.length)) expect(p.inputSchema.type).toBe('object');
  });

  it('calls an endpoint tool end to end against the fixture site, charging like HTTP', async () => {
    const before = await getBalance(t.runtime.deps.db.kysely, owner.userId);
    const fetched = site.requests.length;
    const result = await callTool(client, 'books_to_scrape__list_books', { page: 2 });
    expect(result.isError).toBeFalsy();
    const body = resultJson(result);
    expect(body.status).toBe('success');
    expect(body.data.map((b: any) => b.title)).toEqual(BOOKS.slice(8, 16).map((b) => b.title));
    expect(result._meta).toEqual({ credits_charged: 1, credits_remaining: before - 1 });
    expect(await getBalance(t.runtime.deps.db.kysely, owner.userId)).toBe(before - 1);
    // robots.txt may be read first (it is cached per host).
    expect(site.requests.slice(fetched).map((r) => r.path).filter((p) => p !== '/robots.txt')).toEqual(['/catalogue/page-2.html']);

    const viaCall = await callTool(client, 'call_endpoint', {
      scraper_id: api.scraperId,
      endpoint_name: 'get_book',
      params: { path: '/catalogue/sapiens_1004/index.html' },
    });
    expect(resultJson(viaCall).data.title).toBe('Sapiens');
  });

  it('answers tool errors with the service error body: bad input, unknown version, no credits', async () => {
    const bad = await callTool(client, 'books_to_scrape__get_book', { path: 'not-a-catalogue-path' });
    expect(bad.isError).toBe(true);
    expect(resultJson(bad)).toMatchObject({ error: { status: 'stale_input', kind: 'input_format_invalid' }, status_code: 422 });
    expect(bad._meta).toMatchObject({ status_code: 422, credits_charged: 0 });

    const pinned = await callTool(client, 'call_endpoint', { scraper_id: api.scraperId, endpoint_name: 'list_books', version: 7 });
    expect(resultJson(pinned)).toEqual({ error: expect.stringContaining('no version 7'), status_code: 404 });

    const args = await callTool(client, 'call_endpoint', { scraper_id: api.scraperId, extra: true });
    expect(args.isError).toBe(true);
    expect(resultJson(args)).toMatchObject({ status_code: 422, error: expect.stringMatching(/endpoint_name/) });

    const poor = await t.user('developer');
    const poorApi = await publishApi(t, poor, booksRecipe(site.url));
    await setBalance(t.runtime.deps.db, t.runtime.deps.clock, poor.userId, 0, 'test');
    const poorClient = await connect({ 'x-api-key': poor.key });
    const refused = await callTool(poorClient, 'call_endpoint', { scraper_id: poorApi.scraperId, endpoint_name: 'list_books', params: {} });
    expect(resultJson(refused)).toMatchObject({ error: { credits_required: 1, credits_remaining: 0 }, status_code: 402 });
  });

  it('an unknown tool is a protocol error (-32602)', async () => {
    const err = await client.callTool({ name: 'nobody__nothing', arguments: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(McpError);
    expect((err as McpError).code).toBe(ErrorCode.InvalidParams);
  });

  it("keeps accounts apart: another caller neither lists nor calls the owner's tools", async () => {
    const theirs = await connect({ authorization: `Bearer ${other.key}` });
    const { tools } = await theirs.listTools();
    expect(tools.map((x) => x.name)).toEqual(PLATFORM);
    const err = await theirs.callTool({ name: 'books_to_scrape__list_books', arguments: {} }).catch((e: unknown) => e);
    expect((err as McpError).code).toBe(ErrorCode.InvalidParams);
    const direct = await callTool(theirs, 'call_endpoint', { scraper_id: api.scraperId, endpoint_name: 'list_books' });
    expect(resultJson(direct)).toEqual({ error: `Scraper ${api.scraperId} not found`, status_code: 404 });
    const task = await callTool(theirs, 'get_task', { task_id: api.taskId });
    expect(resultJson(task)).toEqual({ error: `Task ${api.taskId} not found`, status_code: 404 });
    const revise = await callTool(theirs, 'revise_api', { task_id: api.taskId, revision: 'add a field' });
    expect(resultJson(revise).status_code).toBe(404);
  });

  it('get_task shows the API with the tool name of each endpoint', async () => {
    const result = await callTool(client, 'get_task', { task_id: api.taskId });
    const task = resultJson(result);
    expect(task).toMatchObject({ task_id: api.taskId, status: 'completed', progress: { stage: 'done' } });
    expect(task.api.endpoints.map((e: any) => e.tool)).toEqual([
      'books_to_scrape__list_books',
      'books_to_scrape__get_book',
      'books_to_scrape__fetch_path',
    ]);
  });

  it('refuses a missing or invalid key with 401, for the official client and for plain HTTP', async () => {
    for (const headers of [{}, { 'x-api-key': 'pmx_' + 'A'.repeat(43) }, { authorization: 'Bearer nope' }] as Array<Record<string, string>>) {
      const err = await connectMcp(base, headers).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StreamableHTTPError);
      expect((err as StreamableHTTPError).code).toBe(401);
    }
    const res = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
    const body = (await res.json()) as { error: string };
    // Both ways in, in words: a key, or OAuth with where to discover it.
    expect(body.error).toMatch(/X-API-Key header/);
    expect(body.error).toContain(`OAuth (discovery: ${base}/.well-known/oauth-protected-resource/mcp)`);
  });

  it('GET and DELETE /mcp are 405 for a stateless server (401 without a key)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${base}/mcp`, { method, headers: { 'x-api-key': owner.key, accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(((await res.json()) as any).error.code).toBe(-32000);
      expect((await fetch(`${base}/mcp`, { method })).status).toBe(401);
    }
  });

  it('search_marketplace answers empty groups when nothing matches (test/mcp/build.test.ts finds a real release)', async () => {
    const result = await callTool(client, 'search_marketplace', { query: 'zebra crossings in antarctica' });
    expect(result.isError).toBeFalsy();
    expect(resultJson(result)).toMatchObject({ apis: [], endpoints: [] });
  });
});

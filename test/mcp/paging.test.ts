/**
 * The MCP server with big answers and many tools: tools/list pages with cursors, find_tools,
 * and results capped at 24 KB with read_more cursors (whole items for lists, byte slices for
 * other answers), readable only by the caller who made them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, type McpError } from '@modelcontextprotocol/sdk/types.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { RECIPE_FORMAT, type EndpointRecipe, type Recipe } from '../../src/recipe/types.js';
import { RESULT_CAP_BYTES } from '../../src/mcp/result-pages.js';
import { PAGE_SIZE } from '../../src/mcp/server.js';
import { booksRecipe } from '../execution/recipes.js';
import { publishApi } from '../exports/helpers.js';
import { callTool, connectMcp, resultJson } from './helpers.js';

const ITEMS = Array.from({ length: 400 }, (_, i) => ({ name: `Item ${i}`, blurb: `Blurb ${i}: ${'lorem ipsum dolor '.repeat(8).trim()}` }));
// Multi-byte characters everywhere, so a byte cut inside one would show.
const ESSAY = Array.from({ length: 3000 }, (_, i) => `Ligne ${i} été 😀`).join(' ');

function bigSite() {
  return startFixtureSite([
    ['/items', `<ul>${ITEMS.map((x) => `<li class="item"><b>${x.name}</b><p>${x.blurb}</p></li>`).join('')}</ul>`],
    ['/essay', `<html><head><meta charset="utf-8"></head><body><article>${ESSAY}</article></body></html>`],
  ]);
}

const listItems: EndpointRecipe = {
  name: 'list_items',
  method: 'POST',
  description: 'All items of the catalogue',
  input_params: { type: 'object', properties: {} },
  return_schema: { type: 'object' },
  sample_inputs: {},
  steps: [
    { type: 'request', url: '/items' },
    {
      type: 'extract',
      extract: {
        kind: 'list',
        items: 'li.item',
        fields: { name: { sources: [{ css: 'b' }], required: true }, blurb: { sources: [{ css: 'p' }] } },
      },
    },
  ],
};

function bigRecipe(base: string): Recipe {
  return {
    format: RECIPE_FORMAT,
    name: 'Warehouse',
    description: 'A very big catalogue',
    source_url: `${base}/`,
    endpoints: [
      listItems,
      {
        name: 'get_essay',
        method: 'POST',
        description: 'One long essay',
        input_params: { type: 'object', properties: {} },
        return_schema: { type: 'object' },
        sample_inputs: {},
        steps: [{ type: 'request', url: '/essay' }, { type: 'extract', extract: { kind: 'object', fields: { text: { sources: [{ css: 'article' }] } } } }],
      },
    ],
  };
}

/** An API of `n` endpoints named ep_00, ep_01, ... */
function manyEndpoints(base: string, n: number): Recipe {
  const endpoints = Array.from({ length: n }, (_, i) => ({ ...listItems, name: `ep_${String(i).padStart(2, '0')}`, description: `Endpoint number ${i}` }));
  return { format: RECIPE_FORMAT, name: 'Many', description: 'Lots of endpoints', source_url: `${base}/`, endpoints };
}

describe('MCP paging and capping', () => {
  let t: TestApp;
  let site: FixtureSite;
  let base: string;
  let user: TestUser;
  let client: Client;
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    site = await bigSite();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    user = await t.user('company');
    await publishApi(t, user, bigRecipe(site.url));
    await publishApi(t, user, manyEndpoints(site.url, 60));
    // A second API with the same name: its tools get a distinct slug, the older one keeps its own.
    await publishApi(t, user, bigRecipe(site.url));
    await publishApi(t, user, booksRecipe(site.url));
    client = await connectMcp(base, { 'x-api-key': user.key });
    clients.push(client);
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    await t.close();
    await site.close();
  });

  it('lists tools in pages of PAGE_SIZE with a cursor, each tool exactly once', async () => {
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined);
      expect(page.tools.length).toBeLessThanOrEqual(PAGE_SIZE);
      names.push(...page.tools.map((x) => x.name));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    // 11 platform tools + 2 + 60 + 2 + 3 endpoint tools.
    expect(names).toHaveLength(78);
    expect(pages).toBe(2);
    expect(new Set(names).size).toBe(78);
    expect(names.slice(11, 14)).toEqual(['warehouse__list_items', 'warehouse__get_essay', 'many__ep_00']);
    expect(names.filter((n) => n.endsWith('__list_items'))).toEqual(['warehouse__list_items', expect.stringMatching(/^warehouse_[0-9a-f]{8}__list_items$/)]);
    for (const n of names) expect(n).toMatch(/^[A-Za-z0-9_-]{1,64}$/);

    const err = await client.listTools({ cursor: 'garbage' }).catch((e: unknown) => e);
    expect((err as McpError).code).toBe(ErrorCode.InvalidParams);
  });

  it('find_tools finds an API\'s tools by words, best first', async () => {
    const found = resultJson(await callTool(client, 'find_tools', { query: 'get a book by its path', limit: 3 }));
    expect(found.tools[0]).toMatchObject({ name: 'books_to_scrape__get_book', endpoint_name: 'get_book' });
    expect(found.tools[0].inputSchema.required).toEqual(['path']);
    const essay = resultJson(await callTool(client, 'find_tools', { query: 'essays' }));
    expect(essay.tools.map((x: any) => x.endpoint_name)).toEqual(['get_essay', 'get_essay']);
    expect(resultJson(await callTool(client, 'find_tools', { query: 'zebra' }))).toEqual({ tools: [], total: 0 });
    const all = resultJson(await callTool(client, 'find_tools', { limit: 50 }));
    expect([all.tools.length, all.total]).toEqual([50, 67]);
  });

  it('cuts a long list into parts of whole items that read_more walks to the end', async () => {
    const first = await callTool(client, 'warehouse__list_items');
    const parts = [first];
    while (parts.at(-1)!._meta?.has_more) {
      const cursor = parts.at(-1)!._meta!.cursor as string;
      parts.push(await callTool(client, 'read_more', { cursor }));
      expect(parts.length).toBeLessThan(20);
    }
    expect(parts.length).toBeGreaterThan(2);
    const items: unknown[] = [];
    for (const part of parts) {
      const text = (part.content[0] as { text: string }).text;
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(RESULT_CAP_BYTES);
      const body = JSON.parse(text);
      expect(body.status).toBe('success');
      items.push(...body.data);
    }
    expect(items).toEqual(ITEMS);
    expect((first.content[1] as { text: string }).text).toMatch(/^Items 1-\d+ of 400; call read_more/);
    // Credits are charged once, for the call, not for reading its parts.
    expect(first._meta).toMatchObject({ credits_charged: 1, has_more: true });
    expect(parts[1]._meta).not.toHaveProperty('credits_charged');
    // A cursor reads the same part again (an agent may retry).
    const again = await callTool(client, 'read_more', { cursor: first._meta!.cursor as string });
    expect(again.content).toEqual(parts[1].content);
  });

  it('cuts a long text answer into byte slices on character boundaries', async () => {
    const parts = [await callTool(client, 'warehouse__get_essay')];
    while (parts.at(-1)!._meta?.has_more) {
      parts.push(await callTool(client, 'read_more', { cursor: parts.at(-1)!._meta!.cursor as string }));
    }
    expect(parts.length).toBeGreaterThan(2);
    const texts = parts.map((p) => (p.content[0] as { text: string }).text);
    for (const text of texts) {
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(RESULT_CAP_BYTES);
      expect(text).not.toContain('\uFFFD');
    }
    expect(JSON.parse(texts.join('')).data.text).toBe(ESSAY);
    expect((parts.at(-1)!.content[1] as { text: string }).text).toMatch(/the last part/);
  });

  it("a cursor is the caller's own: another account, a made-up or used-up cursor is a 404", async () => {
    const first = await callTool(client, 'warehouse__list_items');
    const cursor = first._meta!.cursor as string;
    const stranger = await t.user('developer');
    const theirs = await connectMcp(base, { 'x-api-key': stranger.key });
    clients.push(theirs);
    for (const [c, cur] of [[theirs, cursor], [client, 'AAAAAAAAAAAAAAAAAAAAAA.1'], [client, 'x']] as const) {
      const res = await callTool(c, 'read_more', { cursor: cur });
      expect(res.isError).toBe(true);
      expect(resultJson(res)).toEqual({ error: 'Unknown or expired cursor: run the original tool again', status_code: 404 });
    }
  });
});

/**
 * remove_api / restore_api over MCP with the official client (issue 27 point 5): the archived
 * API's tools leave the list and its calls are refused with how to restore; other tools keep
 * their names; another account's API is unknown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { booksSite } from '../fixtures/sites/books.js';
import { booksRecipe } from '../execution/recipes.js';
import { publishApi } from '../exports/helpers.js';
import { callTool, connectMcp, resultJson } from './helpers.js';

describe('MCP remove_api and restore_api', () => {
  let t: TestApp;
  let site: FixtureSite;
  let base: string;
  let owner: TestUser;
  let other: TestUser;
  const clients: Client[] = [];
  const connect = async (user: TestUser) => {
    const c = await connectMcp(base, { 'x-api-key': user.key });
    clients.push(c);
    return c;
  };
  const toolNames = async (c: Client) => (await c.listTools()).tools.map((x) => x.name);

  beforeAll(async () => {
    t = await startTestApp({ env: { QUARRY_RATE_LIMITS: '0' } });
    site = await startFixtureSite(booksSite());
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await t.user('developer');
    other = await t.user('developer');
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    await t.close();
    await site.close();
  });

  it('archives an API: its tools go, its calls are refused, restore brings both back under the same names', async () => {
    const first = await publishApi(t, owner, booksRecipe(site.url));
    const second = await publishApi(t, owner, booksRecipe(site.url));
    const client = await connect(owner);
    const before = await toolNames(client);
    expect(before).toEqual(expect.arrayContaining(['remove_api', 'restore_api']));
    const secondTools = before.filter((n) => n.includes('__') && !n.startsWith('books_to_scrape__'));
    expect(secondTools.length).toBeGreaterThan(0);

    const stranger = await callTool(await connect(other), 'remove_api', { scraper_id: first.scraperId });
    expect(stranger.isError).toBe(true);
    expect(resultJson(stranger)).toMatchObject({ status_code: 404 });

    const removed = await callTool(client, 'remove_api', { scraper_id: first.scraperId });
    expect(removed.isError).toBeFalsy();
    expect(resultJson(removed)).toMatchObject({ scraper_id: first.scraperId, archived: true });
    const after = await toolNames(client);
    expect(after.filter((n) => n.startsWith('books_to_scrape__'))).toEqual([]);
    // The other API's tools keep their names: archiving renames nothing.
    expect(after.filter((n) => secondTools.includes(n))).toEqual(secondTools);
    const refused = await callTool(client, 'call_endpoint', { scraper_id: first.scraperId, endpoint_name: 'list_books' });
    expect(refused.isError).toBe(true);
    expect(resultJson(refused)).toMatchObject({ status_code: 404, error: expect.stringContaining('restore') });

    const restored = await callTool(client, 'restore_api', { scraper_id: first.scraperId });
    expect(resultJson(restored)).toEqual({ scraper_id: first.scraperId, archived: false, archived_at: null });
    expect(await toolNames(client)).toEqual(before);
    expect(second.scraperId).not.toBe(first.scraperId);
  });
});

/** GET /dispatch/tasks/{task_id}/export/mcp: the tool objects of decisions.md for a completed API. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { booksRecipe } from '../execution/recipes.js';
import { publishApi, sessionRecipe } from './helpers.js';

const BASE = 'http://127.0.0.1:9';
const NAME = /^[A-Za-z0-9_-]{1,64}$/;

describe('MCP export', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.user('developer');
    other = await t.user('developer');
  });
  afterAll(async () => t.close());

  it('maps each endpoint to a tool object with its schemas, annotations and _meta', async () => {
    const recipe = booksRecipe(BASE);
    const { taskId, scraperId } = await publishApi(t, owner, recipe);
    const res = await t.call('GET', `/dispatch/tasks/${taskId}/export/mcp`, { key: owner.key });
    expect(res.statusCode).toBe(200);
    const { tools } = res.json();
    expect(tools.map((x: any) => x.name)).toEqual(['books_to_scrape__list_books', 'books_to_scrape__get_book', 'books_to_scrape__fetch_path']);
    const get = tools[1];
    expect(get).toEqual({
      name: 'books_to_scrape__get_book',
      description: expect.stringContaining('One book by its path'),
      inputSchema: recipe.endpoints[1].input_params,
      outputSchema: recipe.endpoints[1].return_schema,
      annotations: { title: 'Books to Scrape: get_book', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
      _meta: {
        scraper_id: scraperId,
        endpoint_name: 'get_book',
        method: 'GET',
        execution_url: `${t.config.publicUrl}/scraper/${scraperId}/get_book`,
        initiates_session: false,
        depends_on_session: null,
      },
    });
    expect(tools[2].description).toMatch(/2 credits per successful call/);
  });

  it('gives a login-protected API the session arguments and links the tools', async () => {
    const { taskId } = await publishApi(t, owner, sessionRecipe(BASE));
    const { tools } = (await t.call('GET', `/dispatch/tasks/${taskId}/export/mcp`, { key: owner.key })).json();
    const [orders, login] = tools;
    // The slug folds the accent of "Área".
    expect(login.name).toBe('members_area__login');
    expect(login._meta).toMatchObject({ initiates_session: true, depends_on_session: null, method: 'POST' });
    expect(login.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
    expect(orders._meta.depends_on_session).toBe('login');
    expect(orders.inputSchema.required).toEqual(['session_id', 'encryption_key']);
    expect(Object.keys(orders.inputSchema.properties)).toEqual(['page', 'session_id', 'encryption_key']);
    expect(orders.description).toContain('members_area__login');
  });

  it('keeps names within 64 characters of [A-Za-z0-9_-], distinct even when cut', async () => {
    const recipe = booksRecipe(BASE);
    const long = 'list_' + 'x'.repeat(55);
    recipe.name = 'An Extremely Long API Name That Goes On And On Forever';
    recipe.endpoints = [
      { ...recipe.endpoints[0], name: `${long}_a` },
      { ...recipe.endpoints[0], name: `${long}_b` },
      recipe.endpoints[1],
    ];
    const { taskId } = await publishApi(t, owner, recipe);
    const { tools } = (await t.call('GET', `/dispatch/tasks/${taskId}/export/mcp`, { key: owner.key })).json();
    const names = tools.map((x: any) => x.name);
    for (const n of names) expect(n).toMatch(NAME);
    expect(new Set(names).size).toBe(3);
    expect(names[2]).toBe('an_extremely_long_api_name_tha__get_book');
  });

  it('is 409 before the task completes, 404 for unknown and foreign tasks', async () => {
    const queued = (await t.call('POST', '/dispatch', { key: owner.key, body: { url: `${BASE}/`, task: 'x' } })).json().task_id;
    const res = await t.call('GET', `/dispatch/tasks/${queued}/export/mcp`, { key: owner.key });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: expect.stringMatching(/queued/), status_code: 409 });
    expect((await t.call('GET', '/dispatch/tasks/nope/export/mcp', { key: owner.key })).statusCode).toBe(404);
    const { taskId } = await publishApi(t, owner, booksRecipe(BASE));
    const theirs = await t.call('GET', `/dispatch/tasks/${taskId}/export/mcp`, { key: other.key });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: `Task ${taskId} not found`, status_code: 404 });
  });
});

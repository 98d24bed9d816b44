/**
 * The dashboard in a real browser against the real service on 127.0.0.1: the whole journey
 * (sign up -> disclaimer -> key -> build a fixture site with live progress -> playground ->
 * subscribe -> preview and merge an update -> revoke the key), then the refusals (wrong
 * password, expired session, a POST from another origin), then OAuth through the pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, discoverAuthorizationServerMetadata, refreshAuthorization } from '@modelcontextprotocol/sdk/client/auth.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { booksSite } from '../fixtures/sites/books.js';
import { contribute } from '../marketplace/helpers.js';
import { getProduct, listProducts, shopRecipe, shopSite } from '../marketplace/fixtures.js';
import { MemoryOAuthProvider } from '../oauth/helpers.js';
import { transitionTask } from '../../src/services/task-state.js';
import { buildWeb, launch, screenshot, watchProblems } from './browser.js';

describe('the dashboard in a browser', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let books: FixtureSite;
  let shop: FixtureSite;
  let seller: TestUser;
  const metrics: Record<string, number> = {};

  beforeAll(async () => {
    buildWeb();
    [t, browser, books, shop] = await Promise.all([
      startTestApp({ startWorker: true, env: { QUARRY_BUILD_TIME_BUDGET_MS: '30000' } }),
      launch(),
      startFixtureSite(booksSite()),
      startFixtureSite(shopSite()),
    ]);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    seller = await t.user('developer');
    await contribute(t, seller, shopRecipe(shop.url, [getProduct({ name: 'string', price: 'number' })]));
  }, 120_000);
  afterAll(async () => {
    console.log('dashboard metrics', JSON.stringify(metrics));
    await browser?.close();
    await t?.close();
    await books?.close();
    await shop?.close();
  });

  const newPage = async (): Promise<{ context: BrowserContext; page: Page; problems: string[] }> => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return { context, page, problems: watchProblems(page) };
  };
  const signUp = async (page: Page, email: string) => {
    await page.goto(`${base}/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a long password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'My APIs and tasks' }).waitFor();
  };

  it('signs up, accepts the disclaimer, creates a key, builds with live progress, calls, subscribes, merges an update, revokes the key', async () => {
    const { context, page, problems } = await newPage();
    const index = await page.goto(`${base}/`);
    expect(index?.headers()['content-security-policy']).toContain("script-src 'self'");
    await signUp(page, 'web-journey@example.test');
    await page.getByText('You have no APIs yet.').waitFor();

    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Accept the disclaimer' }).click();
    await page.getByTestId('disclaimer-status').waitFor();

    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByText('You have no API keys.').waitFor();
    await page.getByLabel('Name').fill('laptop');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-key').textContent()) ?? '';
    expect(key).toMatch(/^pmx_/);
    expect((await fetch(`${base}/account`, { headers: { 'x-api-key': key } })).status).toBe(200);

    // The build page: time to its first render, then a real build of the fixture site.
    const started = Date.now();
    await page.goto(`${base}/build`);
    await page.getByRole('heading', { name: 'Build an API' }).waitFor();
    metrics.build_page_first_render_ms = Date.now() - started;
    metrics.build_page_fcp_ms = await page.evaluate(
      // Runs in the page (DOM typings are not in this project's lib).
      () => (globalThis as any).performance.getEntriesByType('paint').find((e: { name: string }) => e.name === 'first-contentful-paint')?.startTime ?? -1,
    );
    await page.getByLabel('Website address').fill(`${books.url}/`);
    await page.getByLabel('What data do you want?').fill('Get the book details from each book page: title, price, availability');
    await page.getByRole('button', { name: 'Build', exact: true }).click();
    await page.getByRole('heading', { name: /Build progress/ }).waitFor();
    const stages = new Set<string>();
    const seen = setInterval(() => void page.getByTestId('stage').textContent().then((s) => s && stages.add(s), () => undefined), 100);
    await page.getByRole('link', { name: 'Open the API' }).waitFor({ timeout: 60_000 });
    clearInterval(seen);
    expect(await page.getByTestId('stage').textContent()).toBe('done');
    metrics.stages_seen_live = stages.size;
    // The stream carried the build's details too: per-endpoint status and the log.
    await page.locator('.list .badge-passed').first().waitFor();
    expect(await page.locator('ol.log li').count()).toBeGreaterThan(2);

    // The playground: prefilled with the sample inputs, answers with status, credits and time.
    await page.getByRole('link', { name: 'Open the API' }).click();
    const endpoint = page.locator('details.endpoint').first();
    await endpoint.locator('summary').click();
    await endpoint.getByRole('button', { name: 'Call' }).click();
    await endpoint.getByTestId('answer').waitFor();
    expect(await endpoint.getByTestId('answer').textContent()).toContain('Status 200');
    expect(await endpoint.getByTestId('credits-charged').textContent()).toBe('1');
    // The exports to copy, then ask for a revision and follow it (cancelled here: its outcome is the revisions suite's).
    await page.getByRole('button', { name: 'OpenAPI' }).click();
    expect(await page.locator('pre.export').textContent()).toContain('"openapi": "3.1');
    await page.getByRole('button', { name: 'SDK example' }).click();
    await page.locator('pre.export', { hasText: 'import' }).waitFor();
    const apiUrl = page.url();
    await page.getByLabel('Ask for a change').fill('also return the rating of each book');
    await page.getByRole('button', { name: 'Request revision' }).click();
    await page.getByRole('heading', { name: /Build progress/ }).waitFor();
    expect(page.url()).not.toBe(apiUrl);
    const cancel = page.getByRole('button', { name: 'Cancel build' });
    if (await cancel.isVisible()) await cancel.click().catch(() => undefined);
    await page.locator('h1 .badge-cancelled, h1 .badge-completed, h1 .badge-failed').waitFor({ timeout: 30_000 });

    // Subscribe to a marketplace API, then the canonical moves on: preview and merge.
    await page.getByRole('link', { name: 'Marketplace' }).click();
    await page.getByRole('link', { name: 'Kaffee Laden' }).click();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('heading', { name: 'Kaffee Laden' }).waitFor();
    await page.getByTestId('no-updates').waitFor();
    const copyUrl = page.url();
    await contribute(t, seller, shopRecipe(shop.url, [getProduct({ name: 'string', price: 'number' }), listProducts({ name: 'string' })]));
    await page.getByRole('link', { name: 'My APIs' }).click();
    await page.getByRole('link', { name: 'Kaffee Laden' }).first().click();
    expect(page.url()).toBe(copyUrl);
    const update = page.locator('[data-update="list_products"]');
    await update.getByRole('button', { name: 'Preview' }).click();
    await update.getByTestId('preview').waitFor();
    expect(await update.getByTestId('preview').textContent()).toContain('"status"');
    await update.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Merge chosen' }).click();
    expect(await page.getByTestId('merge-note').textContent()).toContain('Merged 1');
    await page.locator('details.endpoint[data-endpoint="list_products"]').waitFor();
    // Roll the merge back: the endpoint leaves the copy and is offered again, without a reload.
    await page.getByRole('button', { name: 'Roll back last merge' }).click();
    await page.getByTestId('merge-note').filter({ hasText: 'rolled back' }).waitFor();
    await page.locator('[data-update="list_products"]').waitFor();
    await page.locator('details.endpoint[data-endpoint="list_products"]').waitFor({ state: 'detached' });

    // Revoke the key: refused at once.
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('button', { name: /Revoke key laptop/ }).click();
    await page.getByText('You have no API keys.').waitFor();
    expect((await fetch(`${base}/account`, { headers: { 'x-api-key': key } })).status).toBe(401);

    await page.getByRole('link', { name: 'Usage' }).click();
    await page.getByTestId('total-calls').waitFor();
    expect(Number(await page.getByTestId('total-calls').textContent())).toBeGreaterThanOrEqual(1);
    expect(problems).toEqual([]);
    await screenshot(page, 'journey');
    await context.close();
  }, 110_000);

  it('says a wrong password next to the field, sends an expired session back to log in, refuses a POST from another origin', async () => {
    const { context, page, problems } = await newPage();
    await signUp(page, 'web-refusals@example.test');
    // The dashboard's own state changes pass (same-origin, no token) ...
    const own = await page.evaluate(async () => (await fetch('/account/disclaimer', { method: 'POST' })).status);
    expect(own).toBe(200);
    // ... a page of another origin on the same host (same-site, so the Lax cookie IS sent) is refused by Fetch Metadata: 403, nothing created.
    const other = await context.newPage();
    await other.goto(books.url);
    const refused = other.waitForResponse((r) => r.url() === `${base}/account/api-key`);
    await other.evaluate(async (target) => {
      await fetch(target, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: '{}' });
    }, `${base}/account/api-key`);
    // 403, not 401: the browser did send the session cookie, and Fetch Metadata refused it (the opaque answer has no body to read).
    expect((await refused).status()).toBe(403);
    await other.close();
    const keys = await page.evaluate(async () => ((await (await fetch('/account/api-keys')).json()) as { keys: unknown[] }).keys.length);
    expect(keys).toBe(0);

    // The session expires while the page is open: the next request sends the person to log in.
    await t.testDb.db.kysely.updateTable('web_sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe('/keys');

    await page.getByLabel('Email').fill('web-refusals@example.test');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const fieldError = page.locator('.field', { has: page.getByLabel('Password') }).getByRole('alert');
    await fieldError.waitFor();
    expect(await fieldError.textContent()).toBe('Invalid email or password');

    // Keyboard only: from the email field, Tab to the password, Enter submits.
    await page.getByLabel('Password').fill('');
    await page.getByLabel('Email').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.type('a long password');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    // Dark and light follow the system setting.
    const background = () => page.evaluate(() => (globalThis as any).getComputedStyle((globalThis as any).document.body).backgroundColor as string);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await background()).toBe('rgb(17, 19, 23)');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await background()).toBe('rgb(246, 247, 249)');
    expect(problems).toEqual([]);
    await screenshot(page, 'refusals');
    await context.close();
  }, 60_000);

  it('connects an MCP client through the log-in and consent pages, and revokes it from the account page', async () => {
    const { context, page, problems } = await newPage();
    const redirect = 'http://127.0.0.1:9/callback';
    const provider = new MemoryOAuthProvider(redirect);
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: provider });
    await expect(new Client({ name: 'browser-oauth', version: '1' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);

    let code = '';
    await page.route(`${redirect}**`, async (route) => {
      code = new URL(route.request().url()).searchParams.get('code') ?? '';
      await route.fulfill({ body: 'back in the client' });
    });
    await page.goto(String(provider.authorizationUrl));
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.getByRole('link', { name: 'Sign up' }).last().click();
    await page.getByLabel('Email').fill('web-oauth@example.test');
    await page.getByLabel('Password').fill('a long password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: /Allow Test MCP client/ }).waitFor();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByText('back in the client').waitFor();
    expect(code).toMatch(/^qoc_/);

    await transport.finishAuth(code);
    const client = new Client({ name: 'browser-oauth', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: provider }));
    expect((await client.listTools()).tools.map((x) => x.name)).toContain('search_marketplace');
    const found = await client.callTool({ name: 'search_marketplace', arguments: { query: 'kaffee' } });
    expect(JSON.stringify(found.content)).toContain('Kaffee');
    const metadata = await discoverAuthorizationServerMetadata(base);
    const fresh = await refreshAuthorization(base, { metadata, clientInformation: provider.info!, refreshToken: provider.saved!.refresh_token! });
    provider.saveTokens(fresh);

    await page.goto(`${base}/settings`);
    await page.getByText('Test MCP client').waitFor();
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('No application is connected.').waitFor();
    const after = new Client({ name: 'browser-oauth', version: '1' });
    await expect(after.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: provider }))).rejects.toThrow();
    expect(problems).toEqual([]);
    await screenshot(page, 'oauth');
    await context.close();
  }, 60_000);

  it('shows the credentials form of a task waiting for input, says what is missing, sends it, and cancels', async () => {
    // Its own service without a worker, so the task stays where the test puts it.
    const quiet = await startTestApp();
    let open: BrowserContext | null = null;
    try {
      await quiet.app.listen({ host: '127.0.0.1', port: 0 });
      const qbase = `http://127.0.0.1:${(quiet.app.server.address() as { port: number }).port}`;
      const owner = await quiet.user('developer');
      const { context, page, problems } = await newPage();
      open = context;
      const session = /quarry_session=([^;]+)/.exec(owner.cookie)![1];
      await context.addCookies([
        { name: 'quarry_session', value: session, url: qbase, httpOnly: true, sameSite: 'Lax' },
      ]);
      const taskId = (await quiet.call('POST', '/dispatch', { key: owner.key, body: { url: 'https://members.example/', task: 'my orders' } })).json().task_id;
      const prompt = {
        kind: 'credentials',
        message: 'members.example needs a log-in to show your orders.',
        fields: [
          { name: 'username', label: 'Username', type: 'text', required: true },
          { name: 'password', label: 'Password', type: 'password', required: true },
        ],
        asked_at: new Date().toISOString(),
      };
      await transitionTask(quiet.runtime.deps.db.kysely, quiet.runtime.deps.clock, taskId, 'needs_input', { user_input_prompt: JSON.stringify(prompt) });

      await page.goto(`${qbase}/build/${taskId}`);
      await page.getByRole('heading', { name: 'The site needs a login' }).waitFor();
      await page.getByText(prompt.message).waitFor();
      await page.getByLabel('Username').fill('ada');
      await page.getByRole('button', { name: 'Send' }).click();
      const passwordError = page.locator('.field', { has: page.getByLabel('Password') }).getByRole('alert');
      await passwordError.waitFor();
      expect(await passwordError.textContent()).toBe('Enter the password.');
      await page.getByLabel('Password').fill('s3cret');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Sent. The build continues.').waitFor();
      await page.locator('h1 .badge-queued').waitFor();
      // The answer waits for the worker sealed (docs/sessions.md): never in the task row, never in clear.
      const k = quiet.runtime.deps.db.kysely;
      const row = await k.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain('s3cret');
      const sealed = await k.selectFrom('task_logins').select('secret').where('task_id', '=', taskId).executeTakeFirstOrThrow();
      expect(sealed.secret).toBeTruthy();
      expect(sealed.secret).not.toContain('s3cret');

      await page.getByRole('button', { name: 'Cancel build' }).click();
      await page.getByText('The build was cancelled.').waitFor();
      expect(problems).toEqual([]);
      await screenshot(page, 'needs-input');
    } finally {
      // The page's event stream must end before the service can close.
      await open?.close();
      await quiet.close();
    }
  }, 60_000);
});

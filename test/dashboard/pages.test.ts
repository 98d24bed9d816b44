/**
 * The dashboard pages issue 27 fixed, in a real browser against the real service: the build page
 * follows its task (a refused login brings the form back with the site's message), the
 * playground calls a login-protected API with the session a login call answers, and messages
 * say what is meant in words. Each test saves a screenshot of its page under ./screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { ACCOUNT, ORDERS, loginShop } from '../fixtures/sites/login-shop.js';
import { shopRecipe as loginShopRecipe } from '../auth-sites/recipes.js';
import { contribute } from '../marketplace/helpers.js';
import { getProduct, shopRecipe, shopSite } from '../marketplace/fixtures.js';
import { transitionTask } from '../../src/services/task-state.js';
import { buildWeb, launch, screenshot, watchProblems } from './browser.js';
import { logIn, seedApi } from './seed.js';

describe('dashboard pages (issue 27)', () => {
  // No worker: tasks stay where a test puts them.
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let site: FixtureSite;
  let market: FixtureSite;
  let owner: TestUser;

  beforeAll(async () => {
    buildWeb();
    [t, browser, site, market] = await Promise.all([
      startTestApp({ env: { QUARRY_RATE_LIMITS: '0' } }),
      launch(),
      startFixtureSite(loginShop('form').routes),
      startFixtureSite(shopSite()),
    ]);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    owner = await t.user('developer');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await site?.close();
    await market?.close();
  });

  const open = async (user: TestUser | null): Promise<{ context: BrowserContext; page: Page; problems: string[] }> => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    if (user) await logIn(context, base, user);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return { context, page, problems: watchProblems(page) };
  };

  it('follows the task live: a refused login brings the credentials form back with the site’s message; "Live" goes when the task ends', async () => {
    const { context, page, problems } = await open(owner);
    try {
      const k = t.runtime.deps.db.kysely;
      const clock = t.runtime.deps.clock;
      const taskId = (await t.call('POST', '/dispatch', { key: owner.key, body: { url: 'https://members.example/', task: 'my orders' } })).json().task_id;
      const ask = (message: string) =>
        JSON.stringify({
          kind: 'credentials',
          message,
          fields: [
            { name: 'username', label: 'Email address', type: 'email', required: true },
            { name: 'password', label: 'Password', type: 'password', required: true },
          ],
          asked_at: new Date().toISOString(),
        });
      await transitionTask(k, clock, taskId, 'needs_input', { user_input_prompt: ask('members.example needs a log-in to show your orders.') });

      await page.goto(`${base}/build/${taskId}`);
      await page.getByText('members.example needs a log-in').waitFor();
      await page.getByText('Live: updates appear as the build runs.').waitFor();
      // Sent empty: what is missing is said in words next to each field, and nothing is sent.
      await page.getByRole('button', { name: 'Send' }).click();
      const errorOf = (label: string) => page.locator('.field', { has: page.getByLabel(label, { exact: true }) }).getByRole('alert');
      expect(await errorOf('Email address').textContent()).toBe('Enter the email address.');
      expect(await errorOf('Password').textContent()).toBe('Enter the password.');
      expect((await k.selectFrom('tasks').select('status').where('id', '=', taskId).executeTakeFirstOrThrow()).status).toBe('needs_input');
      // The password is masked until asked to show it.
      expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
      await page.getByLabel('Email address').fill('ada@example.test');
      await page.getByLabel('Password', { exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: 'Show' }).click();
      expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Sent. The build continues.').waitFor();
      await page.locator('h1 .badge-queued').waitFor();

      // The worker tries the login and the site refuses it: the task asks again, with the site's words.
      await transitionTask(k, clock, taskId, 'running');
      await transitionTask(k, clock, taskId, 'needs_input', { user_input_prompt: ask('The site refused the log-in: “Wrong email or password.” Check them and send again.') });
      await page.getByText('Wrong email or password.').waitFor();
      await page.getByRole('heading', { name: 'The site needs a login' }).waitFor();
      expect(await page.getByText('Sent. The build continues.').count()).toBe(0);
      expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
      await screenshot(page, 'refused-login');

      // The task ends (here: the site went away): the live line goes, the reason and what to try come.
      await transitionTask(k, clock, taskId, 'failed', { error: 'The site could not be reached (connection refused).' });
      await page.getByText(/The build failed: The site could not be reached/).waitFor();
      expect(await page.getByRole('alert').filter({ hasText: 'build failed' }).textContent()).toContain('Check the address');
      expect(await page.getByText('Live: updates appear').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Cancel build' }).count()).toBe(0);
      expect(problems).toEqual([]);
      await screenshot(page, 'failed-unreachable');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('calls a login-protected API from the playground: the login answer fills session_id and encryption_key, secrets are masked, an empty number is not sent', async () => {
    const { taskId } = await seedApi(t, owner, loginShopRecipe(site.url));
    const { context, page, problems } = await open(owner);
    try {
      const sent: Array<{ url: string; body: string | null; headers: Record<string, string> }> = [];
      page.on('request', (r) => {
        if (r.url().includes('/scraper/')) sent.push({ url: r.url(), body: r.postData(), headers: r.headers() });
      });
      await page.goto(`${base}/apis/${taskId}`);
      await page.getByRole('heading', { name: 'Quarry Test Shop' }).waitFor();
      const card = page.getByTestId('session-card');
      expect(await card.getByLabel('encryption_key').getAttribute('type')).toBe('password');

      const login = page.locator('details.endpoint[data-endpoint="login"]');
      await login.locator('summary').click();
      const password = login.getByLabel(/^password/);
      expect(await password.getAttribute('type')).toBe('password');
      await login.getByLabel(/^username/).fill(ACCOUNT.email);
      await password.fill(ACCOUNT.password);
      await login.getByRole('button', { name: 'Call' }).click();
      await login.getByTestId('answer').filter({ hasText: 'Status 200' }).waitFor();
      const sessionId = await card.getByLabel('session_id').inputValue();
      expect(sessionId).toMatch(/^ses_/);
      expect(await card.getByLabel('encryption_key').inputValue()).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const orders = page.locator('details.endpoint[data-endpoint="list_orders"]');
      await orders.locator('summary').click();
      await orders.getByLabel(/^page/).fill('');
      await orders.getByRole('button', { name: 'Call' }).click();
      await orders.getByTestId('answer').filter({ hasText: 'Status 200' }).waitFor();
      const text = (await orders.getByTestId('answer').textContent()) ?? '';
      expect(text).toContain(ORDERS[0].number);
      const call = sent.find((s) => s.url.endsWith('/list_orders'))!;
      expect(call.body).toBe('{}');
      expect(call.headers['x-session-id']).toBe(sessionId);
      expect(call.headers['x-encryption-key']).toBeTruthy();
      expect(JSON.stringify(sent)).not.toContain('NaN');
      expect(problems).toEqual([]);
      await screenshot(page, 'playground-session');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows how sure the build is of each field: a badge per field, its level, and what the score is made of', async () => {
    const endpoint = getProduct({ name: 'string', price: 'number' });
    endpoint.field_confidence = {
      name: { score: 0.96, from: 'jsonld Product.name', coverage: 1, agreement: 1, pages: 5 },
      price: { score: 0.32, from: 'css .price', coverage: 0.4, agreement: 0, pages: 5 },
    };
    const { taskId } = await seedApi(t, owner, shopRecipe(market.url, [endpoint], 'Sure Shop'));
    const { context, page, problems } = await open(owner);
    try {
      await page.goto(`${base}/apis/${taskId}`);
      await page.getByRole('heading', { name: 'Sure Shop' }).waitFor();
      const card = page.locator('details.endpoint[data-endpoint="get_product"]');
      await card.locator('summary').click();
      const badges = card.getByTestId('field-confidence');
      await badges.waitFor();
      const name = badges.locator('[data-field="name"]');
      const price = badges.locator('[data-field="price"]');
      expect(await name.textContent()).toBe('name 96%');
      expect(await name.getAttribute('class')).toContain('conf-high');
      expect(await price.textContent()).toBe('price 32%');
      expect(await price.getAttribute('class')).toContain('conf-low');
      expect(await price.getAttribute('title')).toBe('confidence 32%, from css .price, found on 40% of pages, 0% agreement, 5 pages checked');
      expect(problems).toEqual([]);
      await screenshot(page, 'field-confidence');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('says what an empty log-in form lacks in words, and counts “1 API”', async () => {
    await contribute(t, owner, shopRecipe(market.url, [getProduct({ name: 'string', price: 'number' })]));
    const { context, page, problems } = await open(null);
    try {
      await page.goto(`${base}/login`);
      await page.getByRole('button', { name: 'Log in' }).click();
      const errorOf = (label: string) => page.locator('.field', { has: page.getByLabel(label, { exact: true }) }).getByRole('alert');
      expect(await errorOf('Email').textContent()).toBe('Enter your email address.');
      expect(await errorOf('Password').textContent()).toBe('Enter your password.');
      await screenshot(page, 'login-empty');
      await page.goto(`${base}/market`);
      await page.getByText('1 API', { exact: true }).waitFor();
      await page.getByText('1 endpoint', { exact: false }).first().waitFor();
      expect(await page.getByText('1 APIs').count()).toBe(0);
      expect(problems).toEqual([]);
      await screenshot(page, 'market-plural');
    } finally {
      await context.close();
    }
  }, 60_000);
});

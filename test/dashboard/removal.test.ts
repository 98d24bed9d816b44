/**
 * Removing in the dashboard, in real Chromium against the real service (issue 27 points 5 and
 * 7): the API page archives an API after asking once (its calls then refused) and restores it;
 * the task list deletes a failed task; the usage page shows calls, errors and credits per API.
 * Screenshots under ./screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { getProduct, shopRecipe, shopSite } from '../marketplace/fixtures.js';
import { buildWeb, launch, screenshot, watchProblems } from './browser.js';
import { logIn, seedApi } from './seed.js';

describe('dashboard: removing APIs and tasks, usage per API', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let shop: FixtureSite;
  let owner: TestUser;

  beforeAll(async () => {
    buildWeb();
    [t, browser, shop] = await Promise.all([startTestApp({ env: { QUARRY_RATE_LIMITS: '0' } }), launch(), startFixtureSite(shopSite())]);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    owner = await t.user('developer');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await shop?.close();
  });

  const open = async (user: TestUser): Promise<{ context: BrowserContext; page: Page; problems: string[] }> => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await logIn(context, base, user);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return { context, page, problems: watchProblems(page) };
  };

  it('archives an API after asking once, refuses its calls, and restores it', async () => {
    const { taskId, scraperId } = await seedApi(t, owner, shopRecipe(shop.url, [getProduct({ name: 'string', price: 'number' })], 'Kaffee Archiv'));
    const { context, page, problems } = await open(owner);
    try {
      await page.goto(`${base}/apis/${taskId}`);
      await page.getByRole('heading', { name: 'Kaffee Archiv' }).waitFor();
      await page.getByRole('button', { name: 'Archive this API' }).click();
      await page.getByText('A version published to the marketplace stays there for its subscribers.').waitFor();
      await page.getByRole('button', { name: 'Yes, archive it' }).click();
      const note = page.getByTestId('archived');
      await note.waitFor();
      expect(await note.textContent()).toMatch(/Archived on .*Its endpoints no longer answer your calls/);
      await screenshot(page, 'removal-archived');
      const refused = await t.call('POST', `/scraper/${scraperId}/get_product`, { key: owner.key, body: { id: 1 } });
      expect(refused.statusCode).toBe(404);
      // A reload reads the archive from the task.
      await page.reload();
      await page.getByTestId('archived').waitFor();
      await page.getByRole('button', { name: 'Restore this API' }).click();
      await page.getByRole('button', { name: 'Archive this API' }).waitFor();
      expect((await t.call('POST', `/scraper/${scraperId}/get_product`, { key: owner.key, body: { id: 1 } })).statusCode).toBe(200);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('deletes a failed task from the list', async () => {
    const user = await t.user('developer');
    const { taskId } = await seedApi(t, user, shopRecipe(`${shop.url}/failed`, [getProduct({ name: 'string' })], 'Kaffee Fehler'), 'failed');
    const { context, page, problems } = await open(user);
    try {
      await page.goto(`${base}/apis`);
      const row = page.locator(`li[data-task="${taskId}"]`);
      await row.waitFor();
      await screenshot(page, 'removal-task-list');
      await row.getByRole('button', { name: /Delete the failed task/ }).click();
      await row.waitFor({ state: 'detached' });
      expect((await t.call('GET', `/dispatch/tasks/${taskId}`, { key: user.key })).statusCode).toBe(404);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows usage per API', async () => {
    const user = await t.user('developer');
    const { scraperId } = await seedApi(t, user, shopRecipe(`${shop.url}/usage`, [getProduct({ name: 'string' })], 'Kaffee Nutzung'));
    for (const id of [1, 2, 999]) await t.call('POST', `/scraper/${scraperId}/get_product`, { key: user.key, body: { id } });
    const { context, page, problems } = await open(user);
    try {
      await page.goto(`${base}/usage`);
      const row = page.getByTestId('usage-apis').locator(`tr[data-scraper="${scraperId}"]`);
      await row.waitFor();
      const cells = await row.locator('td').allTextContents();
      expect(cells[0]).toBe('Kaffee Nutzung');
      expect(cells.slice(1, 3)).toEqual(['3', '1']);
      expect(Number(cells[3])).toBeGreaterThan(0);
      await screenshot(page, 'removal-usage-per-api');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

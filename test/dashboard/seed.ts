/**
 * What the dashboard's page tests start from, made without the builder: an API imported from a
 * recipe with the completed task the dashboard shows it by, and a browser context logged in.
 */
import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import type { TestApp, TestUser } from '../helpers/app.js';
import { newTaskRow } from '../../src/services/task-rows.js';
import { newId } from '../../src/clock.js';

/** Imports `recipe` as `user`'s API and records the completed task of it; returns both ids. */
export async function seedApi(t: TestApp, user: TestUser, recipe: { source_url: string }, status: 'completed' | 'failed' = 'completed'): Promise<{ taskId: string; scraperId: string }> {
  const res = await t.call('POST', '/scrapers', { key: user.key, body: recipe });
  expect(res.statusCode, res.body).toBe(201);
  const scraperId = res.json().scraper_id as string;
  const taskId = newId();
  const now = new Date().toISOString();
  await t.runtime.deps.db.kysely
    .insertInto('tasks')
    .values(
      newTaskRow({
        id: taskId,
        user_id: user.userId,
        url: recipe.source_url,
        task: 'seeded for the dashboard tests',
        now,
        status,
        result_scraper_id: status === 'completed' ? scraperId : null,
        error: status === 'failed' ? 'The site could not be reached (connection refused).' : null,
      }),
    )
    .execute();
  return { taskId, scraperId };
}

/** The user's dashboard session in the browser context (as after a log-in). */
export async function logIn(context: BrowserContext, base: string, user: TestUser): Promise<void> {
  const session = /quarry_session=([^;]+)/.exec(user.cookie)![1];
  await context.addCookies([
    { name: 'quarry_session', value: session, url: base, httpOnly: true, sameSite: 'Lax' },
    // Double-submit CSRF (until Fetch Metadata replaces it): any value the page repeats passes.
    { name: 'quarry_csrf', value: 'dashboard-test', url: base, sameSite: 'Lax' },
  ]);
}

/**
 * A programming error inside a build stage ends the task `failed` with an error naming the
 * stage, through dispatch -> queue -> build job (not as "nothing found", not as a retried fault).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { booksSite } from '../fixtures/sites/books.js';
import { build } from './helpers.js';
import type * as ListEndpoints from '../../src/builder/list-endpoints.js';

// The list planner with a bug: it reads a property of undefined.
vi.mock('../../src/builder/list-endpoints.js', async (importOriginal) => ({
  ...(await importOriginal<typeof ListEndpoints>()),
  planListEndpoints: (): never => (undefined as unknown as { plans: never }).plans,
}));

describe('a build stage with a programming error', () => {
  let t: TestApp;
  let u: TestUser;
  let site: FixtureSite;

  beforeAll(async () => {
    t = await startTestApp({ startWorker: true, env: { QUARRY_BUILD_TIME_BUDGET_MS: '30000' } });
    u = await t.user('developer');
    site = await startFixtureSite(booksSite());
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('fails the task saying which stage, with the internal error', async () => {
    const task = await build(t, u, `${site.url}/`, 'list the books with title and price');
    expect(task.status).toBe('failed');
    expect(task.error).toMatch(/^Internal error while generating: Cannot read properties of undefined \(reading 'plans'\)/);
    expect(task.error).not.toMatch(/nothing matching/i);
    expect(task.progress.stage).toBe('generating');
  });
});

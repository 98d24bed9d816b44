/**
 * The same verbs in the SDK and the user CLI against a real server (issue 27 points 5 and 7):
 * removeApi / restoreApi / deleteTask / usageByApi, and `quarry-user apis remove|restore`,
 * `tasks delete`, `usage --by-api`, with the service's refusals as typed errors and exit 1.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, Quarry } from '../../packages/sdk/src/index.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { contribute } from '../marketplace/helpers.js';
import { getProduct, shopRecipe, shopSite } from '../marketplace/fixtures.js';
import { newTaskRow } from '../../src/services/task-rows.js';
import { newId } from '../../src/clock.js';
import { CLI, runNode } from './helpers.js';

describe('removing and usage per API through the SDK and the CLI', () => {
  let t: TestApp;
  let site: FixtureSite;
  let base: string;
  let user: TestUser;
  let home: string;
  const cli = (args: string[]) => runNode([CLI, ...args], { HOME: home, XDG_CONFIG_HOME: path.join(home, 'xdg'), QUARRY_API_KEY: user.key, QUARRY_BASE_URL: base });

  beforeAll(async () => {
    [t, site] = await Promise.all([startTestApp({ env: { QUARRY_RATE_LIMITS: '0' } }), startFixtureSite(shopSite())]);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    user = await t.user('developer');
    home = await mkdtemp(path.join(os.tmpdir(), 'quarry-removal-'));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await site?.close();
    await rm(home, { recursive: true, force: true });
  });

  const seedTask = async (status: 'failed' | 'completed', scraperId: string | null = null) => {
    const id = newId();
    await t.runtime.deps.db.kysely
      .insertInto('tasks')
      .values(newTaskRow({ id, user_id: user.userId, url: `${site.url}/`, task: 'products', now: new Date().toISOString(), status, result_scraper_id: scraperId }))
      .execute();
    return id;
  };

  it('the SDK archives, restores, deletes and reads usage per API', async () => {
    const quarry = new Quarry({ apiKey: user.key, baseUrl: base });
    const { scraperId } = await contribute(t, user, shopRecipe(`${site.url}/sdk`, [getProduct({ name: 'string' })], 'Kaffee SDK'));
    const taskId = await seedTask('completed', scraperId);
    await quarry.call(scraperId, 'get_product', { id: 1 });

    const archived = await quarry.removeApi(scraperId);
    expect(archived).toMatchObject({ scraper_id: scraperId, archived: true });
    expect((await quarry.tasks.get(taskId)).archived_at).toBe(archived.archived_at);
    await expect(quarry.call(scraperId, 'get_product', { id: 1 })).rejects.toThrow(NotFoundError);
    await expect(quarry.removeApi('no-such-api')).rejects.toThrow(NotFoundError);
    expect(await quarry.restoreApi(scraperId)).toEqual({ scraper_id: scraperId, archived: false, archived_at: null });

    await expect(quarry.deleteTask(taskId)).rejects.toThrow(ConflictError);
    const failed = await seedTask('failed');
    await expect(quarry.deleteTask(failed)).resolves.toBeUndefined();
    await expect(quarry.tasks.get(failed)).rejects.toThrow(NotFoundError);

    const usage = await quarry.usageByApi({ days: 7 });
    // The refused call of the archived API ran nothing and is not counted.
    expect(usage).toEqual([expect.objectContaining({ scraper_id: scraperId, name: 'Kaffee SDK', calls: 1, errors: 0 })]);
  });

  it('the CLI says the same in words, and exits 1 on a refusal', async () => {
    const { scraperId } = await contribute(t, user, shopRecipe(`${site.url}/cli`, [getProduct({ name: 'string' })], 'Kaffee CLI'));
    const removed = await cli(['apis', 'remove', scraperId]);
    expect(removed.stderr).toBe('');
    expect(removed.code).toBe(0);
    expect(removed.stdout).toMatch(new RegExp(`^Archived ${scraperId} on \\d{4}-\\d\\d-\\d\\dT.*Restore it with: quarry-user apis restore ${scraperId}`));
    const restored = await cli(['apis', 'restore', scraperId, '--json']);
    expect(JSON.parse(restored.stdout)).toEqual({ scraper_id: scraperId, archived: false, archived_at: null });

    const failed = await seedTask('failed');
    expect((await cli(['tasks', 'delete', failed])).stdout.trim()).toBe(`Deleted task ${failed}.`);
    const again = await cli(['tasks', 'delete', failed]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^error: Task .* not found \(HTTP 404/);

    const usage = await cli(['usage', '--by-api', '--days', '30']);
    expect(usage.code).toBe(0);
    expect(usage.stdout).toMatch(/Kaffee SDK {2}1 call, 0 errors, \d+ credits, last \d{4}-/);
    const bad = await cli(['usage', '--by-api', '--days', '0']);
    expect(bad.code).toBe(64);
    expect(bad.stderr).toContain('--days must be a whole number from 1 to 90');
    expect((await cli(['usage'])).code).toBe(64);
  });
});

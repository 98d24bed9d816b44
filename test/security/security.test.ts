/**
 * The shared security suite: every keyed route refuses a missing, malformed, unknown,
 * expired or revoked key with the contract's 401 bodies, and answers 404 (never 403) for
 * another account's ids, changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { createKey, revokeKey } from '../../src/services/keys.js';
import { createScraper } from '../../src/services/scrapers.js';
import { RECIPE_FORMAT } from '../../src/recipe/types.js';
import { KEYED_ROUTES, type OwnedIds } from './keyed-routes.js';

describe('security suite over every keyed route', () => {
  let t: TestApp;
  let owner: TestUser;
  let intruder: TestUser;
  let ids: OwnedIds;
  let expiredKey: string;
  let revokedKey: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.user('developer');
    intruder = await t.user('developer');
    const { db, clock } = t.runtime.deps;
    const created = await t.call('POST', '/dispatch', { key: owner.key, body: { url: 'http://127.0.0.1:9/', task: 'x' } });
    expect(created.statusCode).toBe(200);
    const scraper = await createScraper(db.kysely, clock, {
      userId: owner.userId,
      source: 'built',
      reason: 'build',
      recipe: { format: RECIPE_FORMAT, name: 'S', description: 'd', source_url: 'http://127.0.0.1:9/', endpoints: [] },
    });
    ids = { taskId: created.json().task_id, scraperId: scraper.id };
    const soon = await createKey(db, clock, intruder.userId, { expiresAt: new Date(Date.now() + 50).toISOString() });
    expiredKey = soon.api_key;
    const r = await createKey(db, clock, intruder.userId, {});
    await revokeKey(db, clock, intruder.userId, r.id);
    revokedKey = r.api_key;
    await new Promise((res) => setTimeout(res, 60));
  });
  afterAll(async () => t.close());

  for (const route of KEYED_ROUTES) {
    const name = `${route.method} ${route.path({ taskId: '{task_id}', scraperId: '{scraper_id}' })}`;
    describe(name, () => {
      const send = (headers: Record<string, string>) =>
        t.app.inject({
          method: route.method,
          url: route.path(ids),
          headers,
          ...(route.body !== undefined ? { payload: route.body as object } : {}),
        });

      it('refuses a missing key', async () => {
        const res = await send({});
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'Missing X-API-Key header', status_code: 401 });
      });

      it('refuses malformed and unknown keys', async () => {
        for (const bad of ['nope', `"${owner.key}"`, ` ${owner.key}`, `${owner.key} `, owner.key.toUpperCase(), 'pmx_' + 'A'.repeat(43)]) {
          const res = await send({ 'x-api-key': bad });
          expect(res.statusCode, bad).toBe(401);
          expect(res.json()).toEqual({ error: 'Invalid API key', status_code: 401 });
        }
      });

      it('refuses an expired key and a revoked key', async () => {
        const exp = await send({ 'x-api-key': expiredKey });
        expect(exp.json()).toEqual({ error: 'API key expired', status_code: 401 });
        const rev = await send({ 'x-api-key': revokedKey });
        expect(rev.json()).toEqual({ error: 'Invalid API key', status_code: 401 });
      });

      if (route.owned) {
        it("answers 404 for another account's ids", async () => {
          const res = await send({ 'x-api-key': intruder.key });
          expect(res.statusCode).toBe(404);
          expect(res.json().status_code).toBe(404);
        });
      }
    });
  }

  it("left the owner's task untouched", async () => {
    const res = await t.call('GET', `/dispatch/tasks/${ids.taskId}`, { key: owner.key });
    expect(res.json().status).toBe('queued');
  });
});

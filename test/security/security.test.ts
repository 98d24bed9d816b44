/**
 * The shared security suite over every authenticated route THE APP REGISTERS (its own route
 * table, not a hand-kept list, so a new route is covered the day it is added): a missing,
 * malformed, unknown, expired or revoked key gets the contract's 401 bodies; a session-only
 * route refuses keys; another account's ids answer 404 (never 403) and change nothing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../helpers/app.js';
import { createKey, revokeKey } from '../../src/services/keys.js';
import { createScraper } from '../../src/services/scrapers.js';
import { RECIPE_FORMAT } from '../../src/recipe/types.js';
import { registeredRoutes, type RegisteredRoute } from '../../src/http/plugins/route-table.js';
import { BODIES, paramValue, type OwnedIds } from './route-inputs.js';
import { KEYED_ROUTES, missingKeyMessage } from './keyed-routes.js';

// Built at collection time: the tests are generated from the app's own route table.
const t = await startTestApp();
const owner = await t.user('developer');
const intruder = await t.user('developer');
const { db, clock } = t.runtime.deps;
const created = await t.call('POST', '/dispatch', { key: owner.key, body: { url: 'http://127.0.0.1:9/', task: 'x' } });
const scraper = await createScraper(db.kysely, clock, {
  userId: owner.userId,
  source: 'built',
  reason: 'build',
  recipe: { format: RECIPE_FORMAT, name: 'S', description: 'd', source_url: 'http://127.0.0.1:9/', endpoints: [] },
});
const ownerSpareKey = await createKey(db, clock, owner.userId, { name: 'spare' });
const ids: OwnedIds = { taskId: created.json().task_id, scraperId: scraper.id, keyId: ownerSpareKey.id };
const expiredKey = (await createKey(db, clock, intruder.userId, { expiresAt: new Date(Date.now() + 50).toISOString() })).api_key;
const revoked = await createKey(db, clock, intruder.userId, {});
await revokeKey(db, clock, intruder.userId, revoked.id);
await new Promise((res) => setTimeout(res, 60));

const guarded = registeredRoutes(t.app).filter((r) => r.method !== 'HEAD' && r.auth !== 'none');

function request(route: RegisteredRoute) {
  let owned = false;
  const url = route.url.replace(/:([a-z_]+)/g, (_m, name: string) => {
    const p = paramValue(route.url, name, ids);
    owned ||= p.owned;
    return p.value;
  });
  const body = BODIES[`${route.method} ${route.url}`] ?? (['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined);
  return { url, body, owned };
}

describe('security suite over every authenticated route of the app', () => {
  afterAll(async () => t.close());

  it('covers the routes the app registers', () => {
    expect(created.statusCode).toBe(200);
    expect(guarded.length).toBeGreaterThan(30);
  });

  // The hand-written sample that the two-process and CSRF suites send must not fall behind the app.
  it('the keyed-route sample of the other suites names every keyed route of the app', () => {
    const sample = KEYED_ROUTES.map((r) => `${r.method} ${r.path(ids)}`);
    const missing = guarded
      .filter((r) => r.auth !== 'session' && r.url !== '/mcp/*')
      .filter((r) => {
        const pattern = new RegExp(`^${r.method} ${r.url.replace(/:[a-z_]+/g, '[^/]+')}$`);
        return !sample.some((s) => pattern.test(s));
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  for (const route of guarded) {
    const { url, body, owned } = request(route);
    const send = (headers: Record<string, string>) =>
      t.app.inject({ method: route.method as 'GET', url, headers, ...(body !== undefined ? { payload: body as object } : {}) });

    describe(`${route.method} ${route.url} (${route.auth})`, () => {
      if (route.auth === 'session') {
        it('refuses a caller without a session, and a key in place of one', async () => {
          const none = await send({});
          expect(none.statusCode).toBe(401);
          expect(none.json()).toEqual({ error: 'Not logged in', status_code: 401 });
          const keyed = await send({ 'x-api-key': owner.key });
          expect(keyed.json()).toEqual({ error: 'This operation needs a logged-in session, not an API key', status_code: 401 });
        });
        if (owned) {
          it("answers 404 for another account's ids", async () => {
            const res = await send({ cookie: intruder.cookie });
            expect(res.statusCode).toBe(404);
          });
        }
        return;
      }

      it('refuses a missing key', async () => {
        const res = await send({});
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: missingKeyMessage(url), status_code: 401 });
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
        const rev = await send({ 'x-api-key': revoked.api_key });
        expect(rev.json()).toEqual({ error: 'Invalid API key', status_code: 401 });
      });

      if (owned) {
        it("answers 404 for another account's ids", async () => {
          const res = await send({ 'x-api-key': intruder.key });
          expect(res.statusCode).toBe(404);
          expect(res.json().status_code).toBe(404);
        });
      }
    });
  }

  it("left the owner's task and key untouched", async () => {
    const res = await t.call('GET', `/dispatch/tasks/${ids.taskId}`, { key: owner.key });
    expect(res.json().status).toBe('queued');
    const keys = await t.call('GET', '/account/api-keys', { key: owner.key });
    expect(JSON.stringify(keys.json())).toContain(ids.keyId);
    expect(keys.json()).not.toMatchObject([{ id: ids.keyId, revoked_at: expect.any(String) }]);
  });
});

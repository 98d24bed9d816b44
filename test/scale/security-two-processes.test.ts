/**
 * The shared security suite (test/security/keyed-routes.ts) against a two-process deployment:
 * two real API processes on one PostgreSQL and one Redis. Every keyed route of either process
 * refuses missing, malformed, unknown, expired and revoked keys and answers 404 for another
 * account's ids; a key revoked through one process is refused by the other at once, although
 * that process had just accepted (and remembered) it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePostgres } from '../helpers/db.js';
import { Cluster, haveRedisServer, type Proc } from './cluster.js';
import { KEYED_ROUTES, missingKeyMessage, type OwnedIds } from '../security/keyed-routes.js';
import { createUser } from '../../src/services/accounts.js';
import { createKey } from '../../src/services/keys.js';
import { createScraper } from '../../src/services/scrapers.js';
import { RECIPE_FORMAT } from '../../src/recipe/types.js';
import { systemClock } from '../../src/clock.js';

describe.runIf(usePostgres && haveRedisServer)('security suite over two API processes', () => {
  const cluster = new Cluster();
  let a: Proc;
  let b: Proc;
  let ownerKey: string;
  let intruderKey: string;
  let intruderId: string;
  let expiredKey: string;
  let ids: OwnedIds;

  const send = (api: Proc, route: (typeof KEYED_ROUTES)[number], headers: Record<string, string>) =>
    fetch(`${api.base}${route.path(ids)}`, {
      method: route.method,
      headers: { ...headers, ...(route.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: route.body !== undefined ? JSON.stringify(route.body) : undefined,
    });

  beforeAll(async () => {
    // No worker: the owner's task stays queued, so "untouched" is checkable.
    await cluster.start({ apis: 2, workers: 0 });
    [a, b] = cluster.apis;
    const db = cluster.testDb.db;
    const owner = await createUser(db, systemClock, { email: 'owner@example.test', password: 'correct horse battery', plan: 'developer' });
    const intruder = await createUser(db, systemClock, { email: 'intruder@example.test', password: 'correct horse battery', plan: 'developer' });
    intruderId = intruder.id;
    ownerKey = (await createKey(db, systemClock, owner.id)).api_key;
    intruderKey = (await createKey(db, systemClock, intruder.id)).api_key;
    expiredKey = (await createKey(db, systemClock, intruder.id, { expiresAt: new Date(Date.now() + 50).toISOString() })).api_key;
    const created = await fetch(`${a.base}/dispatch`, {
      method: 'POST',
      headers: { 'x-api-key': ownerKey, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/', task: 'x' }),
    });
    expect(created.status).toBe(200);
    const scraper = await createScraper(db.kysely, systemClock, {
      userId: owner.id,
      source: 'built',
      reason: 'build',
      recipe: { format: RECIPE_FORMAT, name: 'S', description: 'd', source_url: 'http://127.0.0.1:9/', endpoints: [] },
    });
    ids = { taskId: ((await created.json()) as { task_id: string }).task_id, scraperId: scraper.id };
    await new Promise((r) => setTimeout(r, 60));
  }, 120_000);
  afterAll(async () => cluster.close(), 60_000);

  it('every keyed route of both processes refuses bad keys and hides other accounts', async () => {
    for (const api of [a, b]) {
      for (const route of KEYED_ROUTES) {
        const name = `${route.method} ${route.path(ids)} on ${api.base}`;
        const missing = await send(api, route, {});
        expect(missing.status, name).toBe(401);
        expect(await missing.json(), name).toEqual({ error: missingKeyMessage(route.path(ids)), status_code: 401 });
        // (No padded key here: over the wire, white space around a header value is not part of it.)
        for (const bad of ['nope', `"${ownerKey}"`, ownerKey.toUpperCase(), 'pmx_' + 'A'.repeat(43)]) {
          expect(await (await send(api, route, { 'x-api-key': bad })).json(), name).toEqual({ error: 'Invalid API key', status_code: 401 });
        }
        expect(await (await send(api, route, { 'x-api-key': expiredKey })).json(), name).toEqual({ error: 'API key expired', status_code: 401 });
        if (route.owned) {
          const res = await send(api, route, { 'x-api-key': intruderKey });
          expect(res.status, name).toBe(404);
        }
      }
    }
  });

  it('a key revoked through one process is refused by the other at once, on every keyed route', async () => {
    const db = cluster.testDb.db;
    const doomed = await createKey(db, systemClock, intruderId);
    // Both processes accept the key first (and remember it).
    for (const api of [a, b]) {
      const res = await fetch(`${api.base}/dispatch/tasks`, { headers: { 'x-api-key': doomed.api_key } });
      expect(res.status).toBe(200);
    }
    const revoked = await fetch(`${a.base}/account/api-keys/${doomed.id}`, { method: 'DELETE', headers: { 'x-api-key': intruderKey } });
    expect(revoked.status).toBeLessThan(300);
    // Well inside the 1 s the issue allows: the notification has arrived by the time B is asked.
    await new Promise((r) => setTimeout(r, 100));
    for (const route of KEYED_ROUTES) {
      const res = await send(b, route, { 'x-api-key': doomed.api_key });
      expect(await res.json(), `${route.method} ${route.path(ids)}`).toEqual({ error: 'Invalid API key', status_code: 401 });
    }
  });

  it("left the owner's task untouched", async () => {
    const res = await fetch(`${b.base}/dispatch/tasks/${ids.taskId}`, { headers: { 'x-api-key': ownerKey } });
    expect(((await res.json()) as { status: string }).status).toBe('queued');
  });
});

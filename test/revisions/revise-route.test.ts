/**
 * POST /dispatch/tasks/{task_id}/revise without a worker: what is queued, classified and
 * charged, and every refusal (409, 422, 402, 404), on seeded APIs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { CHARGES } from '../../src/config/index.js';
import { listLedger } from '../../src/services/credits.js';
import { balanceOf, revise, seedApi } from './helpers.js';

describe('POST /dispatch/tasks/{task_id}/revise', () => {
  let t: TestApp;
  let u: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    u = await t.user('developer');
  });
  afterAll(async () => t.close());

  it('queues a child task and answers its id and revision type; the parent stays completed', async () => {
    const api = await seedApi(t, u);
    const res = await revise(t, u, api.taskId, 'rename get_book to fetch_book');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ task_id: expect.any(String), revision_type: 'modify' });
    const child = (await t.call('GET', `/dispatch/tasks/${res.json().task_id}`, { key: u.key })).json();
    expect(child).toMatchObject({
      status: 'queued',
      parent_task_id: api.taskId,
      extends_scraper_id: api.scraperId,
      revision_type: 'modify',
      task: 'rename get_book to fetch_book',
      source: 'built',
      contributes_to_marketplace: true,
      result_scraper_id: null,
    });
    const parent = (await t.call('GET', `/dispatch/tasks/${api.taskId}`, { key: u.key })).json();
    expect(parent.status).toBe('completed');
    expect(parent.generated_api.scraper_id).toBe(api.scraperId);
    const revisions = (await t.call('GET', `/dispatch/tasks/${api.taskId}/revisions`, { key: u.key })).json();
    expect(revisions.total).toBe(1);
    expect(revisions.tasks[0].id).toBe(res.json().task_id);
    const active = (await t.call('GET', `/dispatch/scrapers/${api.scraperId}/active-task`, { key: u.key })).json();
    expect(active.task.id).toBe(res.json().task_id);
    const jobs = await t.runtime.deps.queue.listJobsForTask(res.json().task_id);
    expect(jobs.map((j) => j.kind)).toEqual(['revise']);
  });

  it('classifies fix, extend and modify', async () => {
    const cases: Array<[string, string]> = [
      ['the price is empty on sale items', 'fix'],
      ["get_book doesn't work", 'fix'],
      ['also return the author and the ISBN', 'extend'],
      ['add a search endpoint', 'extend'],
      ['make limit default to 50', 'modify'],
      ['add a page_size parameter', 'modify'],
    ];
    for (const [sentence, type] of cases) {
      const api = await seedApi(t, u);
      const res = await revise(t, u, api.taskId, sentence);
      expect(res.statusCode, `${sentence}: ${res.body}`).toBe(200);
      expect(res.json().revision_type, sentence).toBe(type);
    }
  });

  it('refuses anything but a completed task with 409', async () => {
    for (const status of ['queued', 'running', 'failed', 'cancelled']) {
      const api = await seedApi(t, u, { status });
      const res = await revise(t, u, api.taskId, 'fix it');
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toMatchObject({ status_code: 409, status });
      expect(res.json().error).toMatch(new RegExp(`is ${status}; only a completed task can be revised`));
    }
  });

  it('refuses a second revision of the same API while one is in flight', async () => {
    const api = await seedApi(t, u);
    expect((await revise(t, u, api.taskId, 'fix it')).statusCode).toBe(200);
    const again = await revise(t, u, api.taskId, 'add a search endpoint');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already in progress/);
    const revisions = (await t.call('GET', `/dispatch/tasks/${api.taskId}/revisions`, { key: u.key })).json();
    expect(revisions.total).toBe(1);
  });

  it('answers 422 naming the clause it cannot read, and queues nothing', async () => {
    const api = await seedApi(t, u);
    const bad = await revise(t, u, api.taskId, 'rename get_book to fetch_book and frobnicate the gizmo');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toMatch(/frobnicate the gizmo/);
    expect(bad.json().details[0]).toMatchObject({ field: 'revision', clause: 'frobnicate the gizmo' });
    const unknown = await revise(t, u, api.taskId, 'rename get_movie to fetch_movie');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error).toMatch(/no endpoint, field or parameter named "get_movie"/);
    const empty = await t.call('POST', `/dispatch/tasks/${api.taskId}/revise`, { key: u.key, body: { revision: '' } });
    expect(empty.statusCode).toBe(422);
    const missing = await t.call('POST', `/dispatch/tasks/${api.taskId}/revise`, { key: u.key, body: {} });
    expect(missing.statusCode).toBe(422);
    const wrongType = await t.call('POST', `/dispatch/tasks/${api.taskId}/revise`, { key: u.key, body: { revision: 'fix it', contributes_to_marketplace: 'no' } });
    expect(wrongType.statusCode).toBe(422);
    const revisions = (await t.call('GET', `/dispatch/tasks/${api.taskId}/revisions`, { key: u.key })).json();
    expect(revisions.total).toBe(0);
  });

  it('answers 404 for an unknown task and for another account\'s task', async () => {
    const api = await seedApi(t, u);
    const other = await t.user('developer');
    expect((await revise(t, other, api.taskId, 'fix it')).statusCode).toBe(404);
    const res = await revise(t, u, 'no-such-task', 'fix it');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Task no-such-task not found', status_code: 404 });
  });

  it('charges a private revision, makes the opt-out permanent, and keeps contributing ones free', async () => {
    const v = await t.user('developer');
    const api = await seedApi(t, v);
    const start = await balanceOf(t, v);
    const free = await revise(t, v, api.taskId, 'rename get_book to fetch_book');
    expect(free.statusCode).toBe(200);
    expect(await balanceOf(t, v)).toBe(start);
    await t.call('POST', `/dispatch/tasks/${free.json().task_id}/cancel`, { key: v.key });

    const paid = await revise(t, v, api.taskId, 'rename get_book to fetch_book', false);
    expect(paid.statusCode).toBe(200);
    expect(await balanceOf(t, v)).toBe(start - CHARGES.privateRevision);
    const child = (await t.call('GET', `/dispatch/tasks/${paid.json().task_id}`, { key: v.key })).json();
    expect(child.contributes_to_marketplace).toBe(false);
    const [entry] = await listLedger(t.runtime.deps.db, v.userId, { limit: 1 });
    expect(entry).toMatchObject({ delta: -CHARGES.privateRevision, reason: 'private_revision', ref: paid.json().task_id });
    await t.call('POST', `/dispatch/tasks/${paid.json().task_id}/cancel`, { key: v.key });

    // The API opted out for good: asking to contribute again is still charged and does not contribute.
    const again = await revise(t, v, api.taskId, 'rename get_book to fetch_book', true);
    expect(again.statusCode).toBe(200);
    expect(await balanceOf(t, v)).toBe(start - 2 * CHARGES.privateRevision);
    const third = (await t.call('GET', `/dispatch/tasks/${again.json().task_id}`, { key: v.key })).json();
    expect(third.contributes_to_marketplace).toBe(false);
  });

  it('charges every revision of an API built privately', async () => {
    const v = await t.user('developer');
    const api = await seedApi(t, v, { contributes: false });
    const start = await balanceOf(t, v);
    const res = await revise(t, v, api.taskId, 'fix it');
    expect(res.statusCode).toBe(200);
    expect(await balanceOf(t, v)).toBe(start - CHARGES.privateRevision);
  });

  it('answers 402 when a private revision cannot be paid, and queues nothing', async () => {
    const poor = await t.user('free');
    const { setBalance } = await import('../../src/services/credits.js');
    await setBalance(t.runtime.deps.db, t.runtime.deps.clock, poor.userId, 10, 'test');
    const api = await seedApi(t, poor);
    const res = await revise(t, poor, api.taskId, 'fix it', false);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      error: { message: expect.stringMatching(/Not enough credits/), credits_required: CHARGES.privateRevision, credits_remaining: 10, retryable: false },
      status_code: 402,
    });
    expect((await t.call('GET', `/dispatch/tasks/${api.taskId}/revisions`, { key: poor.key })).json().total).toBe(0);
    // The failed payment did not opt the API out.
    const row = await t.runtime.deps.db.kysely.selectFrom('scrapers').select('contributes_to_marketplace').where('id', '=', api.scraperId).executeTakeFirstOrThrow();
    expect(row.contributes_to_marketplace).toBe(1);
  });

  it('a revision of a subscribed copy is a fork', async () => {
    const api = await seedApi(t, u, { source: 'subscribed' });
    const res = await revise(t, u, api.taskId, 'add a page_size parameter');
    expect(res.statusCode).toBe(200);
    const child = (await t.call('GET', `/dispatch/tasks/${res.json().task_id}`, { key: u.key })).json();
    expect(child.source).toBe('forked');
  });

  it('GET /dispatch/scrapers/{id}/health: empty until self-healing looked, 404 for unknown ids', async () => {
    const api = await seedApi(t, u);
    const res = await t.call('GET', `/dispatch/scrapers/${api.scraperId}/health`, { key: u.key });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ scraper_id: api.scraperId, endpoints: [] });
    const unknown = await t.call('GET', '/dispatch/scrapers/nope/health', { key: u.key });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Scraper nope not found', status_code: 404 });
  });
});

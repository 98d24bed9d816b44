import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { acceptDisclaimer } from '../../src/services/accounts.js';
import { transitionTask } from '../../src/services/task-state.js';
import { createScraper } from '../../src/services/scrapers.js';
import { RECIPE_FORMAT } from '../../src/recipe/types.js';

describe('dispatch tasks', () => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    u = await t.user();
  });
  afterAll(async () => t.close());

  const dispatch = (body: unknown, key = u.key) => t.call('POST', '/dispatch', { key, body });

  describe('create', () => {
    it('queues a build: task and job written together', async () => {
      const res = await dispatch({ url: 'https://books.example/catalogue/', task: 'list books with prices' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({ task_id: expect.any(String), matched: false, test_inputs: [], may_require_auth: false });
      const task = (await t.call('GET', `/dispatch/tasks/${body.task_id}`, { key: u.key })).json();
      expect(task).toMatchObject({
        id: body.task_id,
        url: 'https://books.example/catalogue/',
        task: 'list books with prices',
        status: 'queued',
        source: 'built',
        contributes_to_marketplace: true,
        auth_enabled: false,
        generated_api: null,
      });
      expect(task.progress.stage).toBe('queued');
      const jobs = await t.runtime.deps.queue.listJobsForTask(body.task_id);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ kind: 'build', status: 'pending' });
    });

    it('force_new is refused with 400 and nothing is created', async () => {
      const before = (await t.call('GET', '/dispatch/tasks', { key: u.key })).json().total;
      const res = await dispatch({ url: 'https://a.example/', force_new: true });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: expect.stringContaining('force_new'), status_code: 400 });
      expect((await t.call('GET', '/dispatch/tasks', { key: u.key })).json().total).toBe(before);
    });

    it('rejects relative, non-http and missing URLs with 422', async () => {
      for (const url of ['/relative', 'ftp://x.example/', 'javascript:alert(1)', 'not a url']) {
        const res = await dispatch({ url });
        expect(res.statusCode, url).toBe(422);
        expect(res.json().details[0].field).toBe('url');
      }
      const missing = await dispatch({ task: 'x' });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().details[0].field).toBe('url');
      const wrongType = await dispatch({ url: 'https://a.example/', contributes_to_marketplace: 'yes' });
      expect(wrongType.statusCode).toBe(422);
    });

    it('workspace without a team workspace is 402', async () => {
      const res = await dispatch({ url: 'https://a.example/', workspace: true });
      expect(res.statusCode).toBe(402);
      // A plan refusal is a management error (a string); only too few credits has the object form.
      expect(res.json()).toEqual({ error: 'workspace builds require a Team plan workspace', status_code: 402 });
      const team = await t.user('team');
      expect((await dispatch({ url: 'https://a.example/', workspace: true }, team.key)).statusCode).toBe(200);
    });

    it('allow_auth needs a paid plan (402) and the disclaimer (403)', async () => {
      const free = await dispatch({ url: 'https://a.example/', allow_auth: true });
      expect(free.statusCode).toBe(402);
      expect(free.json()).toEqual({ error: 'allow_auth requires a paid plan', status_code: 402 });
      const paid = await t.user('hobby');
      const noDisclaimer = await dispatch({ url: 'https://a.example/', allow_auth: true }, paid.key);
      expect(noDisclaimer.statusCode).toBe(403);
      expect(noDisclaimer.json().status_code).toBe(403);
      await acceptDisclaimer(t.runtime.deps.db, t.runtime.deps.clock, paid.userId);
      expect((await dispatch({ url: 'https://a.example/', allow_auth: true }, paid.key)).statusCode).toBe(200);
    });

    it('a private build is charged 75 credits, and 402 when short', async () => {
      const v = await t.user('free');
      const ok = await dispatch({ url: 'https://a.example/', contributes_to_marketplace: false }, v.key);
      expect(ok.statusCode).toBe(200);
      expect((await t.call('GET', `/dispatch/tasks/${ok.json().task_id}`, { key: v.key })).json().contributes_to_marketplace).toBe(false);
      expect((await t.call('GET', '/account', { key: v.key })).json().credits_remaining).toBe(125);
      await dispatch({ url: 'https://a.example/', contributes_to_marketplace: false }, v.key);
      const short = await dispatch({ url: 'https://a.example/', contributes_to_marketplace: false }, v.key);
      expect(short.statusCode).toBe(402);
      expect(short.json()).toEqual({
        error: { message: expect.any(String), credits_required: 75, credits_remaining: 50, retryable: false },
        status_code: 402,
      });
      const tasks = (await t.call('GET', '/dispatch/tasks', { key: v.key })).json();
      expect(tasks.total).toBe(2);
    });
  });

  describe('list', () => {
    it('lists newest first with total, limit, offset and status filter', async () => {
      const w = await t.user();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await dispatch({ url: `https://s${i}.example/` }, w.key)).json().task_id);
      const all = (await t.call('GET', '/dispatch/tasks', { key: w.key })).json();
      expect(all.total).toBe(5);
      expect(all.tasks.map((x: { id: string }) => x.id)).toEqual([...ids].reverse());
      const page = (await t.call('GET', '/dispatch/tasks?limit=2&offset=1', { key: w.key })).json();
      expect(page.total).toBe(5);
      expect(page.tasks.map((x: { id: string }) => x.id)).toEqual([ids[3], ids[2]]);
      await t.call('POST', `/dispatch/tasks/${ids[0]}/cancel`, { key: w.key });
      const cancelled = (await t.call('GET', '/dispatch/tasks?status=cancelled', { key: w.key })).json();
      expect(cancelled).toMatchObject({ total: 1, tasks: [{ id: ids[0], status: 'cancelled' }] });
    });

    it('validates limit, offset and status', async () => {
      for (const q of ['limit=0', 'limit=101', 'limit=abc', 'offset=-1', 'status=bogus']) {
        const res = await t.call('GET', `/dispatch/tasks?${q}`, { key: u.key });
        expect(res.statusCode, q).toBe(422);
        expect(res.json().status_code).toBe(422);
      }
      expect((await t.call('GET', '/dispatch/tasks?limit=100', { key: u.key })).statusCode).toBe(200);
    });
  });

  describe('cancel', () => {
    it('cancels an in-flight task once, then 409', async () => {
      const id = (await dispatch({ url: 'https://c.example/' })).json().task_id;
      const res = await t.call('POST', `/dispatch/tasks/${id}/cancel`, { key: u.key });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ task_id: id, previous_status: 'queued', cancelled: true });
      const task = (await t.call('GET', `/dispatch/tasks/${id}`, { key: u.key })).json();
      expect(task.status).toBe('cancelled');
      expect(task.completed_at).toEqual(expect.any(String));
      const jobs = await t.runtime.deps.queue.listJobsForTask(id);
      expect(jobs[0].status).toBe('cancelled');
      const again = await t.call('POST', `/dispatch/tasks/${id}/cancel`, { key: u.key });
      expect(again.statusCode).toBe(409);
      expect(again.json().status_code).toBe(409);
    });

    it('unknown task is 404', async () => {
      expect((await t.call('POST', '/dispatch/tasks/nope/cancel', { key: u.key })).statusCode).toBe(404);
      expect((await t.call('GET', '/dispatch/tasks/nope', { key: u.key })).json()).toEqual({
        error: 'Task nope not found',
        status_code: 404,
      });
    });
  });

  describe('answer an input prompt', () => {
    it('accepts an answer only in needs_input and requires the required fields', async () => {
      const { db, clock } = t.runtime.deps;
      const id = (await dispatch({ url: 'https://login.example/' })).json().task_id;
      const notWaiting = await t.call('POST', `/dispatch/${id}`, { key: u.key, body: { user_response: { username: 'a' } } });
      expect(notWaiting.statusCode).toBe(409);
      const prompt = {
        kind: 'credentials',
        message: 'Log-in needed',
        fields: [
          { name: 'username', label: 'User', type: 'text', required: true },
          { name: 'password', label: 'Password', type: 'password', required: true },
        ],
        asked_at: new Date().toISOString(),
      };
      await transitionTask(db.kysely, clock, id, 'needs_input', { user_input_prompt: JSON.stringify(prompt) });
      const shown = (await t.call('GET', `/dispatch/tasks/${id}`, { key: u.key })).json();
      expect(shown.user_input_prompt).toEqual(prompt);
      const missing = await t.call('POST', `/dispatch/${id}`, { key: u.key, body: { user_response: { username: 'a' } } });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().details).toEqual([{ field: 'password', message: 'required' }]);
      const bad = await t.call('POST', `/dispatch/${id}`, { key: u.key, body: { user_response: 'x' } });
      expect(bad.statusCode).toBe(422);
      const ok = await t.call('POST', `/dispatch/${id}`, { key: u.key, body: { user_response: { username: 'a', password: 'b' } } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ ok: true });
      expect((await t.call('GET', `/dispatch/tasks/${id}`, { key: u.key })).json().status).toBe('queued');
      const jobs = await t.runtime.deps.queue.listJobsForTask(id);
      expect(jobs.map((j) => j.payload)).toContainEqual({ taskId: id, resume: true });
    });
  });

  describe('active task and revisions', () => {
    it('shows the in-flight revision of a scraper and lists revisions', async () => {
      const { db, clock } = t.runtime.deps;
      const parentId = (await dispatch({ url: 'https://r.example/' })).json().task_id;
      const scraper = await createScraper(db.kysely, clock, {
        userId: u.userId,
        source: 'built',
        reason: 'build',
        recipe: { format: RECIPE_FORMAT, name: 'R', description: 'd', source_url: 'https://r.example/', endpoints: [] },
      });
      const none = await t.call('GET', `/dispatch/scrapers/${scraper.id}/active-task`, { key: u.key });
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual({ task: null });
      const now = new Date().toISOString();
      await db.kysely
        .insertInto('tasks')
        .values({
          id: 'child-1', user_id: u.userId, url: 'https://r.example/', task: 'add isbn', status: 'running', iteration: 0,
          user_input_prompt: null, user_response: null, result_scraper_id: null, result_marketplace_id: null, error: null,
          parent_task_id: parentId, extends_scraper_id: scraper.id, revision_type: 'extend', auth_enabled: 0, allow_auth: 0,
          source: 'built', contributes_to_marketplace: 1, workspace: 0, progress: null, marketplace_apis: null,
          existing_marketplace_apis: null, created_at: now, updated_at: now, completed_at: null,
        })
        .execute();
      const active = (await t.call('GET', `/dispatch/scrapers/${scraper.id}/active-task`, { key: u.key })).json();
      expect(active.task).toMatchObject({ id: 'child-1', parent_task_id: parentId, revision_type: 'extend' });
      const revs = (await t.call('GET', `/dispatch/tasks/${parentId}/revisions`, { key: u.key })).json();
      expect(revs).toMatchObject({ total: 1, tasks: [{ id: 'child-1' }] });
      expect((await t.call('GET', '/dispatch/scrapers/unknown/active-task', { key: u.key })).statusCode).toBe(404);
    });
  });
});

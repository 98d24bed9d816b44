/**
 * GET /dispatch/tasks/{id} keeps its answer until the database changes (db/committed-cache.ts).
 * These tests prove a kept answer is never stale or shared: a commit from this process, from
 * another process, and another account's request each get what a fresh read would give.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);

describe('the task read answers what the database holds', () => {
  let t: TestApp;
  let u: TestUser;
  let taskId: string;
  const read = async (key = u.key) => t.call('GET', `/dispatch/tasks/${taskId}`, { key });

  beforeAll(async () => {
    t = await startTestApp();
    u = await t.user();
    taskId = (await t.call('POST', '/dispatch', { key: u.key, body: { url: 'https://a.example/', task: 'cache' } })).json().task_id;
  });
  afterAll(async () => t.close());

  it('answers the same body twice while nothing changes, with the JSON content type', async () => {
    const first = await read();
    const second = await read();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);
    expect(first.json()).toMatchObject({ id: taskId, status: 'queued', error: null });
  });

  it('sees a change committed by this process at once', async () => {
    await read();
    const cancel = await t.call('POST', `/dispatch/tasks/${taskId}/cancel`, { key: u.key });
    expect(cancel.statusCode).toBe(200);
    expect((await read()).json().status).toBe('cancelled');
  });

  it('sees a change committed by another process at once', async () => {
    await read();
    await run(process.execPath, ['--import', 'tsx', path.join(here, 'task-writer.ts'), taskId, 'written elsewhere'], {
      cwd: path.resolve(here, '../..'),
      env: { ...process.env, ...t.testDb.env },
    });
    expect((await read()).json().error).toBe('written elsewhere');
  });

  it("never answers another account's read from what it kept", async () => {
    expect((await read()).statusCode).toBe(200);
    const other = await t.user();
    const res = await read(other.key);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: `Task ${taskId} not found`, status_code: 404 });
  });
});

/**
 * Scale mode: PostgreSQL + BullMQ on Redis, the HTTP server taking no jobs itself and a
 * worker in a separate process doing the build. Also: a real server process shuts down
 * gracefully on SIGTERM, handing its unfinished job back to the queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { booksSite } from '../fixtures/sites/books.js';
import { waitForTask, execute } from '../builder/helpers.js';

const REDIS_URL = 'redis://127.0.0.1:6379';

function spawnTs(entry: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, QUARRY_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

const exited = (p: ChildProcess) => new Promise<number | null>((r) => p.once('exit', (code) => r(code)));

describe('scale mode: PostgreSQL + BullMQ, worker in its own process', () => {
  let t: TestApp;
  let u: TestUser;
  let site: FixtureSite;
  let worker: ChildProcess;
  let env: Record<string, string>;

  beforeAll(async () => {
    const prefix = `quarry-test-${randomBytes(4).toString('hex')}`;
    t = await startTestApp({
      postgres: true,
      env: { REDIS_URL, QUARRY_EMBEDDED_WORKER: '0', QUARRY_QUEUE_NAME: prefix },
    });
    u = await t.user('developer');
    site = await startFixtureSite(booksSite());
    env = { ...t.testDb.env, REDIS_URL, QUARRY_ALLOW_PRIVATE_TARGETS: '1', QUARRY_QUEUE_NAME: prefix };
    worker = spawnTs('src/bin/worker.ts', env);
  });
  afterAll(async () => {
    if (worker.exitCode === null) {
      worker.kill('SIGTERM');
      await exited(worker);
    }
    await t.close();
    await site.close();
  });

  it('a build dispatched to the server is done by the separate worker process', async () => {
    expect(t.runtime.worker).toBeNull();
    const res = await t.call('POST', '/dispatch', { key: u.key, body: { url: `${site.url}/`, task: 'get each book: title, price' } });
    const task = await waitForTask(t, u, res.json().task_id, { timeoutMs: 60_000 });
    expect(task.status, task.error).toBe('completed');
    const ep = task.generated_api.endpoints[0];
    const call = await execute(t, u, task.generated_api.scraper_id, ep.endpoint_name, ep.sample_inputs, ep.method);
    expect(call.statusCode).toBe(200);
  });

  it('the worker process stops cleanly on SIGTERM', async () => {
    worker.kill('SIGTERM');
    expect(await exited(worker)).toBe(0);
  });
});

/**
 * A real server process (`src/bin/server.ts`, embedded worker, SQLite) stops gracefully on
 * SIGTERM in the middle of a build: it exits 0, the job is not lost, and the next server
 * process finishes the task.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { createTestDb, type TestDb } from '../helpers/db.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { createUser } from '../../src/services/accounts.js';
import { createKey } from '../../src/services/keys.js';
import { systemClock } from '../../src/clock.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

describe('graceful shutdown of a real server process', () => {
  let db: TestDb;
  let site: FixtureSite;
  let key: string;
  const procs: ChildProcess[] = [];

  const startServer = async () => {
    const port = await freePort();
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/bin/server.ts'], {
      env: {
        ...process.env,
        ...db.env,
        PORT: String(port),
        QUARRY_LOG_LEVEL: 'warn',
        QUARRY_ALLOW_PRIVATE_TARGETS: '1',
        QUARRY_QUEUE_POLL_MS: '100',
        QUARRY_JOB_LEASE_MS: '3000',
        QUARRY_JOB_HEARTBEAT_MS: '500',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    procs.push(proc);
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 200; i++) {
      const ok = await fetch(`${base}/health`).then((r) => r.ok).catch(() => false);
      if (ok) return { proc, base };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not become healthy');
  };

  beforeAll(async () => {
    db = await createTestDb();
    const user = await createUser(db.db, systemClock, { email: 'sd@example.test', password: 'shutdown pass', plan: 'developer' });
    key = (await createKey(db.db, systemClock, user.id)).api_key;
    site = await startFixtureSite([
      ['/', `<ul>${Array.from({ length: 12 }, (_, i) => `<li><a href="/item/${i}.html">Item ${i}</a></li>`).join('')}</ul>`],
      [/^\/item\/\d+\.html$/, async (_q, _s, url) => {
        await new Promise((r) => setTimeout(r, 300));
        return { body: `<h1>Item ${/(\d+)/.exec(url.pathname)![1]}</h1><p class="price">£${/(\d+)/.exec(url.pathname)![1]}.00</p>` };
      }],
    ]);
  });
  afterAll(async () => {
    for (const p of procs) if (p.exitCode === null) p.kill('SIGKILL');
    await site.close();
    await db.cleanup();
  });

  it('exits 0 on SIGTERM mid-build and the next process completes the task', async () => {
    const first = await startServer();
    const res = await fetch(`${first.base}/dispatch`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${site.url}/`, task: 'get each item: title, price' }),
    });
    const taskId = ((await res.json()) as { task_id: string }).task_id;
    for (let i = 0; i < 100; i++) {
      const t = (await (await fetch(`${first.base}/dispatch/tasks/${taskId}`, { headers: { 'x-api-key': key } })).json()) as { status: string };
      if (t.status === 'running') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const exit = new Promise<number | null>((r) => first.proc.once('exit', (code) => r(code)));
    first.proc.kill('SIGTERM');
    expect(await exit).toBe(0);

    const job = await db.db.kysely.selectFrom('jobs').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow();
    expect(['pending', 'completed']).toContain(job.status);

    const second = await startServer();
    let status = '';
    for (let i = 0; i < 300 && !['completed', 'failed'].includes(status); i++) {
      const t = (await (await fetch(`${second.base}/dispatch/tasks/${taskId}`, { headers: { 'x-api-key': key } })).json()) as { status: string };
      status = t.status;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe('completed');
    second.proc.kill('SIGTERM');
  });
});

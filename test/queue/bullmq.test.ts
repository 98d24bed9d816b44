import { randomBytes } from 'node:crypto';
import { Queue as BullQueue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config/index.js';
import type { Db } from '../../src/db/index.js';
import { JobCancelledError, PermanentJobError, TransientJobError, type CreateQueueOptions, type Queue, type Worker } from '../../src/queue/index.js';
import type { TestDb } from '../helpers/db.js';
import { createQueueTestDb, FAST_QUEUE, insertTask, openSecondConnection, sleep, testConfig, testQueue, until, waitForStatus } from './helpers.js';

const REDIS_URL = 'redis://127.0.0.1:6379';

describe('queue: BullMQ transport (jobs table as outbox)', () => {
  let t: TestDb;
  let queueName: string;
  const queues: Queue[] = [];
  const workers: Worker[] = [];
  const extraDbs: Db[] = [];

  beforeEach(async () => {
    t = await createQueueTestDb();
    queueName = `quarry-test-${randomBytes(5).toString('hex')}`;
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop({ graceMs: 0 })));
    await Promise.all(queues.splice(0).map((q) => q.close()));
    const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const bull = new BullQueue(queueName, { connection, prefix: 'quarry' });
    await bull.obliterate({ force: true });
    await bull.close();
    await connection.quit();
    await Promise.all(extraDbs.splice(0).map((db) => db.close()));
    await t.cleanup();
  });

  function bullQueue(options: Partial<CreateQueueOptions> = {}, queueSettings: Partial<Config['queue']> = {}, db: Db = t.db): Queue {
    const config = testConfig(t, { redisUrl: REDIS_URL, queue: { ...FAST_QUEUE, ...queueSettings } });
    const queue = testQueue(t, { config, bullmq: { queueName, dispatchIntervalMs: 20 }, ...options }, db);
    queues.push(queue);
    return queue;
  }

  function startWorker(queue: Queue): Worker {
    const worker = queue.createWorker();
    workers.push(worker);
    worker.start();
    return worker;
  }

  it('runs a job enqueued in the caller transaction, through Redis, and records it in the table', async () => {
    const queue = bullQueue();
    expect(queue.mode).toBe('bullmq');
    const seen: unknown[] = [];
    queue.registry.register('echo', async (payload, { taskId, attempt }) => void seen.push({ payload, taskId, attempt }));
    const { taskId, jobId } = await t.db.kysely.transaction().execute(async (trx) => {
      const taskId = await insertTask(trx);
      const { jobId } = await queue.enqueue(trx, { kind: 'echo', payload: { n: 1 }, taskId, jobKey: `build:${taskId}` });
      return { taskId, jobId };
    });
    startWorker(queue);
    const job = await waitForStatus(queue, jobId, ['completed']);
    expect(job).toMatchObject({ attempts: 1, jobKey: null, lockedBy: null });
    expect(seen).toEqual([{ payload: { n: 1 }, taskId, attempt: 1 }]);
  });

  it('retries through the table with backoff, then fails for good with onFailed', async () => {
    const queue = bullQueue();
    const taskId = await insertTask(t.db.kysely);
    let calls = 0;
    queue.registry.register(
      'flaky',
      async () => {
        calls++;
        if (calls === 1) throw new TransientJobError('transient');
        throw new PermanentJobError('gave up');
      },
      {
        async onFailed({ job, trx }) {
          await trx.updateTable('tasks').set({ status: 'failed', error: job.lastError }).where('id', '=', job.taskId!).execute();
        },
      },
    );
    const retried = queue.events.once('job:retry');
    const { jobId } = await queue.enqueue(t.db.kysely, { kind: 'flaky', payload: {}, taskId, maxAttempts: 5 });
    startWorker(queue);
    expect((await retried).job).toMatchObject({ status: 'pending', attempts: 1, lastError: 'transient' });
    const job = await waitForStatus(queue, jobId, ['failed']);
    expect(job).toMatchObject({ attempts: 2, lastError: 'gave up' });
    const task = await t.db.kysely.selectFrom('tasks').select('status').where('id', '=', taskId).executeTakeFirstOrThrow();
    expect(task.status).toBe('failed');
  });

  it('a cancel from another process reaches the running job through Redis pub/sub', async () => {
    // Heartbeats and cancel polls are a minute apart: only the Redis message can stop the job in time.
    const slowPolls = { leaseMs: 120_000, heartbeatMs: 60_000 };
    const queue = bullQueue({ cancelPollMs: 60_000 }, slowPolls);
    const progress = { steps: 0, reason: undefined as unknown };
    queue.registry.register('long', async (_p, { signal }) => {
      for (let i = 0; i < 1_000; i++) {
        if (signal.aborted) {
          progress.reason = signal.reason;
          throw signal.reason;
        }
        progress.steps++;
        await sleep(10);
      }
    });
    const { jobId } = await queue.enqueue(t.db.kysely, { kind: 'long', payload: {} });
    startWorker(queue);
    await until(() => progress.steps >= 3);

    const otherDb = openSecondConnection(t);
    extraDbs.push(otherDb);
    const elsewhere = bullQueue({}, slowPolls, otherDb);
    expect(await elsewhere.cancel({ jobId })).toEqual([{ jobId, state: 'cancel_requested' }]);
    const job = await waitForStatus(queue, jobId, ['cancelled']);
    expect(progress.reason).toBeInstanceOf(JobCancelledError);
    expect(progress.steps).toBeLessThan(1_000);
    expect(job.attempts).toBe(1);
  });

  it('a cancelled pending job is never run', async () => {
    const queue = bullQueue();
    const ran: string[] = [];
    queue.registry.register('never', async (_p, h) => void ran.push(h.jobId));
    const cancelled = await queue.enqueue(t.db.kysely, { kind: 'never', payload: {} });
    expect(await queue.cancel({ jobId: cancelled.jobId })).toEqual([{ jobId: cancelled.jobId, state: 'cancelled' }]);
    const canary = await queue.enqueue(t.db.kysely, { kind: 'never', payload: {} });
    startWorker(queue);
    await waitForStatus(queue, canary.jobId, ['completed']);
    expect(ran).toEqual([canary.jobId]);
    expect((await queue.getJob(cancelled.jobId))?.status).toBe('cancelled');
  });

  it('two workers with their own dispatchers run each of 30 jobs exactly once', async () => {
    const otherDb = openSecondConnection(t);
    extraDbs.push(otherDb);
    const a = bullQueue();
    const b = bullQueue({}, {}, otherDb);
    const runs = new Map<string, number>();
    for (const q of [a, b]) {
      q.registry.register('work', async (_p, { jobId }) => {
        runs.set(jobId, (runs.get(jobId) ?? 0) + 1);
        await sleep(5);
      });
    }
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push((await a.enqueue(t.db.kysely, { kind: 'work', payload: { i } })).jobId);
    startWorker(a);
    startWorker(b);
    for (const id of ids) await waitForStatus(a, id, ['completed'], 30_000);
    expect([...runs.values()].filter((n) => n !== 1)).toEqual([]);
    expect(runs.size).toBe(30);
  });

  it('a job whose worker died is dispatched again once its lease expired', async () => {
    const queue = bullQueue();
    const attempts: number[] = [];
    queue.registry.register('orphan', async (_p, { attempt }) => void attempts.push(attempt));
    const { jobId } = await queue.enqueue(t.db.kysely, { kind: 'orphan', payload: {} });
    await t.db.kysely
      .updateTable('jobs')
      .set({ status: 'running', attempts: 1, locked_by: 'dead-worker', locked_until: new Date(Date.now() - 1).toISOString() })
      .where('id', '=', jobId)
      .execute();
    startWorker(queue);
    const job = await waitForStatus(queue, jobId, ['completed']);
    expect(job.attempts).toBe(2);
    expect(attempts).toEqual([2]);
  });

  it('stop() releases a job still running after the grace period; another worker completes it', async () => {
    const first = bullQueue();
    first.registry.register('stuck', (_p, { signal }) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve())));
    const claimed = first.events.once('job:claimed');
    const { jobId } = await first.enqueue(t.db.kysely, { kind: 'stuck', payload: {} });
    const worker = startWorker(first);
    await claimed;
    await worker.stop({ graceMs: 100 });
    expect(await first.getJob(jobId)).toMatchObject({ status: 'pending', attempts: 0, lockedBy: null });

    const second = bullQueue();
    second.registry.register('stuck', async () => {});
    startWorker(second);
    expect(await waitForStatus(second, jobId, ['completed'])).toMatchObject({ attempts: 1 });
  });
});

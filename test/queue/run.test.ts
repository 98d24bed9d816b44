import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job, JobHelpers, Queue, Worker } from '../../src/queue/index.js';
import type { TestDb } from '../helpers/db.js';
import { insertTask, testQueue, waitForStatus, createQueueTestDb } from './helpers.js';

describe('queue: enqueue and run', () => {
  let t: TestDb;
  let queue: Queue;
  let worker: Worker | undefined;

  beforeEach(async () => {
    t = await createQueueTestDb();
    queue = testQueue(t);
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await queue.close();
    await t.cleanup();
  });

  it('runs a job written in the same transaction as its task, with the documented helpers', async () => {
    const seen: { payload: unknown; helpers: Omit<JobHelpers, 'signal' | 'heartbeat' | 'logger'> }[] = [];
    queue.registry.register<{ n: number }>('echo', async (payload, helpers) => {
      await helpers.heartbeat();
      seen.push({ payload, helpers: { jobId: helpers.jobId, taskId: helpers.taskId, attempt: helpers.attempt, maxAttempts: helpers.maxAttempts } });
    });
    const claimed: Job[] = [];
    const completed: Job[] = [];
    queue.events.on('job:claimed', ({ job }) => void claimed.push(job));
    queue.events.on('job:completed', ({ job }) => void completed.push(job));

    const { taskId, jobId } = await t.db.kysely.transaction().execute(async (trx) => {
      const taskId = await insertTask(trx);
      const { jobId, created } = await queue.enqueue(trx, { kind: 'echo', payload: { n: 7 }, taskId });
      expect(created).toBe(true);
      return { taskId, jobId };
    });
    expect((await queue.getJob(jobId))?.status).toBe('pending');

    worker = queue.createWorker();
    worker.start();
    const job = await waitForStatus(queue, jobId, ['completed']);

    expect(job).toMatchObject({ kind: 'echo', payload: { n: 7 }, attempts: 1, taskId, lockedBy: null, lastError: null });
    expect(seen).toEqual([{ payload: { n: 7 }, helpers: { jobId, taskId, attempt: 1, maxAttempts: 3 } }]);
    expect(claimed.map((j) => j.id)).toEqual([jobId]);
    // The event is emitted after the completing write commits, so a poll can see the row first.
    await vi.waitFor(() => expect(completed.map((j) => j.status)).toEqual(['completed']), { timeout: 5000 });
    expect((await queue.listJobsForTask(taskId)).map((j) => j.id)).toEqual([jobId]);
  });

  it('writes no job when the caller rolls its transaction back', async () => {
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await queue.enqueue(trx, { kind: 'echo', payload: {}, jobKey: 'rolled-back' });
        throw new Error('the service failed after enqueueing');
      }),
    ).rejects.toThrow('the service failed');
    expect(await t.db.kysely.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  it('dedupes by job key while the job is live, and frees the key once it finished', async () => {
    let runs = 0;
    queue.registry.register('once', async () => {
      runs++;
    });
    const first = await queue.enqueue(t.db.kysely, { kind: 'once', payload: { v: 1 }, jobKey: 'build:abc' });
    const second = await queue.enqueue(t.db.kysely, { kind: 'once', payload: { v: 2 }, jobKey: 'build:abc' });
    expect(second).toEqual({ jobId: first.jobId, created: false });
    expect(await t.db.kysely.selectFrom('jobs').select('id').execute()).toHaveLength(1);

    worker = queue.createWorker();
    worker.start();
    const done = await waitForStatus(queue, first.jobId, ['completed']);
    expect(done.payload).toEqual({ v: 1 });
    expect(done.jobKey).toBeNull();
    expect(runs).toBe(1);

    const third = await queue.enqueue(t.db.kysely, { kind: 'once', payload: { v: 3 }, jobKey: 'build:abc' });
    expect(third.created).toBe(true);
    expect(third.jobId).not.toBe(first.jobId);
    await waitForStatus(queue, third.jobId, ['completed']);
    expect(runs).toBe(2);
  });

  it('does not claim a job before its runAt, nor a kind it has no handler for', async () => {
    const ran: string[] = [];
    queue.registry.register('known', async (_p, h) => void ran.push(h.jobId));
    const later = await queue.enqueue(t.db.kysely, { kind: 'known', payload: {}, runAt: new Date(Date.now() + 60 * 60_000) });
    const unknown = await queue.enqueue(t.db.kysely, { kind: 'unknown', payload: {} });
    const now = await queue.enqueue(t.db.kysely, { kind: 'known', payload: {} });

    worker = queue.createWorker();
    worker.start();
    await waitForStatus(queue, now.jobId, ['completed']);
    expect(ran).toEqual([now.jobId]);
    expect((await queue.getJob(later.jobId))?.status).toBe('pending');
    expect((await queue.getJob(unknown.jobId))?.status).toBe('pending');
  });

  it('rejects an invalid maxAttempts', async () => {
    await expect(queue.enqueue(t.db.kysely, { kind: 'x', payload: {}, maxAttempts: 0 })).rejects.toThrow('maxAttempts');
  });
});

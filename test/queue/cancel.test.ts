import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobCancelledError, JobLeaseLostError, type JobHandler, type Queue, type Worker } from '../../src/queue/index.js';
import type { Db } from '../../src/db/index.js';
import type { TestDb } from '../helpers/db.js';
import { insertTask, openSecondConnection, sleep, testQueue, until, waitForStatus, createQueueTestDb } from './helpers.js';

/** A long job made of small steps that stops at the first step after its signal aborts. */
function longLoop(progress: { steps: number; sawAbort: boolean; reason?: unknown }): JobHandler {
  return async (_payload, { signal }) => {
    for (let i = 0; i < 1_000; i++) {
      if (signal.aborted) {
        progress.sawAbort = true;
        progress.reason = signal.reason;
        throw signal.reason;
      }
      progress.steps++;
      await sleep(10);
    }
  };
}

describe('queue: cancel', () => {
  let t: TestDb;
  let queue: Queue;
  let worker: Worker | undefined;
  let otherDb: Db | undefined;

  beforeEach(async () => {
    t = await createQueueTestDb();
    queue = testQueue(t);
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await otherDb?.close();
    otherDb = undefined;
    await t.cleanup();
  });

  it('cancels a pending job, by job id or by task id, so it never runs', async () => {
    const ran: string[] = [];
    queue.registry.register('never', async (_p, h) => void ran.push(h.jobId));
    const taskId = await insertTask(t.db.kysely);
    const byId = await queue.enqueue(t.db.kysely, { kind: 'never', payload: {}, jobKey: 'key-a' });
    const byTask = await queue.enqueue(t.db.kysely, { kind: 'never', payload: {}, taskId });
    const cancelled: string[] = [];
    queue.events.on('job:cancelled', ({ job }) => void cancelled.push(job.id));

    expect(await queue.cancel({ jobId: byId.jobId })).toEqual([{ jobId: byId.jobId, state: 'cancelled' }]);
    expect(await queue.cancel({ taskId })).toEqual([{ jobId: byTask.jobId, state: 'cancelled' }]);
    expect(cancelled).toEqual([byId.jobId, byTask.jobId]);
    // Cancelling again (or a finished job) changes nothing.
    expect(await queue.cancel({ jobId: byId.jobId })).toEqual([]);

    const canary = await queue.enqueue(t.db.kysely, { kind: 'never', payload: {} });
    worker = queue.createWorker();
    worker.start();
    await waitForStatus(queue, canary.jobId, ['completed']);
    expect(ran).toEqual([canary.jobId]);
    const job = await queue.getJob(byId.jobId);
    expect(job).toMatchObject({ status: 'cancelled', cancelRequested: true, attempts: 0, jobKey: null });
  });

  it('aborts a running job in the same process; it stops early and is not retried', async () => {
    const progress = { steps: 0, sawAbort: false } as { steps: number; sawAbort: boolean; reason?: unknown };
    queue.registry.register('long', longLoop(progress));
    const { jobId } = await queue.enqueue(t.db.kysely, { kind: 'long', payload: {}, maxAttempts: 5 });
    worker = queue.createWorker();
    worker.start();
    await until(() => progress.steps >= 3);

    expect(await queue.cancel({ jobId })).toEqual([{ jobId, state: 'cancel_requested' }]);
    const job = await waitForStatus(queue, jobId, ['cancelled']);
    expect(progress.sawAbort).toBe(true);
    expect(progress.reason).toBeInstanceOf(JobCancelledError);
    expect(progress.steps).toBeLessThan(1_000);
    expect(job).toMatchObject({ attempts: 1, cancelRequested: true, lockedBy: null });
    // Not retried: the worker keeps polling and the job stays cancelled with one attempt.
    await sleep(200);
    expect((await queue.getJob(jobId))?.attempts).toBe(1);
  });

  it('a worker in another process sees the cancel flag at its next poll', async () => {
    const progress = { steps: 0, sawAbort: false } as { steps: number; sawAbort: boolean; reason?: unknown };
    queue.registry.register('long', longLoop(progress));
    const { jobId } = await queue.enqueue(t.db.kysely, { kind: 'long', payload: {} });
    worker = queue.createWorker();
    worker.start();
    await until(() => progress.steps >= 3);

    // Another process: its own connection and queue, so no in-process event reaches the worker.
    otherDb = openSecondConnection(t);
    const elsewhere = testQueue(t, {}, otherDb);
    expect(await elsewhere.cancel({ jobId })).toEqual([{ jobId, state: 'cancel_requested' }]);
    await waitForStatus(queue, jobId, ['cancelled']);
    expect(progress.reason).toBeInstanceOf(JobCancelledError);
    expect(progress.steps).toBeLessThan(1_000);
  });

  it('aborts a job whose lease another worker took over, and drops its outcome', async () => {
    const progress = { steps: 0, sawAbort: false } as { steps: number; sawAbort: boolean; reason?: unknown };
    queue.registry.register('long', longLoop(progress));
    const { jobId } = await queue.enqueue(t.db.kysely, { kind: 'long', payload: {} });
    worker = queue.createWorker();
    worker.start();
    await until(() => progress.steps >= 3);

    // As if the lease had expired and another worker had claimed the job.
    await t.db.kysely.updateTable('jobs').set({ locked_by: 'other-worker' }).where('id', '=', jobId).execute();
    await until(() => progress.sawAbort);
    expect(progress.reason).toBeInstanceOf(JobLeaseLostError);
    await sleep(100);
    expect(await queue.getJob(jobId)).toMatchObject({ status: 'running', lockedBy: 'other-worker', lastError: null });
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import { JobLeaseLostError, type JobHandler, type Queue, type Worker } from '../../src/queue/index.js';
import type { TestDb } from '../helpers/db.js';
import { openSecondConnection, sleep, testQueue, until, waitForStatus, createQueueTestDb } from './helpers.js';

describe('queue: several workers and shutdown', () => {
  let t: TestDb;
  let otherDb: Db;
  const workers: Worker[] = [];

  beforeEach(async () => {
    t = await createQueueTestDb();
    otherDb = openSecondConnection(t);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop({ graceMs: 0 })));
    await otherDb.close();
    await t.cleanup();
  });

  function startWorker(queue: Queue): Worker {
    const worker = queue.createWorker();
    workers.push(worker);
    worker.start();
    return worker;
  }

  it('two workers on separate connections run each of 50 jobs exactly once', async () => {
    const runs = new Map<string, string[]>();
    const handler: (name: string) => JobHandler = (name) => async (_p, { jobId }) => {
      runs.set(jobId, [...(runs.get(jobId) ?? []), name]);
      await sleep(5);
    };
    const a = testQueue(t);
    const b = testQueue(t, {}, otherDb);
    a.registry.register('work', handler('a'));
    b.registry.register('work', handler('b'));

    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push((await a.enqueue(t.db.kysely, { kind: 'work', payload: { i } })).jobId);
    startWorker(a);
    startWorker(b);

    await until(() => runs.size === 50, 30_000);
    for (const id of ids) await waitForStatus(a, id, ['completed']);
    expect([...runs.values()].filter((who) => who.length !== 1)).toEqual([]);
    const jobs = await t.db.kysely.selectFrom('jobs').select(['status', 'attempts']).execute();
    expect(jobs.every((j) => j.status === 'completed' && Number(j.attempts) === 1)).toBe(true);
  });

  it('stop() waits for a running handler that finishes within the grace period', async () => {
    const queue = testQueue(t);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let finished = false;
    queue.registry.register('slow', async () => {
      await gate;
      finished = true;
    });
    const claimed = queue.events.once('job:claimed');
    const { jobId } = await queue.enqueue(t.db.kysely, { kind: 'slow', payload: {} });
    const worker = startWorker(queue);
    await claimed;

    const stopped = worker.stop({ graceMs: 10_000 });
    setTimeout(release, 50);
    await stopped;
    expect(finished).toBe(true);
    expect((await queue.getJob(jobId))?.status).toBe('completed');
  });

  it('stop() releases the lease of a job still running after the grace period; another worker takes it', async () => {
    const first = testQueue(t);
    let aborted: unknown = null;
    first.registry.register('stuck', async (_p, { signal }) => {
      // Reaches no safe point in time: blocks until aborted.
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      aborted = signal.reason;
    });
    const claimed = first.events.once('job:claimed');
    const { jobId } = await first.enqueue(t.db.kysely, { kind: 'stuck', payload: {} });
    const worker = startWorker(first);
    await claimed;

    await worker.stop({ graceMs: 100 });
    expect(aborted).toBeInstanceOf(JobLeaseLostError);
    const released = await first.getJob(jobId);
    expect(released).toMatchObject({ status: 'pending', attempts: 0, lockedBy: null, lockedUntil: null });

    const second = testQueue(t, {}, otherDb);
    const ranBy: string[] = [];
    second.registry.register('stuck', async (_p, h) => void ranBy.push(`${h.jobId}:${h.attempt}`));
    startWorker(second);
    const done = await waitForStatus(second, jobId, ['completed']);
    expect(done.attempts).toBe(1);
    expect(ranBy).toEqual([`${jobId}:1`]);
  });
});

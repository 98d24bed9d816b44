import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QuarryError } from '../../src/errors/index.js';
import { PermanentJobError, TransientJobError, type Queue, type QueueEvents, type Worker } from '../../src/queue/index.js';
import type { TestDb } from '../helpers/db.js';
import { insertTask, testQueue, waitForStatus, createQueueTestDb } from './helpers.js';

describe('queue: failures are data', () => {
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
    await t.cleanup();
  });

  function start(): void {
    worker = queue.createWorker();
    worker.start();
  }

  it('retries with exponential backoff, never before run_at, then succeeds', async () => {
    const startedAt: number[] = [];
    queue.registry.register('flaky', async () => {
      startedAt.push(Date.now());
      if (startedAt.length < 3) throw new TransientJobError(`boom ${startedAt.length}`);
    });
    const retries: QueueEvents['job:retry'][] = [];
    queue.events.on('job:retry', (e) => void retries.push(e));

    const { jobId } = await queue.enqueue(t.db.kysely, { kind: 'flaky', payload: {}, maxAttempts: 3 });
    start();
    const job = await waitForStatus(queue, jobId, ['completed']);

    expect(job.attempts).toBe(3);
    expect(job.lastError).toBe('boom 2');
    expect(retries.map((r) => [r.job.status, r.job.attempts, r.job.lastError])).toEqual([
      ['pending', 1, 'boom 1'],
      ['pending', 2, 'boom 2'],
    ]);
    // Each retry is scheduled its backoff after the failure (base 50 ms, doubling)...
    const runAt = retries.map((r) => Date.parse(r.runAt));
    expect(retries.map((r) => Date.parse(r.runAt) - Date.parse(r.job.updatedAt))).toEqual([50, 100]);
    expect(retries.map((r) => r.runAt)).toEqual(retries.map((r) => r.job.runAt));
    // ...and the next attempt does not start before it.
    expect(startedAt[1]).toBeGreaterThanOrEqual(runAt[0]);
    expect(startedAt[2]).toBeGreaterThanOrEqual(runAt[1]);
  });

  it('fails after max attempts with last_error, and onFailed marks the task failed in the same transaction', async () => {
    const taskId = await insertTask(t.db.kysely);
    queue.registry.register(
      'doomed',
      async (_payload, { attempt }) => {
        throw new TransientJobError(`attempt ${attempt} broke`);
      },
      {
        async onFailed({ job, trx }) {
          await trx.updateTable('tasks').set({ status: 'failed', error: job.lastError }).where('id', '=', job.taskId!).execute();
        },
      },
    );
    const failed = queue.events.once('job:failed');
    const { jobId } = await queue.enqueue(t.db.kysely, { kind: 'doomed', payload: {}, taskId, maxAttempts: 2 });
    start();

    const job = await waitForStatus(queue, jobId, ['failed']);
    expect(job).toMatchObject({ attempts: 2, lastError: 'attempt 2 broke', lockedBy: null });
    const event = await failed;
    expect(event.job.id).toBe(jobId);
    expect((event.error as Error).message).toBe('attempt 2 broke');
    const task = await t.db.kysely.selectFrom('tasks').select(['status', 'error']).where('id', '=', taskId).executeTakeFirstOrThrow();
    expect(task).toEqual({ status: 'failed', error: 'attempt 2 broke' });
  });

  it('fails at once on a PermanentJobError or a non-retryable QuarryError, and retries a retryable one', async () => {
    queue.registry.register<{ error: string }>('throws', async ({ error }) => {
      if (error === 'permanent') throw new PermanentJobError('bad input, never works');
      if (error === 'quarry-permanent') throw new QuarryError('validation_failed', 'task is invalid');
      throw new QuarryError('unavailable', 'try later');
    });
    const enqueue = (error: string) => queue.enqueue(t.db.kysely, { kind: 'throws', payload: { error }, maxAttempts: 2 });
    const permanent = await enqueue('permanent');
    const quarryPermanent = await enqueue('quarry-permanent');
    const retryable = await enqueue('retryable');
    start();

    expect(await waitForStatus(queue, permanent.jobId, ['failed'])).toMatchObject({ attempts: 1, lastError: 'bad input, never works' });
    expect(await waitForStatus(queue, quarryPermanent.jobId, ['failed'])).toMatchObject({
      attempts: 1,
      lastError: 'validation_failed: task is invalid',
    });
    expect(await waitForStatus(queue, retryable.jobId, ['failed'])).toMatchObject({ attempts: 2, lastError: 'unavailable: try later' });
  });

  it('still fails the job when the onFailed hook throws, and notes why', async () => {
    queue.registry.register(
      'hook-breaks',
      async () => {
        throw new PermanentJobError('handler failed');
      },
      {
        async onFailed() {
          throw new Error('hook failed too');
        },
      },
    );
    const { jobId } = await queue.enqueue(t.db.kysely, { kind: 'hook-breaks', payload: {} });
    start();
    const job = await waitForStatus(queue, jobId, ['failed']);
    expect(job.lastError).toBe('handler failed (onFailed hook failed: hook failed too)');
  });

  it('fails a job whose worker died on its last attempt instead of running it again', async () => {
    const taskId = await insertTask(t.db.kysely);
    let ran = false;
    let hookSaw: string | null = null;
    queue.registry.register(
      'crashy',
      async () => {
        ran = true;
      },
      {
        async onFailed({ job }) {
          hookSaw = job.id;
        },
      },
    );
    const { jobId } = await queue.enqueue(t.db.kysely, { kind: 'crashy', payload: {}, taskId, maxAttempts: 1 });
    // What a worker killed mid-job leaves behind: running, its only attempt used, lease passed.
    await t.db.kysely
      .updateTable('jobs')
      .set({ status: 'running', attempts: 1, locked_by: 'dead-worker', locked_until: new Date(Date.now() - 1_000).toISOString() })
      .where('id', '=', jobId)
      .execute();
    start();
    const job = await waitForStatus(queue, jobId, ['failed']);
    expect(ran).toBe(false);
    expect(hookSaw).toBe(jobId);
    expect(job.attempts).toBe(2);
    expect(job.lastError).toMatch(/lease expired/);
  });

  it('a job cancelled from elsewhere while it runs ends cancelled even if its handler then throws', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    queue.registry.register('fails-after-gate', async () => {
      // Ignores its signal on purpose: the cancel arrives while it runs, then it throws.
      await gate;
      throw new TransientJobError('transient');
    });
    const claimed = queue.events.once('job:claimed');
    const { jobId } = await queue.enqueue(t.db.kysely, { kind: 'fails-after-gate', payload: {}, jobKey: 'k1' });
    start();
    await claimed;
    // Another queue instance (as in another process): no in-process event reaches the worker, so
    // whichever comes first, the worker's cancel poll or the failed attempt, must end cancelled.
    const elsewhere = testQueue(t);
    expect(await elsewhere.cancel({ jobId })).toEqual([{ jobId, state: 'cancel_requested' }]);
    release();
    const job = await waitForStatus(queue, jobId, ['cancelled', 'pending']);
    expect(job.status).toBe('cancelled');
    expect(job.jobKey).toBeNull();
  });

  it('fails a bug at once, logged at error level with its stack and ids; retries a lost connection', async () => {
    const lines: Array<{ obj: Record<string, unknown>; msg?: string }> = [];
    const record = (obj: object, msg?: string) => void lines.push({ obj: obj as Record<string, unknown>, msg });
    const logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: record };
    queue = testQueue(t, { logger });
    const taskId = await insertTask(t.db.kysely);
    let reset = 0;
    queue.registry.register<{ fault: string; requestId?: string }>('faults', async ({ fault }) => {
      if (fault === 'bug') (null as unknown as { x: number }).x = 1; // a TypeError: it would happen every time
      if (fault === 'reset' && ++reset < 2) throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
      if (fault === 'pg-gone') throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    });
    const bug = await queue.enqueue(t.db.kysely, { kind: 'faults', payload: { fault: 'bug', requestId: 'req-123' }, taskId, maxAttempts: 3 });
    const flaky = await queue.enqueue(t.db.kysely, { kind: 'faults', payload: { fault: 'reset' }, maxAttempts: 3 });
    const pgGone = await queue.enqueue(t.db.kysely, { kind: 'faults', payload: { fault: 'pg-gone' }, maxAttempts: 2 });
    start();

    expect(await waitForStatus(queue, bug.jobId, ['failed'])).toMatchObject({ attempts: 1 });
    const line = lines.find((l) => l.obj.jobId === bug.jobId)!;
    expect(line.msg).toBe('job failed with an unexpected error');
    expect(line.obj).toMatchObject({ kind: 'faults', taskId, requestId: 'req-123', attempt: 1, willRetry: false });
    expect((line.obj.err as Error).stack).toMatch(/TypeError/);

    expect(await waitForStatus(queue, flaky.jobId, ['completed'])).toMatchObject({ attempts: 2 });
    expect(await waitForStatus(queue, pgGone.jobId, ['failed'])).toMatchObject({ attempts: 2 });
    // Transient faults are expected weather, not error lines.
    expect(lines.filter((l) => l.obj.jobId !== bug.jobId)).toEqual([]);
  });
});

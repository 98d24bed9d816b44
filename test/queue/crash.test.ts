import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Queue, Worker } from '../../src/queue/index.js';
import type { TestDb } from '../helpers/db.js';
import { createQueueTestDb, FAST_QUEUE, testQueue, until, waitForStatus } from './helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Starts test/fixtures/queue-worker.ts on the test database and collects its stdout lines. */
function spawnWorker(t: TestDb): { child: ChildProcess; lines: string[] } {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...t.env,
    QUARRY_JOB_LEASE_MS: String(FAST_QUEUE.leaseMs),
    QUARRY_JOB_HEARTBEAT_MS: String(FAST_QUEUE.heartbeatMs),
    QUARRY_QUEUE_POLL_MS: String(FAST_QUEUE.pollMs),
    QUARRY_LOG_LEVEL: 'silent',
  };
  // The child must use exactly the test database, and the embedded queue.
  if (!t.env.DATABASE_URL) delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/queue-worker.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    lines.push(...parts);
  });
  return { child, lines };
}

describe('queue: a worker process killed mid-job', () => {
  let t: TestDb;
  let queue: Queue;
  let worker: Worker | undefined;
  let child: ChildProcess | undefined;

  beforeEach(async () => {
    t = await createQueueTestDb();
    queue = testQueue(t);
  });
  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    await worker?.stop();
    await t.cleanup();
  });

  it('loses nothing: after the lease expires another worker claims the job and completes it (attempts 2)', async () => {
    const { jobId } = await queue.enqueue(t.db.kysely, { kind: 'block', payload: { step: 'long' } });
    const spawned = spawnWorker(t);
    child = spawned.child;
    await until(() => spawned.lines.includes(`claimed ${jobId} 1`), 30_000);

    const running = await queue.getJob(jobId);
    expect(running).toMatchObject({ status: 'running', attempts: 1, lockedBy: `crash-fixture:${child.pid}` });
    // The child renews its lease while the handler blocks.
    await waitForLeaseRenewal(queue, jobId, running!.lockedUntil!);

    child.kill('SIGKILL');
    await once(child, 'exit');
    const orphaned = await queue.getJob(jobId);
    expect(orphaned).toMatchObject({ status: 'running', attempts: 1 });

    const attempts: number[] = [];
    queue.registry.register('block', async (_payload, { attempt }) => void attempts.push(attempt));
    const reclaimed = queue.events.once('job:claimed');
    worker = queue.createWorker();
    worker.start();
    const done = await waitForStatus(queue, jobId, ['completed'], 30_000);

    expect(done).toMatchObject({ status: 'completed', attempts: 2, lockedBy: null, lastError: null });
    expect(attempts).toEqual([2]);
    // Claimed again only once the dead worker's lease had passed (the claim stamps updated_at).
    const { job: claim } = await reclaimed;
    expect(claim.updatedAt > orphaned!.lockedUntil!).toBe(true);
  });
});

async function waitForLeaseRenewal(queue: Queue, jobId: string, firstLease: string): Promise<void> {
  await expect
    .poll(async () => (await queue.getJob(jobId))?.lockedUntil ?? '', { timeout: 10_000, interval: 50 })
    .not.toBe(firstLease);
}

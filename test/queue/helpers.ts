/**
 * Shared set-up for the queue tests: a fresh real database per test, a queue tuned with short
 * intervals, and small waiting helpers (bounded waits, never timed assertions).
 */
import { vi } from 'vitest';
import { loadConfig, type Config } from '../../src/config/index.js';
import { openDb, type Db } from '../../src/db/index.js';
import { createQueue, type CreateQueueOptions, type Job, type Queue } from '../../src/queue/index.js';
import { createTestDb, type TestDb } from '../helpers/db.js';
import { newId } from '../../src/clock.js';

/** A fresh real database per test (SQLite file or PostgreSQL schema). */
export const createQueueTestDb = (): Promise<TestDb> => createTestDb();

export const FAST_QUEUE: Config['queue'] = {
  name: 'quarry-jobs',
  embeddedWorker: false,
  concurrency: 4,
  leaseMs: 1_000,
  heartbeatMs: 200,
  pollMs: 20,
};

export function testConfig(t: TestDb, overrides: Partial<Config> = {}): Config {
  return loadConfig({}, { dataDir: t.dataDir, queue: FAST_QUEUE, ...overrides });
}

export function testQueue(t: TestDb, options: Partial<CreateQueueOptions> = {}, db: Db = t.db): Queue {
  return createQueue({
    db,
    config: testConfig(t),
    cancelPollMs: 50,
    shutdownGraceMs: 2_000,
    backoff: { baseMs: 50, maxMs: 200 },
    ...options,
  });
}

/** A second, independent connection to the same test database (what another process would open). */
export function openSecondConnection(t: TestDb): Db {
  return openDb({ databaseUrl: t.env.DATABASE_URL ?? null, dataDir: t.env.QUARRY_DATA_DIR });
}

/** Waits (bounded) until the job reaches one of the statuses, and returns it. */
export async function waitForStatus(queue: Queue, jobId: string, statuses: Job['status'][], timeout = 15_000): Promise<Job> {
  return vi.waitFor(
    async () => {
      const job = await queue.getJob(jobId);
      if (!job || !statuses.includes(job.status)) throw new Error(`job ${jobId} is ${job?.status ?? 'missing'}`);
      return job;
    },
    { timeout, interval: 20 },
  );
}

/** Resolves when `predicate` holds (bounded). */
export async function until(predicate: () => boolean, timeout = 15_000): Promise<void> {
  await vi.waitFor(
    () => {
      if (!predicate()) throw new Error('condition not met yet');
    },
    { timeout, interval: 10 },
  );
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A user and a task row, so jobs can point at a real task. */
export async function insertTask(db: Db['kysely'], status = 'running'): Promise<string> {
  const now = new Date().toISOString();
  const userId = newId();
  const taskId = newId();
  await db
    .insertInto('users')
    .values({ id: userId, email: `${userId}@example.test`, password_hash: null, plan: 'free', credits: 0, disclaimer_accepted_at: null, workspace_id: null, created_at: now })
    .execute();
  await db
    .insertInto('tasks')
    .values({
      id: taskId, user_id: userId, url: 'http://127.0.0.1/', task: 'list items', status, iteration: 0,
      user_input_prompt: null, user_response: null, result_scraper_id: null, result_marketplace_id: null,
      error: null, parent_task_id: null, extends_scraper_id: null, revision_type: null, auth_enabled: 0,
      allow_auth: 0, source: 'api', contributes_to_marketplace: 1, workspace: 0, progress: null,
      marketplace_apis: null, existing_marketplace_apis: null, created_at: now, updated_at: now, completed_at: null,
    })
    .execute();
  return taskId;
}

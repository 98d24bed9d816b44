/**
 * Shared set-up for the queue tests: a fresh real database per test, a queue tuned with short
 * intervals, and small waiting helpers (bounded waits, never timed assertions).
 */
import { vi } from 'vitest';
import { loadConfig, type Config } from '../../src/config/index.js';
import { openDb, type Db } from '../../src/db/index.js';
import { createQueue, type CreateQueueOptions, type Job, type Queue } from '../../src/queue/index.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateToLatest } from '../../src/db/index.js';
import { createTestDb, TEST_PG_URL, usePostgres, type TestDb } from '../helpers/db.js';
import { newId } from '../../src/clock.js';

/**
 * `createTestDb()`, made safe for test files running at once on PostgreSQL. Kysely's Migrator
 * (without `migrationTableSchema`) looks for its migration tables in EVERY schema of the
 * database: while another test's schema is alive it skips creating them here and fails
 * ("relation kysely_migration_lock does not exist"), and its introspection query can fail while
 * another schema is being dropped. So the schema gets those two tables up front, and a failed
 * set-up is retried in a fresh schema. Remove once src/db/migrate.ts passes the schema.
 */
export async function createQueueTestDb(): Promise<TestDb> {
  if (!usePostgres) return createTestDb();
  for (let attempt = 1; ; attempt++) {
    try {
      return await createPgTestDb();
    } catch (err) {
      if (attempt >= 5) throw err;
      await sleep(50 + Math.random() * 200);
    }
  }
}

async function adminQuery(statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function createPgTestDb(): Promise<TestDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-test-'));
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery([
    `create schema ${schema}`,
    `create table ${schema}.kysely_migration (name varchar(255) not null primary key, timestamp varchar(255) not null)`,
    `create table ${schema}.kysely_migration_lock (id varchar(255) not null primary key, is_locked integer not null default 0)`,
  ]);
  const db = openDb({ databaseUrl: TEST_PG_URL, dataDir, pgSchema: schema });
  const cleanup = async () => {
    await db.close();
    await adminQuery([`drop schema if exists ${schema} cascade`]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(db.kysely);
  } catch (err) {
    await cleanup();
    throw err;
  }
  const url = new URL(TEST_PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { db, dataDir, env: { DATABASE_URL: url.toString(), QUARRY_DATA_DIR: dataDir }, cleanup };
}

export const FAST_QUEUE: Config['queue'] = {
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

/**
 * A real Quarry app for tests: real database (SQLite file or PostgreSQL schema), real queue,
 * limiter and fetcher, built with buildApp() and exercised with inject() (or listen()).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../../src/config/index.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { buildApp } from '../../src/http/app.js';
import { createUser, startSession } from '../../src/services/accounts.js';
import { createKey } from '../../src/services/keys.js';
import { createTestDb, type TestDb } from './db.js';
import pino from 'pino';

export interface TestUser {
  userId: string;
  email: string;
  key: string;
  /** Cookie header value of a logged-in dashboard session (no token: forgery is refused by Fetch Metadata). */
  cookie: string;
}

export interface TestApp {
  app: FastifyInstance;
  runtime: Runtime;
  config: Config;
  testDb: TestDb;
  user(plan?: string): Promise<TestUser>;
  /** inject() with a key. */
  call(
    method: string,
    url: string,
    opts?: { key?: string | null; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

let counter = 0;

export async function startTestApp(
  opts: {
    env?: Record<string, string>;
    startWorker?: boolean;
    configure?: (c: Config) => Config;
    postgres?: boolean;
    /** The service's logger (silent by default); a test that checks a log line passes its own. */
    logger?: pino.Logger;
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDb({ postgres: opts.postgres });
  let config = loadConfig({
    ...testDb.env,
    QUARRY_LOG_LEVEL: 'silent',
    QUARRY_ALLOW_PRIVATE_TARGETS: '1',
    QUARRY_QUEUE_POLL_MS: '50',
    QUARRY_JOB_HEARTBEAT_MS: '200',
    ...opts.env,
  });
  if (opts.configure) config = Object.freeze(opts.configure(config));
  const runtime = await createRuntime(config, {
    db: testDb.db,
    logger: opts.logger ?? pino({ level: 'silent' }),
    startWorker: opts.startWorker ?? false,
  });
  const app = await buildApp(runtime.deps, { logger: false });
  await app.ready();
  const { clock, db } = runtime.deps;
  return {
    app,
    runtime,
    config,
    testDb,
    async user(plan = 'free') {
      const email = `user${++counter}-${Date.now()}@example.test`;
      const account = await createUser(db, clock, { email, password: 'correct horse battery', plan });
      const key = await createKey(db, clock, account.id, { name: 'test' });
      const session = await startSession(db, clock, config.sessionTtlMs, account.id);
      return { userId: account.id, email, key: key.api_key, cookie: `quarry_session=${session.token}` };
    },
    call(method, url, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      if (o.key) headers['x-api-key'] = o.key;
      return app.inject({ method: method as 'GET', url, headers, ...(o.body !== undefined ? { payload: o.body as object } : {}) });
    },
    async close() {
      await app.close();
      await runtime.close();
      await testDb.cleanup();
    },
  };
}

/**
 * The real service for a benchmark: a runtime on a fresh SQLite data folder, the app listening
 * on 127.0.0.1, and one account with a key and plenty of credits. Shared by every benchmark
 * that goes through the service.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config/index.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { buildApp } from '../../src/http/app.js';
import { createUser } from '../../src/services/accounts.js';
import { createKey } from '../../src/services/keys.js';
import { setBalance } from '../../src/services/credits.js';

export interface BenchService {
  base: string;
  app: FastifyInstance;
  runtime: Runtime;
  userId: string;
  key: string;
  /** JSON request with the account's key. */
  api(method: string, p: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** Poll a task to its end. */
  waitForTask(taskId: string): Promise<any>;
  close(): Promise<void>;
}

export async function startBenchService(env: Record<string, string> = {}, opts: { worker?: boolean } = {}): Promise<BenchService> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-bench-'));
  const config = loadConfig({
    QUARRY_DATA_DIR: dataDir,
    QUARRY_LOG_LEVEL: 'silent',
    QUARRY_ALLOW_PRIVATE_TARGETS: '1',
    QUARRY_QUEUE_POLL_MS: '50',
    ...env,
  });
  const runtime = await createRuntime(config, { logger: pino({ level: 'silent' }), startWorker: opts.worker ?? true });
  const app = await buildApp(runtime.deps, { logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const { db, clock } = runtime.deps;
  const user = await createUser(db, clock, { email: 'bench@example.test', password: 'bench password', plan: 'company' });
  await setBalance(db, clock, user.id, 10_000_000, 'bench');
  const key = (await createKey(db, clock, user.id)).api_key;
  const api: BenchService['api'] = async (method, p, body) => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { 'x-api-key': key, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  return {
    base,
    app,
    runtime,
    userId: user.id,
    key,
    api,
    async waitForTask(taskId) {
      for (;;) {
        const task = (await api('GET', `/dispatch/tasks/${taskId}`)).body;
        if (['completed', 'failed', 'cancelled'].includes(task.status)) return task;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async close() {
      await app.close();
      await runtime.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * bench:api — requests per second of GET /dispatch/tasks/{id} with a valid key (key lookup,
 * ownership check, task read and serialisation) against a bare Fastify route that answers the
 * same JSON with no work, both served by this process and loaded by the same generator.
 * Two workloads: one hot task polled by one key, and 1,000 distinct tasks polled by 100 keys
 * (10 tasks each, round-robin: caches see the spread a real fleet of pollers makes).
 * Each workload runs in rounds (bare then ours, back to back) and reports the round with the
 * median ratio (bench/lib/load.ts, medianRound).
 * Last lines: `api: ratio 0.NN (X req/s vs Y req/s bare)` and `api (1,000 tasks / 100 keys): ratio ...`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pino from 'pino';
import { loadConfig } from '../src/config/index.js';
import { createRuntime } from '../src/runtime.js';
import { buildApp } from '../src/http/app.js';
import { createUser } from '../src/services/accounts.js';
import { createKey } from '../src/services/keys.js';
import { runLoad, fmt, medianRound, ROUNDS, type LoadResult } from './lib/load.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-bench-api-'));
const config = loadConfig({ QUARRY_DATA_DIR: dataDir, QUARRY_LOG_LEVEL: 'silent', QUARRY_EMBEDDED_WORKER: '0' });
const runtime = await createRuntime(config, { logger: pino({ level: 'silent' }), startWorker: false });
const app = await buildApp(runtime.deps, { logger: false });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const { db, clock } = runtime.deps;
const user = await createUser(db, clock, { email: 'bench@example.test', password: 'bench password' });
const key = (await createKey(db, clock, user.id)).api_key;
const created = await app.inject({ method: 'POST', url: '/dispatch', headers: { 'x-api-key': key }, payload: { url: 'https://example.com/', task: 'bench' } });
const taskId = created.json().task_id as string;
const taskBody = (await app.inject({ method: 'GET', url: `/dispatch/tasks/${taskId}`, headers: { 'x-api-key': key } })).body;

const bare = Fastify({ logger: false });
bare.get('/dispatch/tasks/:task_id', async (_req, reply) => reply.type('application/json').send(taskBody));
const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

const opts = { concurrency: CONCURRENCY, durationMs: DURATION_MS, warmupMs: 1000 };

interface Round {
  ours: LoadResult;
  bare: LoadResult;
}
const ratioOf = (r: Round) => r.ours.rps / r.bare.rps;

/** Rounds of the bare route then ours, back to back; the round with the median ratio is reported. */
async function measure(label: string, bareRun: () => Promise<LoadResult>, ourRun: () => Promise<LoadResult>): Promise<Round> {
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const bareResult = await bareRun();
    const ours = await ourRun();
    if (ours.statuses['200'] !== ours.requests) throw new Error(`unexpected statuses ${JSON.stringify(ours.statuses)}`);
    rounds.push({ ours, bare: bareResult });
    console.log(`${label}round ${i + 1}: quarry ${fmt(ours.rps, 0)} req/s (p50 ${fmt(ours.p50, 2)} ms, p99 ${fmt(ours.p99, 2)} ms); bare ${fmt(bareResult.rps, 0)} req/s (p50 ${fmt(bareResult.p50, 2)} ms); ratio ${fmt(ratioOf({ ours, bare: bareResult }), 2)}`);
  }
  return medianRound(rounds, ratioOf);
}

const hot = await measure(
  '',
  () => runLoad({ ...opts, url: `${bareBase}/dispatch/tasks/${taskId}` }),
  () => runLoad({ ...opts, url: `${base}/dispatch/tasks/${taskId}`, headers: { 'x-api-key': key } }),
);

// 1,000 distinct tasks from 100 keys: each key polls its own 10 tasks; the bare route answers each
// task's own JSON from a map (the least a server must do to answer distinct ids).
const KEYS = 100;
const TASKS_PER_KEY = 10;
const byKey: Array<Array<{ path: string; headers: Record<string, string> }>> = [];
const bareBodies = new Map<string, string>();
for (let k = 0; k < KEYS; k++) {
  const u = await createUser(db, clock, { email: `poller${k}@example.test`, password: 'bench password' });
  const userKey = (await createKey(db, clock, u.id)).api_key;
  byKey.push([]);
  for (let i = 0; i < TASKS_PER_KEY; i++) {
    const made = await app.inject({ method: 'POST', url: '/dispatch', headers: { 'x-api-key': userKey }, payload: { url: `https://example.com/${k}/${i}`, task: 'bench' } });
    const id = made.json().task_id as string;
    bareBodies.set(id, (await app.inject({ method: 'GET', url: `/dispatch/tasks/${id}`, headers: { 'x-api-key': userKey } })).body);
    byKey[k].push({ path: `/dispatch/tasks/${id}`, headers: { 'x-api-key': userKey } });
  }
}
// Interleave keys (key 0 task 0, key 1 task 0, ...) so consecutive requests hit different keys.
const rotate = Array.from({ length: TASKS_PER_KEY }, (_, i) => byKey.map((tasks) => tasks[i])).flat();
const spread = Fastify({ logger: false });
spread.get<{ Params: { task_id: string } }>('/dispatch/tasks/:task_id', async (req, reply) => reply.type('application/json').send(bareBodies.get(req.params.task_id)));
const spreadBase = await spread.listen({ port: 0, host: '127.0.0.1' });
const spreadRound = await measure(
  '1,000 tasks / 100 keys ',
  () => runLoad({ ...opts, url: spreadBase, rotate }),
  () => runLoad({ ...opts, url: base, rotate }),
);
await spread.close();
await app.close();
await bare.close();
await runtime.close();
fs.rmSync(dataDir, { recursive: true, force: true });
const line = (r: Round) => `ratio ${fmt(ratioOf(r), 2)} (${fmt(r.ours.rps, 0)} req/s vs ${fmt(r.bare.rps, 0)} req/s bare)`;
console.log(`api: ${line(hot)}`);
console.log(`api (1,000 tasks / 100 keys): ${line(spreadRound)}`);

/**
 * A small closed-loop HTTP load generator that runs in a worker thread, so the client has its
 * own event loop (and core) and the server under test is not slowed by its own load.
 * Each of `concurrency` callers sends its next request as soon as the previous one answers.
 */
import { Worker } from 'node:worker_threads';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  concurrency: number;
  durationMs: number;
  /** Requests before measuring starts (connection set-up, JIT). */
  warmupMs?: number;
  /** Many distinct requests (same origin as url): each call takes the next, round-robin. */
  rotate?: Array<{ path: string; headers?: Record<string, string> }>;
}

export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { Pool } = require(workerData.undiciPath);
(async () => {
  const o = workerData.options;
  const u = new URL(o.url);
  const pool = new Pool(u.origin, { connections: o.concurrency, pipelining: 1 });
  const lat = [];
  const statuses = {};
  let errors = 0, count = 0, measuring = false;
  const path = u.pathname + u.search;
  const deadline = Date.now() + (o.warmupMs || 0) + o.durationMs;
  setTimeout(() => { measuring = true; }, o.warmupMs || 0);
  let started = 0;
  let turn = 0;
  async function caller() {
    while (Date.now() < deadline) {
      const t0 = process.hrtime.bigint();
      try {
        const r = o.rotate ? o.rotate[turn++ % o.rotate.length] : null;
        const res = await pool.request({ path: r ? r.path : path, method: o.method || 'GET', headers: r ? r.headers : o.headers, body: o.body });
        await res.body.arrayBuffer();
        if (measuring) {
          lat.push(Number(process.hrtime.bigint() - t0) / 1e6);
          statuses[res.statusCode] = (statuses[res.statusCode] || 0) + 1;
          count++;
          if (!started) started = Date.now();
        }
      } catch (e) { if (measuring) errors++; }
    }
  }
  await Promise.all(Array.from({ length: o.concurrency }, caller));
  const elapsed = (Date.now() - (started || Date.now())) / 1000;
  await pool.close();
  lat.sort((a, b) => a - b);
  const q = (p) => lat.length ? lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] : 0;
  parentPort.postMessage({ requests: count, errors, rps: elapsed > 0 ? count / elapsed : 0, p50: q(0.5), p99: q(0.99), statuses });
})();
`;

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const undiciPath = new URL('../../node_modules/undici/index.js', import.meta.url).pathname;
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { options, undiciPath } });
    w.once('message', (m: LoadResult) => {
      resolve(m);
      void w.terminate();
    });
    w.once('error', reject);
  });
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

/**
 * The round with the median ratio. A round runs the baseline and the service back to back, so
 * its ratio compares runs made at the same machine speed; this VM drifts by a third within
 * minutes, and a best run per side would pair runs made at different speeds.
 */
export function medianRound<T>(rounds: T[], ratio: (round: T) => number): T {
  return [...rounds].sort((a, b) => ratio(a) - ratio(b))[Math.floor(rounds.length / 2)];
}

/** Rounds per measured line (`BENCH_ROUNDS`): odd, so the median is a round. */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

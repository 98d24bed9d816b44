/**
 * Starts bench/lib/service-child.ts: the real service in a child process, talked to over IPC
 * for set-up calls and for its own resource figures (peak RSS).
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface ServiceProcess {
  base: string;
  key: string;
  userId: string;
  api(method: string, p: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** The service process's peak and current RSS, in MB; with `sampleMemory`, the peak of its memory plus its browser's. */
  stats(): Promise<{ maxRssMb: number; rssMb: number; memory?: ServiceMemory }>;
  stop(): Promise<void>;
}

export interface ServiceProcessOptions {
  /** Run the embedded job worker in the service process, as `npm start` does (default false). */
  worker?: boolean;
  /** Sample the service's RSS and its browser tree's PSS every 250 ms, inside the service process. */
  sampleMemory?: boolean;
}

/** The highest sum of the service process's RSS and its browser tree's PSS, sampled at one instant. */
export interface ServiceMemory {
  peakMb: number;
  nodeMb: number;
  browserMb: number;
  /** V8's heap limit in the service process (set by npm start's node flags). */
  heapLimitMb: number;
  /** The browser engine's counters (launches, pages, recycles, current tree PSS), when it exists. */
  browser: unknown;
}

/**
 * The node flags `npm start` runs the service with (package.json), its loader aside: the
 * service under benchmark runs with them too (its heap limit sets how far V8 lets the heap grow).
 * Given after any NODE_OPTIONS of ours, as on npm start's command line, they win.
 */
export function startNodeFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const words = (pkg.scripts?.start ?? '').split(/\s+/);
  const flags: string[] = [];
  for (let i = words.indexOf('node') + 1; i > 0 && i < words.length && words[i].startsWith('--'); i++) {
    if (words[i] === '--import' || words[i] === '--require') i++;
    else flags.push(words[i]);
  }
  return flags;
}

export async function startServiceProcess(env: Record<string, string> = {}, options: ServiceProcessOptions = {}): Promise<ServiceProcess> {
  const child: ChildProcess = fork(path.resolve('bench/lib/service-child.ts'), [], {
    // BENCH_CPU_PROF_DIR=/tmp/prof: the service writes a V8 CPU profile there when it stops
    // (NODE_OPTIONS may not carry --cpu-prof).
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [])],
    env: { ...process.env, NODE_OPTIONS: [process.env.NODE_OPTIONS, ...startNodeFlags()].filter(Boolean).join(' '), BENCH_SERVICE_ENV: JSON.stringify(env), BENCH_SERVICE_OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ base: string; key: string; userId: string }>((resolve, reject) => {
    child.once('message', (m: any) => resolve(m.ready));
    child.once('exit', (code) => reject(new Error(`service process exited with ${code}`)));
  });
  let next = 0;
  const pending = new Map<number, (v: any) => void>();
  child.on('message', (m: any) => {
    if (typeof m.id === 'number') {
      pending.get(m.id)?.(m.result);
      pending.delete(m.id);
    }
  });
  const ask = <T>(msg: Record<string, unknown>): Promise<T> =>
    new Promise<T>((resolve) => {
      const id = ++next;
      pending.set(id, resolve);
      child.send({ ...msg, id });
    });
  return {
    ...ready,
    api: (method, p, body) => ask({ type: 'api', method, path: p, body }),
    stats: () => ask({ type: 'stats' }),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ type: 'stop' });
      }),
  };
}

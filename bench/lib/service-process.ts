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
  /** The service process's peak and current RSS in MB and its CPU and event-loop (busy, idle) time so far in ms; with `sampleMemory`, the peak of its memory plus its browser's. */
  stats(): Promise<{ maxRssMb: number; rssMb: number; cpuMs: number; loopBusyMs: number; loopIdleMs: number; memory?: ServiceMemory }>;
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
  const child = await forkBenchChild<{ base: string; key: string; userId: string }>('bench/lib/service-child.ts', {
    // BENCH_CPU_PROF_DIR=/tmp/prof: the service writes a V8 CPU profile there when it stops
    // (NODE_OPTIONS may not carry --cpu-prof).
    execArgv: process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [],
    env: {
      NODE_OPTIONS: [process.env.NODE_OPTIONS, ...startNodeFlags()].filter(Boolean).join(' '),
      BENCH_SERVICE_ENV: JSON.stringify(env),
      BENCH_SERVICE_OPTIONS: JSON.stringify(options),
    },
  });
  return {
    ...child.ready,
    api: (method, p, body) => child.ask({ type: 'api', method, path: p, body }),
    stats: () => child.ask({ type: 'stats' }),
    stop: child.stop,
  };
}

/** A bench process's child, talked to over IPC: it sends `{ready}` once, then answers `{id, result}` to each asked message. */
export interface BenchChild<R> {
  ready: R;
  ask<T>(msg: Record<string, unknown>): Promise<T>;
  /** Sends `{type: 'stop'}` and waits for the child to exit. */
  stop(): Promise<void>;
}

/** Forks a TypeScript module of the bench (through tsx) with extra env and node flags. */
export async function forkBenchChild<R>(module: string, opts: { env?: Record<string, string>; execArgv?: string[] } = {}): Promise<BenchChild<R>> {
  const child: ChildProcess = fork(path.resolve(module), [], {
    execArgv: ['--import', 'tsx', ...(opts.execArgv ?? [])],
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<R>((resolve, reject) => {
    child.once('message', (m: any) => resolve(m.ready));
    child.once('exit', (code) => reject(new Error(`${module} exited with ${code}`)));
  });
  let next = 0;
  const pending = new Map<number, (v: any) => void>();
  child.on('message', (m: any) => {
    if (typeof m.id === 'number') {
      pending.get(m.id)?.(m.result);
      pending.delete(m.id);
    }
  });
  return {
    ready,
    ask: <T>(msg: Record<string, unknown>): Promise<T> =>
      new Promise<T>((resolve) => {
        const id = ++next;
        pending.set(id, resolve);
        child.send({ ...msg, id });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ type: 'stop' });
      }),
  };
}

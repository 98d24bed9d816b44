/**
 * Starts bench/lib/service-child.ts: the real service in a child process, talked to over IPC
 * for set-up calls and for its own resource figures (peak RSS).
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface ServiceProcess {
  base: string;
  key: string;
  userId: string;
  api(method: string, p: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** The service process's peak and current RSS, in MB. */
  stats(): Promise<{ maxRssMb: number; rssMb: number }>;
  stop(): Promise<void>;
}

export async function startServiceProcess(env: Record<string, string> = {}): Promise<ServiceProcess> {
  const child: ChildProcess = fork(path.resolve('bench/lib/service-child.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_SERVICE_ENV: JSON.stringify(env) },
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

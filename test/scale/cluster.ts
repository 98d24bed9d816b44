/**
 * A scale-out deployment on 127.0.0.1 for the fault test and `npm run bench:scale`: API
 * processes (`src/bin/server.ts`, QUARRY_EMBEDDED_WORKER=0, what `npm start` runs) and worker
 * processes (`src/bin/worker.ts`, `npm run worker`) on one PostgreSQL schema and one Redis of
 * their own, so faults injected here never touch the machine's shared servers:
 * - Redis: a redis-server started here on a free port (no persistence), crashed and restarted;
 * - PostgreSQL: a fresh schema, every connection named by a unique application_name, so a
 *   "restart" kills exactly this deployment's connections (pg_terminate_backend), nobody else's.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createTestDb, TEST_PG_URL, type TestDb } from '../helpers/db.js';

/** The cluster starts its own redis-server; without the binary its tests are skipped (and say so). */
export const haveRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const exited = (p: ChildProcess) =>
  p.exitCode !== null || p.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => p.once('exit', () => r()));

async function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

/** A redis-server of our own: crash it and start it again on the same port. */
export class OwnRedis {
  private proc: ChildProcess | null = null;
  constructor(readonly port: number) {}
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.proc = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100 && !(await portAnswers(this.port)); i++) await sleep(50);
  }

  /** SIGKILL (a crash: every queued BullMQ message is lost), `downMs` of nothing, then a fresh server. */
  async restart(downMs: number): Promise<void> {
    await this.stop('SIGKILL');
    await sleep(downMs);
    await this.start();
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const p = this.proc;
    this.proc = null;
    if (!p) return;
    p.kill(signal);
    await exited(p);
  }
}

export interface Proc {
  role: 'api' | 'worker';
  proc: ChildProcess;
  /** API processes: their base URL. */
  base: string;
}

export interface ClusterOptions {
  apis: number;
  workers: number;
  /** Extra environment for every process. */
  env?: Record<string, string>;
}

export class Cluster {
  readonly appName = `quarry-scale-${randomBytes(4).toString('hex')}`;
  readonly procs: Proc[] = [];
  env: Record<string, string> = {};
  testDb!: TestDb;
  redis!: OwnRedis;

  async start(opts: ClusterOptions): Promise<void> {
    this.testDb = await createTestDb({ postgres: true });
    this.redis = new OwnRedis(await freePort());
    await this.redis.start();
    const url = new URL(this.testDb.env.DATABASE_URL);
    url.searchParams.set('application_name', this.appName);
    this.env = {
      ...this.testDb.env,
      DATABASE_URL: url.toString(),
      REDIS_URL: this.redis.url,
      QUARRY_QUEUE_NAME: this.appName,
      QUARRY_EMBEDDED_WORKER: '0',
      QUARRY_ALLOW_PRIVATE_TARGETS: '1',
      QUARRY_LOG_LEVEL: 'fatal',
      QUARRY_RESPECT_ROBOTS: '0',
      ...opts.env,
    };
    await Promise.all([
      ...Array.from({ length: opts.apis }, () => this.startApi()),
      ...Array.from({ length: opts.workers }, () => this.startWorker()),
    ]);
  }

  get apis(): Proc[] {
    return this.procs.filter((p) => p.role === 'api' && p.proc.exitCode === null && p.proc.signalCode === null);
  }
  get workers(): Proc[] {
    return this.procs.filter((p) => p.role === 'worker' && p.proc.exitCode === null && p.proc.signalCode === null);
  }

  private spawn(entry: string, env: Record<string, string>): ChildProcess {
    return spawn(process.execPath, ['--import', 'tsx', entry], { env: { ...process.env, ...this.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  }

  /** `npm start` with QUARRY_EMBEDDED_WORKER=0; resolves once GET /ready answers 200. */
  async startApi(): Promise<Proc> {
    const port = await freePort();
    const proc = this.spawn('src/bin/server.ts', { PORT: String(port) });
    const p: Proc = { role: 'api', proc, base: `http://127.0.0.1:${port}` };
    this.procs.push(p);
    for (let i = 0; i < 600; i++) {
      if (proc.exitCode !== null) throw new Error('API process exited during start-up');
      const ok = await fetch(`${p.base}/ready`).then((r) => r.ok, () => false);
      if (ok) return p;
      await sleep(100);
    }
    throw new Error('API process did not become ready');
  }

  /** `npm run worker`; resolves once its process is up (it logs nothing at this level). */
  async startWorker(): Promise<Proc> {
    const proc = this.spawn('src/bin/worker.ts', {});
    const p: Proc = { role: 'worker', proc, base: '' };
    this.procs.push(p);
    await sleep(200);
    return p;
  }

  /** The worker process holding a job (worker ids are host:pid:random). */
  workerOf(lockedBy: string | null): Proc | undefined {
    const pid = Number(lockedBy?.split(':')[1]);
    return this.workers.find((w) => w.proc.pid === pid);
  }

  /** What a PostgreSQL restart does to this deployment: every connection of it is cut. */
  async cutDatabaseConnections(): Promise<number> {
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    const res = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [this.appName]);
    await admin.end();
    return res.rowCount ?? 0;
  }

  async kill(p: Proc, signal: NodeJS.Signals): Promise<void> {
    p.proc.kill(signal);
    await exited(p.proc);
  }

  async close(): Promise<void> {
    await Promise.all(this.procs.map(async (p) => {
      if (p.proc.exitCode === null && p.proc.signalCode === null) {
        p.proc.kill('SIGTERM');
        const t = setTimeout(() => p.proc.kill('SIGKILL'), 25_000);
        await exited(p.proc);
        clearTimeout(t);
      }
    }));
    await this.redis?.stop();
    await this.testDb?.cleanup();
  }
}

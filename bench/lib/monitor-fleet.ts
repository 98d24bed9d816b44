/**
 * The deployment `npm run bench:monitors` and `npm run bench:soak` measure: 2 API and 2 worker
 * processes in scale mode (test/scale/cluster.ts: `src/bin/server.ts` with
 * QUARRY_EMBEDDED_WORKER=0 and `src/bin/worker.ts`, one fresh PostgreSQL schema, a Redis of its
 * own), shops on 127.0.0.1 whose products change, a webhook receiver in its own process that
 * fails a third of first tries, and N monitors due every minute.
 *
 * The one-minute interval comes from the plan table (src/config/plans.ts: the company plan's
 * minimum is 60 s and it keeps up to 5,000 monitors), so the fleet is spread over
 * ceil(N / 5000) company accounts. Webhook retries are shortened through the operator's config
 * (QUARRY_WEBHOOK_RETRY_BASE_MS), the tick through QUARRY_MONITOR_TICK_MS: no bench-only path.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { Cluster, exited, freePort } from '../../test/scale/cluster.js';
import { startFixtureSite, type FixtureSite } from '../../test/helpers/fixture-server.js';
import { listProducts, shopRecipe } from '../../test/marketplace/fixtures.js';
import { createUser } from '../../src/services/accounts.js';
import { createKey } from '../../src/services/keys.js';
import { grant } from '../../src/services/credits.js';
import { PLANS } from '../../src/config/plans.js';
import { systemClock } from '../../src/clock.js';

export const INTERVAL_SECONDS = PLANS.company.monitors.minIntervalSeconds;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Product {
  id: number;
  name: string;
  price: number;
}

export interface Shop {
  site: FixtureSite;
  products: Product[];
  nextId: number;
  hits: number;
}

async function startShop(index: number, count: number): Promise<Shop> {
  const products = Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Siebträger ${index}-${i + 1}`, price: 199 + i }));
  const shop: Shop = { site: undefined as unknown as FixtureSite, products, nextId: count + 1, hits: 0 };
  shop.site = await startFixtureSite([
    ['/', `<html><head><title>Kaffee Laden ${index}</title></head><body><div class="consent">Wir nutzen Cookies <button>OK</button></div><h1>Shop</h1><nav><a href="/account">Anmelden</a></nav><footer>Impressum</footer></body></html>`],
    [
      '/api/products',
      () => {
        shop.hits++;
        return { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: shop.products, total: shop.products.length }) };
      },
    ],
  ]);
  return shop;
}

/** One step of a shop's life: a price moves; every other step a product comes or goes. */
function mutate(shop: Shop, step: number): void {
  const p = shop.products[step % shop.products.length];
  p.price = Math.round((p.price * (step % 2 ? 0.95 : 1.04)) * 100) / 100;
  if (step % 2 === 0) shop.products.push({ id: shop.nextId, name: `Mühle ${shop.nextId++}`, price: 89 });
  else if (shop.products.length > 5) shop.products.splice(1, 1);
}

/** The receiver process: SIGKILL it and start it again on the same port and log. */
export class ReceiverProcess {
  proc: ChildProcess | null = null;
  constructor(readonly port: number, readonly logFile: string) {}
  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }
  async start(): Promise<void> {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/monitor-receiver.ts', String(this.port), this.logFile], { stdio: ['ignore', 'pipe', 'inherit'] });
    this.proc = proc;
    await new Promise<void>((resolve, reject) => {
      proc.stdout!.once('data', () => resolve());
      proc.once('exit', (code) => reject(new Error(`receiver exited ${code}`)));
    });
  }
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const p = this.proc;
    this.proc = null;
    if (!p) return;
    p.kill(signal);
    await exited(p);
  }
  /** Every request received, in order. */
  log(): Array<{ id: string; at: number; status: number }> {
    if (!fs.existsSync(this.logFile)) return [];
    return fs.readFileSync(this.logFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id: string; at: number; status: number });
  }
}

export interface FleetOptions {
  monitors: number;
  shops?: number;
  productsPerShop?: number;
  /** How often every shop's data changes. */
  changeEveryMs?: number;
  verbose?: boolean;
}

export class MonitorFleet {
  readonly cluster = new Cluster();
  shops: Shop[] = [];
  receiver!: ReceiverProcess;
  monitorIds: string[] = [];
  private mutator: NodeJS.Timeout | null = null;
  private readonly workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-bench-monitors-'));
  private log = (msg: string) => this.opts.verbose !== false && console.log(`   ${msg}`);

  constructor(readonly opts: FleetOptions) {}

  async start(): Promise<void> {
    await this.cluster.start({
      apis: 2,
      workers: 2,
      env: {
        QUARRY_MONITOR_TICK_MS: '1000',
        QUARRY_WEBHOOK_RETRY_BASE_MS: '2000',
        QUARRY_WEBHOOK_RETRY_MAX_MS: '20000',
        QUARRY_WEBHOOK_TIMEOUT_MS: '5000',
      },
    });
    this.log(`cluster up: 2 API + 2 worker processes, PostgreSQL schema, Redis ${this.cluster.redis.url}`);
    this.shops = await Promise.all(Array.from({ length: this.opts.shops ?? 4 }, (_, i) => startShop(i + 1, this.opts.productsPerShop ?? 30)));
    this.receiver = new ReceiverProcess(await freePort(), path.join(this.workDir, 'receiver.log'));
    await this.receiver.start();
    await this.createMonitors();
    let step = 0;
    this.mutator = setInterval(() => {
      step++;
      for (const s of this.shops) mutate(s, step);
    }, this.opts.changeEveryMs ?? 25_000);
  }

  private async call(base: string, method: string, url: string, key: string, body?: unknown): Promise<any> {
    const res = await fetch(`${base}${url}`, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }

  private async createMonitors(): Promise<void> {
    const db = this.cluster.testDb.db;
    const perAccount = PLANS.company.monitors.maxMonitors;
    const accounts = Math.ceil(this.opts.monitors / perAccount);
    const bases = this.cluster.apis.map((a) => a.base);
    const jobs: Array<{ key: string; scraperId: string }> = [];
    for (let a = 0; a < accounts; a++) {
      const user = await createUser(db, systemClock, { email: `monitors-${a}@bench.example.test`, password: 'correct horse battery', plan: 'company' });
      await grant(db, systemClock, user.id, 10_000_000, 'bench_grant');
      const key = (await createKey(db, systemClock, user.id)).api_key;
      const scrapers: string[] = [];
      for (const shop of this.shops) {
        const r = await this.call(bases[0], 'POST', '/scrapers', key, shopRecipe(shop.site.url, [listProducts({ id: 'integer', name: 'string', price: 'number' })]));
        scrapers.push(r.scraper_id as string);
      }
      const mine = Math.min(perAccount, this.opts.monitors - a * perAccount);
      for (let i = 0; i < mine; i++) jobs.push({ key, scraperId: scrapers[i % scrapers.length] });
    }
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async (_, w) => {
        while (next < jobs.length) {
          const j = jobs[next++];
          const r = await this.call(bases[w % bases.length], 'POST', '/monitors', j.key, {
            scraper_id: j.scraperId,
            endpoint_name: 'list_products',
            every_seconds: INTERVAL_SECONDS,
            webhook_url: this.receiver.url,
            key_fields: ['id'],
          });
          this.monitorIds.push(r.monitor_id as string);
        }
      }),
    );
    this.log(`${jobs.length} monitors created through POST /monitors in ${((Date.now() - started) / 1000).toFixed(1)} s (${accounts} company account(s), every ${INTERVAL_SECONDS} s)`);
  }

  /** Stops new runs (every monitor paused, as PATCH {paused: true} does) and the shops' changes. */
  async stopScheduling(): Promise<Date> {
    if (this.mutator) clearInterval(this.mutator);
    const at = new Date();
    await this.cluster.testDb.db.kysely.updateTable('monitors').set({ paused: 1, next_run_at: null }).execute();
    return at;
  }

  /** Waits until no run is queued or running and no delivery is pending (or `timeoutMs`). */
  async drain(timeoutMs: number): Promise<boolean> {
    const k = this.cluster.testDb.db.kysely;
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const runs = await k.selectFrom('monitor_runs').select((eb) => eb.fn.countAll<number>().as('n')).where('status', 'in', ['queued', 'running']).executeTakeFirstOrThrow();
      const dels = await k.selectFrom('monitor_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
      if (Number(runs.n) === 0 && Number(dels.n) === 0) return true;
      await sleep(1000);
    }
    return false;
  }

  async close(): Promise<void> {
    if (this.mutator) clearInterval(this.mutator);
    await this.receiver?.kill('SIGTERM');
    await this.cluster.close();
    await Promise.all(this.shops.map((s) => s.site.close()));
    fs.rmSync(this.workDir, { recursive: true, force: true });
  }
}

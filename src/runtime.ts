/**
 * The composition root: turns a Config into the running parts (database, queue, limiter,
 * fetcher, logger, job workers) and knows how to shut them down in a safe order. Used by
 * bin/server, bin/worker, the benchmarks and the tests, so they all run the same wiring.
 */
import pino, { type Logger } from 'pino';
import type { Config } from './config/index.js';
import { openDb, migrateToLatest, type Db } from './db/index.js';
import { systemClock, type Clock } from './clock.js';
import { createQueue, JobRegistry, type Worker } from './queue/index.js';
import { createRateLimiter } from './ratelimit/index.js';
import { createFetcher } from './fetch/index.js';
import type { ServiceDeps } from './services/deps.js';
import { registerJobs } from './jobs/index.js';
import { CallLog } from './services/call-log.js';
import { scheduleSelfHealing } from './services/revisions/schedule.js';
import { probeLoginWall } from './builder/login-wall.js';
import { createCanonicals, createListingSearch } from './services/marketplace/index.js';
import { createNotifier, type Notifier } from './notify/index.js';
import { bindKeyNotifications } from './services/keys.js';
import { checkReadiness } from './services/readiness.js';
import { watchQueueMetrics } from './metrics/queue-hooks.js';
import { startMonitorTicker } from './services/monitors/index.js';

export interface Runtime {
  deps: ServiceDeps;
  registry: JobRegistry;
  worker: Worker | null;
  /** Cross-process notifications (key revocations, plan changes). */
  notifier: Notifier;
  /** Stop taking work, let running jobs reach a safe point, close connections and the database. */
  close(): Promise<void>;
}

export interface RuntimeOptions {
  logger?: Logger;
  /** An already opened (and migrated) database, e.g. a test's. */
  db?: Db;
  clock?: Clock;
  /** Run job workers in this process (default: config.queue.embeddedWorker). */
  startWorker?: boolean;
}

export function createLogger(config: Config): Logger {
  return pino({ level: config.logLevel, base: { service: 'quarry' } });
}

export async function createRuntime(config: Config, opts: RuntimeOptions = {}): Promise<Runtime> {
  const logger = opts.logger ?? createLogger(config);
  const clock = opts.clock ?? systemClock;
  const ownsDb = !opts.db;
  const db = opts.db ?? openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  if (ownsDb) await migrateToLatest(db);

  const registry = new JobRegistry();
  const queue = createQueue({ db, config, clock, logger, registry, bullmq: { queueName: config.queue.name } });
  const limiter = createRateLimiter(config, undefined, { enabled: config.rateLimits });
  const fetcher = createFetcher(config);
  const callLog = new CallLog(db, logger);
  // Revocations and plan changes made by any process reach this one's key cache at once.
  const notifier = await createNotifier(config, db, logger);
  const unbindKeys = bindKeyNotifications(db.kysely, notifier);
  const unwatchQueue = watchQueueMetrics(queue.events, db);
  // Marketplace: canonicals callable by any key, and the search index built from the listings table.
  const marketplaceSearch = createListingSearch(db, config);
  await marketplaceSearch.sync();
  const deps: ServiceDeps = {
    config,
    db,
    clock,
    queue,
    limiter,
    fetcher,
    logger,
    callLog,
    canonicals: createCanonicals(db),
    marketplaceSearch,
    dispatchHooks: { probeLoginWall: (url) => probeLoginWall(fetcher, url) },
    readiness: () =>
      checkReadiness({
        database: () => db.kysely.selectFrom('users').select('id').limit(1).execute(),
        redis: config.redisUrl ? () => notifier.ping() : null,
        queue: () => queue.ping(),
      }),
  };
  registerJobs(registry, deps);

  const startWorker = opts.startWorker ?? config.queue.embeddedWorker;
  const worker = startWorker ? queue.createWorker({ concurrency: config.queue.concurrency }) : null;
  worker?.start();
  // Every process that runs jobs keeps the self-healing sweep scheduled (idempotent by job key).
  if (worker) await scheduleSelfHealing(deps);
  // Every process that runs jobs claims due monitors (exactly once per slot: services/monitors/ticker.ts).
  const ticker = worker ? startMonitorTicker(deps) : null;

  let closed = false;
  return {
    deps,
    registry,
    worker,
    notifier,
    async close() {
      if (closed) return;
      closed = true;
      await ticker?.stop();
      await worker?.stop();
      await queue.close();
      unwatchQueue();
      unbindKeys();
      await notifier.close();
      await callLog.flush();
      await limiter.close();
      await fetcher.close();
      if (ownsDb) await db.close();
    },
  };
}

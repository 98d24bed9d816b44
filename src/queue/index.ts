/**
 * Quarry's job queue. `createQueue()` picks the transport: embedded (workers poll the `jobs`
 * table; SQLite or PostgreSQL) unless `config.redisUrl` is set, then BullMQ with the same table
 * as the source of truth. Services only see `JobQueue`; bin/ starts `Worker`s.
 *
 *   const queue = createQueue({ db, config });
 *   queue.registry.register('build', buildHandler, { onFailed: markTaskFailed });
 *   await db.kysely.transaction().execute(async (trx) => {
 *     await insertTask(trx, task);
 *     await queue.enqueue(trx, { kind: 'build', payload: { taskId }, taskId, jobKey: `build:${taskId}` });
 *   });
 *   const worker = queue.createWorker(); worker.start(); ... await worker.stop();
 */
import { systemClock, type Clock } from '../clock.js';
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import { BullJobQueue, BullWorker, type BullOptions } from './bullmq.js';
import { DbJobQueue } from './db-queue.js';
import { EmbeddedWorker } from './embedded.js';
import { TypedEmitter, type QueueEmitter, type QueueEvents } from './events.js';
import { JobRegistry } from './registry.js';
import { newWorkerId, resolveSettings, silentLogger, type QueueSettings, type QueueTuning } from './settings.js';
import type { JobQueue, Logger, Worker, WorkerOptions } from './types.js';

export type * from './types.js';
export type { QueueEvents, QueueEmitter } from './events.js';
export type { BackoffPolicy } from './backoff.js';
export type { BullOptions } from './bullmq.js';
export { TypedEmitter } from './events.js';
export { JobRegistry } from './registry.js';
export { PermanentJobError, JobCancelledError, JobLeaseLostError, isRetryable } from './errors.js';
export { TransientJobError, isTransientFault } from '../errors/transient.js';

export interface CreateQueueOptions extends QueueTuning {
  db: Db;
  config: Config;
  clock?: Clock;
  logger?: Logger;
  /** Share a registry between queues; a new one by default. */
  registry?: JobRegistry;
  /** BullMQ transport details (queue name, key prefix, dispatcher timing). */
  bullmq?: BullOptions;
}

export interface Queue extends JobQueue {
  readonly mode: 'embedded' | 'bullmq';
  readonly registry: JobRegistry;
  readonly events: QueueEmitter;
  readonly settings: QueueSettings;
  /** A worker for this queue's registry and events (not started). */
  createWorker(options?: WorkerOptions): Worker;
  /** Closes the queue's own connections (Redis); the database stays open. */
  close(): Promise<void>;
  /** Throws when the queue cannot take work (table or Redis unreachable): for GET /ready. */
  ping(): Promise<void>;
}

export function createQueue(options: CreateQueueOptions): Queue {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger;
  const registry = options.registry ?? new JobRegistry();
  const events: QueueEmitter = new TypedEmitter<QueueEvents>(logger);
  const settings = resolveSettings(options.config, options);
  const store = { db: options.db, clock };

  const workerContext = (workerOptions: WorkerOptions) => ({
    ...store,
    ...settings,
    concurrency: workerOptions.concurrency ?? settings.concurrency,
    shutdownGraceMs: workerOptions.shutdownGraceMs ?? settings.shutdownGraceMs,
    workerId: workerOptions.workerId ?? newWorkerId(),
    registry,
    events,
    logger,
  });

  const redisUrl = options.config.redisUrl;
  if (redisUrl) {
    const producer = new BullJobQueue(store, events, logger, redisUrl, options.bullmq);
    return {
      ...producerMethods(producer),
      mode: 'bullmq',
      registry,
      events,
      settings,
      createWorker: (w = {}) => new BullWorker(workerContext(w), redisUrl, options.bullmq),
      close: () => producer.closeConnections(),
      ping: () => producer.ping(),
    };
  }
  const producer = new DbJobQueue(store, events);
  return {
    ...producerMethods(producer),
    mode: 'embedded',
    registry,
    events,
    settings,
    createWorker: (w = {}) => new EmbeddedWorker(workerContext(w)),
    nudge: () => events.emit('jobs:due', {}),
    close: async () => {},
    ping: () => producer.ping(),
  };
}

function producerMethods(producer: JobQueue): JobQueue {
  return {
    enqueue: (executor, input) => producer.enqueue(executor, input),
    cancel: (target) => producer.cancel(target),
    getJob: (jobId) => producer.getJob(jobId),
    listJobsForTask: (taskId) => producer.listJobsForTask(taskId),
  };
}

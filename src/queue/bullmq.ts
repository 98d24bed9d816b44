/**
 * The BullMQ transport for scale mode (REDIS_URL set). The `jobs` table stays the source of
 * truth, used as an outbox:
 * - enqueue writes the row in the caller's transaction, exactly as the embedded queue does;
 * - a dispatcher (in each worker process) moves due rows into a BullMQ queue;
 * - a BullMQ worker claims the row named by the message (same lease and heartbeat), runs the
 *   registered handler with the same helpers, and records the outcome in the row. Retries are
 *   the row going back to pending with a backoff, then dispatched again; BullMQ never retries;
 * - cancel sets the same flag and publishes the job ids on a Redis channel, so the process
 *   running the job aborts it at once (the cancel poll stays as the fallback).
 */
import type { Queue as BullQueue, Worker as BullMqWorker, Job as BullJob } from 'bullmq';
import type { Redis } from 'ioredis';
import { loadBullmq, loadIoredis } from '../optional-modules.js';
import { DbJobQueue } from './db-queue.js';
import { clearDispatchMark } from './dispatch-store.js';
import { Dispatcher, type DispatchedJobData } from './dispatcher.js';
import type { QueueEmitter } from './events.js';
import { JobRunner, type RunnerOptions } from './runner.js';
import type { QueueSettings } from './settings.js';
import { claimById, type StoreContext } from './store.js';
import type { Logger, StopOptions, Worker } from './types.js';

export interface BullOptions {
  /** BullMQ queue name (default 'quarry-jobs'); tests use a fresh one each. */
  queueName?: string;
  /** Redis key prefix (default 'quarry'). */
  prefix?: string;
  /** How often the dispatcher looks for due rows (default: config.queue.pollMs). */
  dispatchIntervalMs?: number;
  /**
   * How long a dispatched row waits for a BullMQ worker before it is dispatched again (default
   * 15 s): after a Redis restart the messages are gone, and this is how long their rows wait.
   */
  dispatchLeaseMs?: number;
  /** Run the dispatcher in this worker (default true). */
  dispatch?: boolean;
}

interface ResolvedBull {
  queueName: string;
  prefix: string;
  channel: string;
}

function resolveBull(options: BullOptions = {}): ResolvedBull {
  const queueName = options.queueName ?? 'quarry-jobs';
  const prefix = options.prefix ?? 'quarry';
  return { queueName, prefix, channel: `${prefix}:${queueName}:cancel` };
}

// BullMQ's blocking commands need ioredis to retry forever rather than fail a request.
// Connection errors are logged by the BullMQ objects; this listener only keeps ioredis from
// printing each reconnect attempt as an unhandled error while Redis is away.
const quiet = (client: Redis) => client.on('error', () => undefined);
const connect = (url: string) => quiet(new (loadIoredis().Redis)(url, { maxRetriesPerRequest: null }));
const producerConnection = (url: string) => quiet(new (loadIoredis().Redis)(url, { maxRetriesPerRequest: 2 }));

/** The producer: rows in the table, plus a Redis message when a running job is cancelled. */
export class BullJobQueue extends DbJobQueue {
  private readonly bull: ResolvedBull;
  private publisher: Redis | null = null;

  constructor(
    store: StoreContext,
    events: QueueEmitter,
    private readonly logger: Logger,
    private readonly redisUrl: string,
    options?: BullOptions,
  ) {
    super(store, events);
    this.bull = resolveBull(options);
  }

  /** Best effort: the flag is already committed, and workers' cancel polls pick it up anyway. */
  protected override async announceCancel(jobIds: string[]): Promise<void> {
    // Few retries: with Redis down, cancel() must not hang on a message the poll makes optional.
    this.publisher ??= producerConnection(this.redisUrl);
    try {
      await this.publisher.publish(this.bull.channel, JSON.stringify(jobIds));
    } catch (err) {
      this.logger.warn({ err, jobIds }, 'publishing the cancel message failed; workers see the flag at their next poll');
    }
  }

  /** Readiness: Redis answers on the producer's connection (and the table, via super). */
  override async ping(): Promise<void> {
    this.publisher ??= producerConnection(this.redisUrl);
    await this.publisher.ping();
    await super.ping();
  }

  async closeConnections(): Promise<void> {
    // disconnect, not quit: quit waits for a reply that never comes while Redis is away.
    this.publisher?.disconnect();
    this.publisher = null;
  }
}

export class BullWorker implements Worker {
  readonly id: string;
  private readonly runner: JobRunner;
  private readonly bull: ResolvedBull;
  private connection: Redis | null = null;
  private subscriber: Redis | null = null;
  private bullQueue: BullQueue | null = null;
  private bullWorker: BullMqWorker<DispatchedJobData> | null = null;
  private dispatcher: Dispatcher | null = null;
  private subscribed: Promise<void> = Promise.resolve();
  private stopping = false;
  private stopped: Promise<void> | null = null;

  constructor(
    private readonly opts: RunnerOptions & QueueSettings,
    private readonly redisUrl: string,
    private readonly options: BullOptions = {},
  ) {
    this.id = opts.workerId;
    this.runner = new JobRunner(opts);
    this.bull = resolveBull(options);
  }

  start(): void {
    if (this.bullWorker || this.stopping) return;
    const { opts, bull } = this;
    this.runner.start();
    this.connection = connect(this.redisUrl);
    const bullmq = loadBullmq();
    this.bullWorker = new bullmq.Worker<DispatchedJobData>(bull.queueName, (job) => this.process(job), {
      connection: this.connection,
      prefix: bull.prefix,
      concurrency: opts.concurrency,
    });
    this.bullWorker.on('error', (err) => opts.logger.error({ err, workerId: this.id }, 'BullMQ worker error'));
    this.listenForCancels();
    if (this.options.dispatch !== false) {
      this.bullQueue = new bullmq.Queue(bull.queueName, { connection: this.connection, prefix: bull.prefix });
      this.bullQueue.on('error', (err) => opts.logger.error({ err }, 'BullMQ queue error'));
      this.dispatcher = new Dispatcher({
        db: opts.db,
        clock: opts.clock,
        id: this.id,
        bullQueue: this.bullQueue,
        kinds: () => opts.registry.names(),
        intervalMs: this.options.dispatchIntervalMs ?? opts.pollMs,
        dispatchLeaseMs: this.options.dispatchLeaseMs ?? 15_000,
        batchSize: 100,
        logger: opts.logger,
      });
      this.dispatcher.start();
    }
  }

  /** Idempotent: a second call waits for the first shutdown. */
  stop(options: StopOptions = {}): Promise<void> {
    this.stopped ??= this.shutdown(options);
    return this.stopped;
  }

  private async shutdown(options: StopOptions): Promise<void> {
    this.stopping = true;
    await this.dispatcher?.stop();
    // Take no new messages, but do not wait here for the running ones: drain() bounds that.
    await this.bullWorker?.pause(true);
    await this.runner.drain(options.abort ? 0 : (options.graceMs ?? this.opts.shutdownGraceMs));
    // force: a handler that ignored its abort must not hold the shutdown; its row was released.
    await this.bullWorker?.close(true);
    await this.bullQueue?.close();
    await this.subscriber?.quit();
    await this.connection?.quit();
  }

  private async process(message: BullJob<DispatchedJobData>): Promise<void> {
    const { jobId } = message.data;
    if (this.stopping) {
      // Hand the row straight back to the dispatchers instead of letting its mark expire.
      await clearDispatchMark(this.opts, [jobId]);
      return;
    }
    // A job must not start before cancel messages can reach it.
    await this.subscribed;
    const job = await claimById(this.opts, jobId, this.id, this.opts.leaseMs);
    // Not claimable: already run, cancelled, running elsewhere, or a duplicate message.
    if (!job) return;
    await this.runner.run(job);
  }

  private listenForCancels(): void {
    this.subscriber = connect(this.redisUrl);
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.bull.channel) return;
      try {
        for (const jobId of JSON.parse(message) as string[]) this.runner.cancelLocal(jobId);
      } catch (err) {
        this.opts.logger.warn({ err, message }, 'unreadable cancel message');
      }
    });
    this.subscribed = this.subscriber.subscribe(this.bull.channel).then(
      () => undefined,
      (err: unknown) => this.opts.logger.error({ err }, 'subscribing to cancel messages failed; relying on the cancel poll'),
    );
  }
}

/**
 * Moves due rows of the `jobs` table into BullMQ (the outbox relay). Runs inside each BullMQ
 * worker process; several dispatchers may run at once, since taking rows is one atomic UPDATE.
 */
import { Sleeper } from './sleeper.js';
import type { Queue as BullQueue } from 'bullmq';
import { clearDispatchMark, reapExpiredLeases, takeDueForDispatch } from './dispatch-store.js';
import type { StoreContext } from './store.js';
import type { Logger } from './types.js';

export interface DispatcherOptions extends StoreContext {
  id: string;
  bullQueue: BullQueue;
  kinds: () => string[];
  intervalMs: number;
  dispatchLeaseMs: number;
  batchSize: number;
  logger: Logger;
}

/** What a BullMQ job carries: only the row's id; the row holds everything else. */
export interface DispatchedJobData {
  jobId: string;
}

export class Dispatcher {
  private loop: Promise<void> | null = null;
  private stopping = false;
  private readonly sleeper = new Sleeper();

  constructor(private readonly opts: DispatcherOptions) {}

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.sleeper.wake();
    await this.loop;
  }

  /** One pass: returns how many jobs were handed to BullMQ. */
  async dispatchOnce(): Promise<number> {
    const { opts } = this;
    const reaped = await reapExpiredLeases(opts);
    if (reaped > 0) opts.logger.warn({ reaped }, 'jobs whose worker stopped renewing the lease are pending again');
    const rows = await takeDueForDispatch(opts, opts.id, opts.kinds(), opts.dispatchLeaseMs, opts.batchSize);
    if (rows.length === 0) return 0;
    try {
      await opts.bullQueue.addBulk(
        rows.map((row) => ({
          name: row.kind,
          data: { jobId: row.id } satisfies DispatchedJobData,
          // The jobs table keeps the history and the retry policy; Redis keeps nothing. BullMQ's
          // job id is the row's id and last change: a row dispatched again while its message
          // still waits (the dispatch mark expired under a long backlog) adds no second message,
          // while a row taken back from a dead or stopping worker (changed since) is not held up
          // by that worker's message, which BullMQ only sees as stalled 30 s later.
          opts: { jobId: `${row.id}-${Date.parse(row.updated_at)}`, attempts: 1, removeOnComplete: true, removeOnFail: true },
        })),
      );
    } catch (err) {
      await clearDispatchMark(opts, rows.map((r) => r.id));
      throw err;
    }
    return rows.length;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let dispatched = 0;
      try {
        dispatched = await this.dispatchOnce();
      } catch (err) {
        this.opts.logger.error({ err }, 'dispatching jobs to BullMQ failed');
      }
      // A full batch means more may be waiting: go again without sleeping.
      if (dispatched < this.opts.batchSize) await this.sleeper.sleep(this.opts.intervalMs);
    }
  }
}

/**
 * The embedded worker: polls the `jobs` table, claims due jobs with a lease, and runs up to
 * `concurrency` of them at once. Any number of these may run in any number of processes.
 */
import { Sleeper } from './sleeper.js';
import { JobRunner, type RunnerOptions } from './runner.js';
import { claimNext } from './store.js';
import type { QueueSettings } from './settings.js';
import type { StopOptions, Worker } from './types.js';

export class EmbeddedWorker implements Worker {
  readonly id: string;
  private readonly runner: JobRunner;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private stopped: Promise<void> | null = null;
  private readonly sleeper = new Sleeper();
  private stopListening: (() => void) | null = null;

  constructor(private readonly opts: RunnerOptions & QueueSettings) {
    this.id = opts.workerId;
    this.runner = new JobRunner(opts);
  }

  start(): void {
    if (this.loop || this.stopping) return;
    this.runner.start();
    // queue.nudge(): jobs were committed, look now rather than at the next poll.
    this.stopListening = this.opts.events.on('jobs:due', () => this.sleeper.wake());
    this.loop = this.claimLoop();
  }

  /** Idempotent: a second call waits for the first shutdown. */
  stop(options: StopOptions = {}): Promise<void> {
    this.stopped ??= this.shutdown(options);
    return this.stopped;
  }

  private async shutdown(options: StopOptions): Promise<void> {
    this.stopping = true;
    this.stopListening?.();
    this.sleeper.wake();
    await this.loop;
    await this.runner.drain(options.abort ? 0 : (options.graceMs ?? this.opts.shutdownGraceMs));
  }

  private async claimLoop(): Promise<void> {
    const { logger, pollMs, concurrency } = this.opts;
    while (!this.stopping) {
      if (this.runner.busy >= concurrency) {
        await this.sleeper.sleep(pollMs);
        continue;
      }
      let claimed = null;
      try {
        claimed = await claimNext(this.opts, {
          workerId: this.id,
          leaseMs: this.opts.leaseMs,
          kinds: this.opts.registry.names(),
        });
      } catch (err) {
        logger.error({ err, workerId: this.id }, 'claiming a job failed');
      }
      // A finished job frees a slot: look for the next one at once.
      if (claimed) void this.runner.run(claimed).finally(() => this.sleeper.wake());
      else await this.sleeper.sleep(pollMs);
    }
  }
}

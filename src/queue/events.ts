/**
 * A small typed emitter for the queue's lifecycle events. Listeners run synchronously and
 * their failures are logged, never thrown into the worker that emitted the event.
 */
import type { Job, Logger } from './types.js';

export interface QueueEvents {
  'job:claimed': { job: Job; workerId: string };
  'job:completed': { job: Job; workerId: string; durationMs: number };
  /** This attempt failed and the job goes back to pending at `runAt`. */
  'job:retry': { job: Job; workerId: string; error: unknown; runAt: string };
  /** The job failed for good (attempts used up, or a permanent error). */
  'job:failed': { job: Job; workerId: string; error: unknown };
  'job:cancelled': { job: Job };
  /** `queue.cancel()` flagged running jobs: workers in this process abort them at once. */
  'job:cancel_requested': { jobIds: string[] };
  /** Jobs were committed that may be due now (`queue.nudge()`): local workers claim at once. */
  'jobs:due': Record<string, never>;
}

type Listener<T> = (payload: T) => void | Promise<void>;

export class TypedEmitter<Events extends object> {
  private readonly listeners = new Map<keyof Events, Set<Listener<any>>>();

  constructor(private readonly logger?: Logger) {}

  /** Returns a function that removes the listener. */
  on<K extends keyof Events>(name: K, listener: Listener<Events[K]>): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener);
    return () => this.off(name, listener);
  }

  off<K extends keyof Events>(name: K, listener: Listener<Events[K]>): void {
    this.listeners.get(name)?.delete(listener);
  }

  /** Resolves with the next payload of `name`. */
  once<K extends keyof Events>(name: K, filter: (payload: Events[K]) => boolean = () => true): Promise<Events[K]> {
    return new Promise((resolve) => {
      const remove = this.on(name, (payload) => {
        if (!filter(payload)) return;
        remove();
        resolve(payload);
      });
    });
  }

  emit<K extends keyof Events>(name: K, payload: Events[K]): void {
    for (const listener of [...(this.listeners.get(name) ?? [])]) {
      try {
        const result = listener(payload);
        if (result instanceof Promise) result.catch((err: unknown) => this.report(name, err));
      } catch (err) {
        this.report(name, err);
      }
    }
  }

  private report(name: keyof Events, err: unknown): void {
    this.logger?.error({ err, event: String(name) }, 'queue event listener failed');
  }
}

export type QueueEmitter = TypedEmitter<QueueEvents>;

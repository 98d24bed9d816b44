/**
 * Waiting for a build: poll `GET /dispatch/tasks/{id}` until the task is terminal (the
 * contract's only progress channel; the SSE stream is an extra). Progress is reported when
 * it changes, not on every poll, so a progress bar redraws only when there is news.
 */
import { TaskCancelledError, TaskFailedError, WaitTimeoutError } from './errors.js';
import type { Sleep } from './http.js';
import type { Progress, Task } from './types/index.js';

export interface WaitOptions {
  /** Called with the task's `progress` each time it differs from the last one seen. */
  onProgress?: (progress: Progress, task: Task) => void;
  /** Called with every polled task whose status differs from the previous poll's. */
  onStatus?: (task: Task) => void;
  /** Pause between polls; default 2000 ms. */
  intervalMs?: number;
  /** Give up (WaitTimeoutError) after this long; default: wait as long as it takes. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Resolve with the task when it pauses at `needs_input` instead of waiting for an answer. */
  resolveOnNeedsInput?: boolean;
}

export interface WaitDeps {
  getTask: (id: string, signal?: AbortSignal) => Promise<Task>;
  sleep: Sleep;
  now?: () => number;
}

/**
 * Resolve with the completed task; throw TaskFailedError (`failed`), TaskCancelledError
 * (`cancelled`) or WaitTimeoutError. Request errors propagate after the client's own retries.
 */
export async function waitForTask(deps: WaitDeps, taskId: string, options: WaitOptions = {}): Promise<Task> {
  const now = deps.now ?? Date.now;
  const interval = options.intervalMs ?? 2000;
  const deadline = options.timeoutMs === undefined ? Infinity : now() + options.timeoutMs;
  let lastProgress: string | undefined;
  let lastStatus: string | undefined;
  let task: Task | null = null;
  for (;;) {
    options.signal?.throwIfAborted();
    task = await deps.getTask(taskId, options.signal);
    if (task.status !== lastStatus) {
      lastStatus = task.status;
      options.onStatus?.(task);
    }
    if (task.progress) {
      const seen = JSON.stringify(task.progress);
      if (seen !== lastProgress) {
        lastProgress = seen;
        options.onProgress?.(task.progress, task);
      }
    }
    if (task.status === 'completed') return task;
    if (task.status === 'failed') throw new TaskFailedError(taskId, task.error, task);
    if (task.status === 'cancelled') throw new TaskCancelledError(taskId, task);
    if (task.status === 'needs_input' && options.resolveOnNeedsInput) return task;
    const left = deadline - now();
    if (left <= 0) throw new WaitTimeoutError(taskId, options.timeoutMs ?? 0, task);
    await deps.sleep(Math.min(interval, left), options.signal);
  }
}

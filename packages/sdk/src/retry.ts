/**
 * When a failed request is sent again, and after how long. WHETHER is the service's call: an
 * error it answered is retried only when its body says `retryable: true` (docs/errors.md); the
 * SDK keeps no rule of its own about statuses. HOW LONG is decided here:
 *
 * - the server's wait (`retry_after` in the body, else `Retry-After`) when it gave one; a wait
 *   longer than `maxRetryAfterMs` (a daily cap, the hourly login limit) is not sat through:
 *   the error is thrown at once so the caller can decide;
 * - otherwise exponential backoff with jitter.
 *
 * No response at all (connection refused/reset, time-out) is retried only for GET, which is
 * safe to repeat: a POST may have run.
 */
import { BlockedError, ConnectionError, QuarryError, RateLimitError, retryAfterHeader } from './errors.js';

export interface RetryPolicy {
  maxRetries: number;
  /** Longest server-requested wait (Retry-After) the client sits through. */
  maxRetryAfterMs: number;
  /** First backoff step; doubles per retry. */
  baseBackoffMs: number;
  maxBackoffMs: number;
  /** Source of jitter in [0, 1). */
  random: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 2,
  maxRetryAfterMs: 60_000,
  baseBackoffMs: 500,
  maxBackoffMs: 8_000,
  random: Math.random,
};

/**
 * Milliseconds to wait before retry number `retriesDone + 1`, or null when the error must be
 * thrown. Does not look at `maxRetries`; the caller counts.
 */
export function retryDelayMs(err: unknown, retriesDone: number, method: string, policy: RetryPolicy): number | null {
  if (err instanceof ConnectionError) return method === 'GET' ? backoffMs(retriesDone, policy) : null;
  if (!(err instanceof QuarryError) || !err.retryable) return null;
  const serverWait =
    err instanceof RateLimitError || err instanceof BlockedError ? err.retryAfter : retryAfterHeader(err.headers);
  return serverWait === null ? backoffMs(retriesDone, policy) : serverRequestedWait(serverWait, retriesDone, policy);
}

function serverRequestedWait(retryAfterSeconds: number | null, retriesDone: number, policy: RetryPolicy): number | null {
  if (retryAfterSeconds === null) return backoffMs(retriesDone, policy);
  const ms = Math.max(0, retryAfterSeconds * 1000);
  return ms > policy.maxRetryAfterMs ? null : ms;
}

/** Exponential backoff with "equal jitter": half fixed, half random, so clients spread out. */
export function backoffMs(retriesDone: number, policy: RetryPolicy): number {
  const step = Math.min(policy.maxBackoffMs, policy.baseBackoffMs * 2 ** retriesDone);
  return Math.round(step / 2 + (step / 2) * policy.random());
}

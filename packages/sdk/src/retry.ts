/**
 * When a failed request is worth sending again, and after how long. The rules are the
 * contract's "Caller action" column (service-interface.md, Errors):
 *
 * - 429: wait `Retry-After`; a wait longer than `maxRetryAfterMs` (a daily cap, the hourly
 *   login limit) is not waited for: the error is thrown at once so the caller can decide.
 * - 503 blocked: only when `retry_after` is present (the block is transient), same cap; any
 *   other 503 only when it sends `Retry-After` (the contract's mark of a retryable 503).
 * - 502: only when the upstream answered 5xx (transient), with exponential backoff; an upstream
 *   4xx means the input pointed at nothing or credentials need attention: retrying cannot help.
 * - no response at all (connection refused/reset, time-out): only for GET, which is safe to repeat.
 * - everything else (4xx input errors, 500 scraper_bug, ...): never.
 */
import { BlockedError, ConnectionError, QuarryError, RateLimitError, UpstreamError, retryAfterHeader } from './errors.js';

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
  if (err instanceof RateLimitError) return serverRequestedWait(err.retryAfter, retriesDone, policy);
  if (err instanceof BlockedError) {
    return err.retryAfter === null ? null : serverRequestedWait(err.retryAfter, retriesDone, policy);
  }
  if (err instanceof QuarryError && err.status === 503) {
    const retryAfter = retryAfterHeader(err.headers);
    return retryAfter === null ? null : serverRequestedWait(retryAfter, retriesDone, policy);
  }
  if (err instanceof UpstreamError) {
    const upstream = err.upstreamStatusCode;
    return upstream !== null && upstream >= 500 && upstream <= 599 ? backoffMs(retriesDone, policy) : null;
  }
  if (err instanceof ConnectionError) return method === 'GET' ? backoffMs(retriesDone, policy) : null;
  return null;
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

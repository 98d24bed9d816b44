/** Exponential backoff between attempts: baseMs, 2*baseMs, 4*baseMs, ... capped at maxMs. */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 2_000, maxMs: 10 * 60_000 };

/** Delay before the next run, after the given (1-based) attempt failed. */
export function backoffDelayMs(policy: BackoffPolicy, failedAttempt: number): number {
  const exponent = Math.min(Math.max(failedAttempt - 1, 0), 30);
  return Math.min(policy.baseMs * 2 ** exponent, policy.maxMs);
}

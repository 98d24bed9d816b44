/**
 * Rate limits, the words used here:
 * - bucket: the per-key token bucket of the execution route. It holds at most
 *   `plan.burst.capacity` tokens and refills continuously at `plan.burst.refillPerMinute`
 *   tokens per minute; each allowed execution takes one token.
 * - daily cap: executions per key per UTC day, on plans that have one; resets at UTC midnight.
 * - attempts: fixed-window counters for logins (an API's login endpoint, per caller) and for
 *   dashboard sign-ins (per address).
 * Denials are return values, not exceptions (`allowed: false`); the route turns them into a
 * 429 with `denyToError` and friends. Exceptions are faults (e.g. Redis unreachable).
 */
import type { Plan } from '../config/index.js';

export type ExecutionLimitType = 'burst' | 'daily';

export interface ExecutionLimitResult {
  allowed: boolean;
  /** Which limit denied the call (absent when allowed). */
  limitType?: ExecutionLimitType;
  /** burst: seconds until the next token (>= 1); daily: seconds until UTC midnight (>= 1). Absent when allowed. */
  retryAfterSeconds?: number;
  /** Whole tokens left in the bucket after this call. */
  remaining: number;
  /** Unix seconds when the next token is available (now when the bucket is full). */
  resetUnix: number;
  /** Executions left today, or null when the plan has no daily cap. */
  dailyRemaining: number | null;
}

export interface AttemptLimitResult {
  allowed: boolean;
  /** Seconds until the window ends (>= 1); present when denied. */
  retryAfterSeconds?: number;
  /** Attempts left in the current window after this one. */
  remaining: number;
}

export interface RateLimiter {
  /**
   * Take one token (and one unit of today's cap) for an execution with this API key.
   * A denied call takes nothing. `now` overrides the limiter's clock (tests).
   */
  consumeExecution(keyId: string, plan: Plan, now?: Date): Promise<ExecutionLimitResult>;
  /** One attempt at an API's login endpoint by a caller: CHARGES.loginAttemptsPerHour per hour. */
  consumeLogin(apiScraperId: string, callerId: string): Promise<AttemptLimitResult>;
  /** One dashboard sign-in attempt (POST /auth/login) from an address. */
  consumeAuthAttempt(ip: string): Promise<AttemptLimitResult>;
  /** The contract's rate-limit headers for an execution response. */
  executionHeaders(result: ExecutionLimitResult): Record<string, string>;
  close(): Promise<void>;
}

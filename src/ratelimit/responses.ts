/**
 * What a limit decision looks like on the wire: the execution route's rate-limit headers and
 * the 429 errors. Pure functions; the routes call them.
 */
import { QuarryError } from '../errors/index.js';
import type { AttemptLimitResult, ExecutionLimitResult } from './types.js';

/**
 * The contract's headers for an execution response. The credit headers (X-Credits-*) are
 * the execution route's; `Retry-After` is here because only a denial carries it.
 */
export function executionHeaders(result: ExecutionLimitResult): Record<string, string> {
  const headers: Record<string, string> = {
    'X-RateLimit-Remaining': String(result.remaining),
    'X-RateLimit-Reset': String(result.resetUnix),
  };
  if (result.dailyRemaining !== null) headers['X-RateLimit-Daily-Remaining'] = String(result.dailyRemaining);
  if (!result.allowed && result.retryAfterSeconds !== undefined) headers['Retry-After'] = String(result.retryAfterSeconds);
  return headers;
}

function retryAfterOf(result: { retryAfterSeconds?: number }): number {
  return result.retryAfterSeconds ?? 1;
}

/** The execution 429 for a denied `consumeExecution` (envelope shape, `limit_type` burst or daily). */
export function denyToError(result: ExecutionLimitResult): QuarryError {
  const retryAfter = retryAfterOf(result);
  const limitType = result.limitType ?? 'burst';
  const message =
    limitType === 'daily'
      ? `Rate limit exceeded: the daily execution cap is used up; it resets at UTC midnight, in ${retryAfter} seconds`
      : `Rate limit exceeded: the burst limit is used up; the next request is allowed in ${retryAfter} seconds`;
  return new QuarryError(
    'execution_rate_limited',
    message,
    { limit_type: limitType, retry_after: retryAfter },
    executionHeaders(result),
  );
}

/**
 * The 429 for a denied `consumeLogin`. An API's login endpoint is called through the execution
 * route, whose non-2xx responses all use the execution envelope (service-interface.md,
 * Errors), so this is an `execution_rate_limited` error with `limit_type: "login"`.
 */
export function loginDenyToError(result: AttemptLimitResult, attemptsPerHour: number): QuarryError {
  const retryAfter = retryAfterOf(result);
  return new QuarryError(
    'execution_rate_limited',
    `Rate limit exceeded: at most ${attemptsPerHour} login attempts per hour; retry in ${retryAfter} seconds`,
    { limit_type: 'login', retry_after: retryAfter },
    { 'Retry-After': String(retryAfter) },
  );
}

/** The management 429 for a denied dashboard sign-in (`POST /auth/login`). */
export function authAttemptDenyToError(result: AttemptLimitResult): QuarryError {
  const retryAfter = retryAfterOf(result);
  return new QuarryError(
    'rate_limited',
    `Too many sign-in attempts from this address; retry in ${retryAfter} seconds`,
    { retry_after: retryAfter },
    { 'Retry-After': String(retryAfter) },
  );
}

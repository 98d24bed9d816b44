/**
 * The execution limit as a pure state transition, shared by the in-memory limiter and (line
 * for line) by the Redis Lua script in redis-script.ts. Keep the two in step: the same
 * behavioural tests run against both.
 *
 * Integer arithmetic on purpose: a token is TOKEN_UNITS units and the bucket gains
 * `refillPerMinute` units per millisecond, so with integer millisecond times every value is an
 * exact integer (no float drift between JavaScript and Lua, no 0.9999 tokens).
 */
import type { Plan } from '../config/index.js';
import type { ExecutionLimitResult } from './types.js';

/** Units in one token: the milliseconds in a minute, so refill is `refillPerMinute` units per ms. */
export const TOKEN_UNITS = 60_000;
export const DAY_MS = 86_400_000;

export interface BucketState {
  /** Bucket level in units (TOKEN_UNITS per token). */
  level: number;
  /** Time of the last update, unix ms. */
  lastMs: number;
  /** UTC day number (unix ms / DAY_MS) that `count` belongs to. */
  day: number;
  /** Executions counted on `day` (only on plans with a daily cap). */
  count: number;
}

export type Decision = 'allowed' | 'burst' | 'daily';

export interface Step {
  state: BucketState;
  decision: Decision;
  /** The time the step was evaluated at (never before the bucket's last update). */
  nowMs: number;
}

const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

/** Refill the bucket up to `nowMs`, roll the day over, then try to take one token. */
export function step(previous: BucketState | undefined, plan: Plan, nowMs: number): Step {
  const capacityUnits = plan.burst.capacity * TOKEN_UNITS;
  const prev = previous ?? { level: capacityUnits, lastMs: nowMs, day: dayOf(nowMs), count: 0 };
  // A clock that steps back (another server, a test) must not drain or refill anything.
  const now = Math.max(nowMs, prev.lastMs);
  let level = Math.min(capacityUnits, prev.level + (now - prev.lastMs) * plan.burst.refillPerMinute);
  const day = dayOf(now);
  let count = prev.day === day ? prev.count : 0;

  let decision: Decision;
  // The daily cap is checked first: when both are exhausted, the caller must wait for midnight.
  if (plan.dailyCap !== null && count >= plan.dailyCap) decision = 'daily';
  else if (level < TOKEN_UNITS) decision = 'burst';
  else {
    decision = 'allowed';
    level -= TOKEN_UNITS;
    if (plan.dailyCap !== null) count += 1;
  }
  return { state: { level, lastMs: now, day, count }, decision, nowMs: now };
}

/** Milliseconds until the bucket holds one more whole token than now (0 when full). */
export function msUntilNextToken(level: number, plan: Plan): number {
  if (level >= plan.burst.capacity * TOKEN_UNITS) return 0;
  const nextWhole = (Math.floor(level / TOKEN_UNITS) + 1) * TOKEN_UNITS;
  return Math.ceil((nextWhole - level) / plan.burst.refillPerMinute);
}

/** True when a bucket left alone until `nowMs` is indistinguishable from a new one. */
export function isIdle(state: BucketState, plan: Plan, nowMs: number): boolean {
  const capacityUnits = plan.burst.capacity * TOKEN_UNITS;
  const full = state.level + Math.max(0, nowMs - state.lastMs) * plan.burst.refillPerMinute >= capacityUnits;
  return full && (state.count === 0 || state.day !== dayOf(nowMs));
}

export function toResult({ state, decision, nowMs }: Step, plan: Plan): ExecutionLimitResult {
  const toNext = msUntilNextToken(state.level, plan);
  const result: ExecutionLimitResult = {
    allowed: decision === 'allowed',
    remaining: Math.floor(state.level / TOKEN_UNITS),
    resetUnix: Math.ceil((nowMs + toNext) / 1000),
    dailyRemaining: plan.dailyCap === null ? null : Math.max(0, plan.dailyCap - state.count),
  };
  if (decision === 'burst') {
    result.limitType = 'burst';
    result.retryAfterSeconds = Math.max(1, Math.ceil(toNext / 1000));
  } else if (decision === 'daily') {
    result.limitType = 'daily';
    result.retryAfterSeconds = Math.max(1, Math.ceil(((state.day + 1) * DAY_MS - nowMs) / 1000));
  }
  return result;
}

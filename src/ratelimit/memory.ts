/**
 * The in-memory limiter: the default for a single server process. Buckets live in a Map kept
 * in least-recently-used order; idle buckets (full again, no count for today) are dropped as
 * new calls come in, and a hard cap bounds memory even under a flood of distinct keys (a
 * bucket dropped by the cap starts full again, which only ever favours the caller).
 */
import type { Plan } from '../config/index.js';
import { step, toResult, isIdle, type BucketState } from './bucket.js';
import { AttemptLimiter, AUTH_ATTEMPTS, LOGIN_ATTEMPTS } from './attempts.js';
import { executionHeaders } from './responses.js';
import type { AttemptLimitResult, ExecutionLimitResult, RateLimiter } from './types.js';

export interface MemoryRateLimiterOptions {
  /** Unix ms; defaults to Date.now. */
  now?: () => number;
  /** Most buckets kept at once (default 100,000). */
  maxBuckets?: number;
}

interface Entry {
  state: BucketState;
  plan: Plan;
}

/** Buckets examined for idleness per call: enough to keep up with any arrival rate. */
const SWEEP_PER_CALL = 2;

export class MemoryRateLimiter implements RateLimiter {
  private readonly buckets = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly maxBuckets: number;
  private readonly login = AttemptLimiter.inMemory(LOGIN_ATTEMPTS, 'login');
  private readonly auth = AttemptLimiter.inMemory(AUTH_ATTEMPTS, 'auth');

  constructor(options: MemoryRateLimiterOptions = {}) {
    this.now = options.now ?? Date.now;
    this.maxBuckets = options.maxBuckets ?? 100_000;
  }

  /** Buckets currently held (for tests and metrics). */
  get size(): number {
    return this.buckets.size;
  }

  async consumeExecution(keyId: string, plan: Plan, now?: Date): Promise<ExecutionLimitResult> {
    const nowMs = now ? now.getTime() : this.now();
    const previous = this.buckets.get(keyId);
    const result = step(previous?.state, plan, nowMs);
    // Delete then set moves the key to the end: the Map's first entries are the least recently used.
    this.buckets.delete(keyId);
    this.buckets.set(keyId, { state: result.state, plan });
    this.evict(nowMs);
    return toResult(result, plan);
  }

  consumeLogin(apiScraperId: string, callerId: string): Promise<AttemptLimitResult> {
    return this.login.consume(`${apiScraperId}:${callerId}`);
  }

  consumeAuthAttempt(ip: string): Promise<AttemptLimitResult> {
    return this.auth.consume(ip);
  }

  executionHeaders(result: ExecutionLimitResult): Record<string, string> {
    return executionHeaders(result);
  }

  async close(): Promise<void> {
    this.buckets.clear();
  }

  private evict(nowMs: number): void {
    let examined = 0;
    for (const [key, entry] of this.buckets) {
      if (this.buckets.size > this.maxBuckets) {
        this.buckets.delete(key);
        continue;
      }
      if (examined++ >= SWEEP_PER_CALL || !isIdle(entry.state, entry.plan, nowMs)) break;
      this.buckets.delete(key);
    }
  }
}

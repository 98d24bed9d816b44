/**
 * The Redis limiter, shared by every server process. Executions use our own token-bucket
 * script (redis-script.ts) rather than rate-limiter-flexible: its limiters are fixed-window
 * counters (and BurstyRateLimiter is two of them), which neither refill continuously nor
 * leave a denied call unconsumed, and cannot give "seconds until the next token". Login and
 * sign-in attempts are plain fixed windows, which rate-limiter-flexible does well.
 */
import type { Redis } from 'ioredis';
import type { Plan } from '../config/index.js';
import { toResult, type Decision } from './bucket.js';
import { AttemptLimiter, AUTH_ATTEMPTS, LOGIN_ATTEMPTS } from './attempts.js';
import { BUCKET_SCRIPT } from './redis-script.js';
import { executionHeaders } from './responses.js';
import type { AttemptLimitResult, ExecutionLimitResult, RateLimiter } from './types.js';

export interface RedisRateLimiterOptions {
  /** Prefix of every key this limiter writes (default "quarry:rl:"). */
  keyPrefix?: string;
  /** Unix ms; when absent the Redis server's clock is used. */
  now?: () => number;
  /** Close the client on close() (true when the limiter opened it). */
  ownsClient?: boolean;
}

type BucketReply = [number, number, number, number, number];

interface BucketCommand {
  quarryRateBucket(key: string, now: string, capacity: number, refill: number, dailyCap: number): Promise<BucketReply>;
}

const DECISIONS: Decision[] = ['allowed', 'burst', 'daily'];

export class RedisRateLimiter implements RateLimiter {
  private readonly prefix: string;
  private readonly login: AttemptLimiter;
  private readonly auth: AttemptLimiter;

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisRateLimiterOptions = {},
  ) {
    this.prefix = options.keyPrefix ?? 'quarry:rl:';
    // defineCommand loads the script once per connection and calls it by SHA (EVALSHA).
    redis.defineCommand('quarryRateBucket', { numberOfKeys: 1, lua: BUCKET_SCRIPT });
    this.login = AttemptLimiter.inRedis(LOGIN_ATTEMPTS, `${this.prefix}login`, redis);
    this.auth = AttemptLimiter.inRedis(AUTH_ATTEMPTS, `${this.prefix}auth`, redis);
  }

  async consumeExecution(keyId: string, plan: Plan, now?: Date): Promise<ExecutionLimitResult> {
    const nowMs = now ? now.getTime() : this.options.now?.();
    const [decision, level, evaluatedAt, day, count] = await (this.redis as unknown as BucketCommand).quarryRateBucket(
      `${this.prefix}bucket:${keyId}`,
      nowMs === undefined ? '' : String(Math.floor(nowMs)),
      plan.burst.capacity,
      plan.burst.refillPerMinute,
      plan.dailyCap ?? -1,
    );
    const state = { level: Number(level), lastMs: Number(evaluatedAt), day: Number(day), count: Number(count) };
    return toResult({ state, decision: DECISIONS[Number(decision)], nowMs: state.lastMs }, plan);
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
    if (this.options.ownsClient) await this.redis.quit();
  }
}

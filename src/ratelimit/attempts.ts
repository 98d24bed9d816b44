/**
 * Attempt limits (logins, dashboard sign-ins) on rate-limiter-flexible: "N attempts per
 * window" is exactly its fixed-window counter (the window starts at the first attempt and
 * lasts `duration` seconds), in memory or in Redis with the same semantics. Extra attempts
 * during a window are counted but never extend it, so a denied attempt costs nothing later.
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { CHARGES } from '../config/index.js';
import type { AttemptLimitResult } from './types.js';

export interface AttemptRule {
  points: number;
  durationSeconds: number;
}

/** An API's login endpoint: per API and caller (decisions.md). */
export const LOGIN_ATTEMPTS: AttemptRule = { points: CHARGES.loginAttemptsPerHour, durationSeconds: 3600 };
/** Dashboard sign-in (POST /auth/login): per client address. */
export const AUTH_ATTEMPTS: AttemptRule = { points: 10, durationSeconds: 15 * 60 };

export class AttemptLimiter {
  constructor(private readonly limiter: RateLimiterAbstract) {}

  static inMemory(rule: AttemptRule, keyPrefix: string): AttemptLimiter {
    return new AttemptLimiter(new RateLimiterMemory({ keyPrefix, points: rule.points, duration: rule.durationSeconds }));
  }

  static inRedis(rule: AttemptRule, keyPrefix: string, redis: Redis): AttemptLimiter {
    return new AttemptLimiter(
      new RateLimiterRedis({ storeClient: redis, keyPrefix, points: rule.points, duration: rule.durationSeconds }),
    );
  }

  async consume(key: string): Promise<AttemptLimitResult> {
    try {
      const res = await this.limiter.consume(key);
      return { allowed: true, remaining: res.remainingPoints };
    } catch (err) {
      // rate-limiter-flexible rejects with a RateLimiterRes for a denial and with an Error
      // for a store fault; only the first is a decision.
      if (err instanceof RateLimiterRes) {
        return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
      }
      throw err;
    }
  }
}

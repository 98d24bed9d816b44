/**
 * Rate limits for executions, API logins and dashboard sign-ins. `createRateLimiter` picks
 * the store: Redis when the configuration names one (limits shared by every server process),
 * otherwise memory (one process), or none when the operator turns limits off.
 */
import type { Redis } from 'ioredis';
import type { Config } from '../config/index.js';
import { loadIoredis } from '../optional-modules.js';
import { MemoryRateLimiter } from './memory.js';
import { NoopRateLimiter } from './noop.js';
import { RedisRateLimiter } from './redis.js';
import type { RateLimiter } from './types.js';

export type { RateLimiter, ExecutionLimitResult, ExecutionLimitType, AttemptLimitResult } from './types.js';
export { executionHeaders, denyToError, loginDenyToError, authAttemptDenyToError } from './responses.js';
export { LOGIN_ATTEMPTS, AUTH_ATTEMPTS, type AttemptRule } from './attempts.js';
export { MemoryRateLimiter, type MemoryRateLimiterOptions } from './memory.js';
export { RedisRateLimiter, type RedisRateLimiterOptions } from './redis.js';
export { NoopRateLimiter } from './noop.js';

export interface CreateRateLimiterOptions {
  /** false: allow everything (the operator turned limits off). Default true. */
  enabled?: boolean;
  /** Prefix of the Redis keys (default "quarry:rl:"). */
  keyPrefix?: string;
}

/**
 * The limiter for this configuration. A Redis client passed in is shared and left open by
 * close(); one opened here from `config.redisUrl` is closed by close().
 */
export function createRateLimiter(config: Config, redis?: Redis, options: CreateRateLimiterOptions = {}): RateLimiter {
  if (options.enabled === false) return new NoopRateLimiter();
  if (redis) return new RedisRateLimiter(redis, { keyPrefix: options.keyPrefix });
  if (config.redisUrl) {
    const client = new (loadIoredis().Redis)(config.redisUrl, { maxRetriesPerRequest: 2 });
    // A failed command rejects (and the call answers a contract error); this only keeps ioredis
    // from printing every reconnect attempt as an unhandled error while Redis is away.
    client.on('error', () => undefined);
    return new RedisRateLimiter(client, { keyPrefix: options.keyPrefix, ownsClient: true });
  }
  return new MemoryRateLimiter();
}

/**
 * The two real limiter backends the behavioural suite runs against: memory, and Redis on
 * 127.0.0.1:6379 under a key prefix unique to this run (deleted afterwards).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from '../../src/ratelimit/index.js';

export const REDIS_URL = process.env.QUARRY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface Backend {
  name: string;
  /** A fresh limiter with no buckets. */
  create(): Promise<RateLimiter>;
  cleanup(): Promise<void>;
}

export function memoryBackend(): Backend {
  return {
    name: 'memory',
    create: async () => new MemoryRateLimiter(),
    cleanup: async () => {},
  };
}

export function redisBackend(): Backend {
  const runPrefix = `quarry-test:${randomBytes(6).toString('hex')}:`;
  let client: Redis | null = null;
  let n = 0;
  return {
    name: 'redis',
    async create() {
      client ??= new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      // A prefix per limiter: every test starts with empty buckets.
      return new RedisRateLimiter(client, { keyPrefix: `${runPrefix}${n++}:` });
    },
    async cleanup() {
      if (!client) return;
      const keys = await client.keys(`${runPrefix}*`);
      if (keys.length) await client.del(...keys);
      await client.quit();
    },
  };
}

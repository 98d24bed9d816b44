/** What only the Redis limiter has: key expiry, the server clock, sharing between processes. */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../src/config/index.js';
import { RedisRateLimiter } from '../../src/ratelimit/index.js';
import { REDIS_URL } from './backends.js';

const prefix = `quarry-test:${randomBytes(6).toString('hex')}:`;
let client: Redis;

beforeAll(() => {
  client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  const keys = await client.keys(`${prefix}*`);
  if (keys.length) await client.del(...keys);
  await client.quit();
});

describe('redis rate limiter', () => {
  it('lets an idle bucket expire when it would be full again', async () => {
    const limiter = new RedisRateLimiter(client, { keyPrefix: `${prefix}a:` });
    const now = new Date();
    for (let i = 0; i < 4; i++) await limiter.consumeExecution('k', PLANS.hobby, now);
    // 4 tokens short at 20 a minute: full again in 12 s.
    const ttl = await client.pttl(`${prefix}a:bucket:k`);
    expect(ttl).toBeGreaterThan(10_000);
    expect(ttl).toBeLessThanOrEqual(12_000);
  });

  it('keeps a bucket with a count for today until UTC midnight', async () => {
    const limiter = new RedisRateLimiter(client, { keyPrefix: `${prefix}b:` });
    const now = new Date('2024-05-01T23:00:00.000Z');
    await limiter.consumeExecution('k', PLANS.free, now);
    const ttl = await client.pttl(`${prefix}b:bucket:k`);
    expect(ttl).toBeGreaterThan(3_590_000);
    expect(ttl).toBeLessThanOrEqual(3_600_000);
  });

  it("uses the Redis server's clock when no time is given", async () => {
    const limiter = new RedisRateLimiter(client, { keyPrefix: `${prefix}c:` });
    const [seconds] = await client.time();
    const r = await limiter.consumeExecution('k', PLANS.hobby);
    expect(r.allowed).toBe(true);
    // Next token 3 s after the server's now.
    expect(r.resetUnix).toBeGreaterThanOrEqual(Number(seconds) + 3);
    expect(r.resetUnix).toBeLessThanOrEqual(Number(seconds) + 5);
  });

  it('shares buckets between limiter instances (server processes) on the same prefix', async () => {
    const other = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      const one = new RedisRateLimiter(client, { keyPrefix: `${prefix}d:` });
      const two = new RedisRateLimiter(other, { keyPrefix: `${prefix}d:` });
      const now = new Date('2024-05-01T10:00:00.000Z');
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) => (i % 2 ? one : two).consumeExecution('k', PLANS.hobby, now)),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(20);
    } finally {
      await other.quit();
    }
  });
});

import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { loadConfig, PLANS } from '../../src/config/index.js';
import {
  createRateLimiter,
  MemoryRateLimiter,
  NoopRateLimiter,
  RedisRateLimiter,
} from '../../src/ratelimit/index.js';
import { REDIS_URL } from './backends.js';

describe('createRateLimiter', () => {
  it('uses memory without a Redis URL', async () => {
    const limiter = createRateLimiter(loadConfig({}));
    expect(limiter).toBeInstanceOf(MemoryRateLimiter);
    await limiter.close();
  });

  it('uses Redis from the configuration and closes the client it opened', async () => {
    const limiter = createRateLimiter(loadConfig({ REDIS_URL }), undefined, { keyPrefix: 'quarry-test:factory:' });
    expect(limiter).toBeInstanceOf(RedisRateLimiter);
    expect((await limiter.consumeLogin('api', `caller-${Date.now()}`)).allowed).toBe(true);
    await limiter.close();
    const client = new Redis(REDIS_URL);
    const keys = await client.keys('quarry-test:factory:*');
    if (keys.length) await client.del(...keys);
    await client.quit();
  });

  it('leaves a shared Redis client open', async () => {
    const client = new Redis(REDIS_URL);
    const limiter = createRateLimiter(loadConfig({}), client, { keyPrefix: 'quarry-test:shared:' });
    expect(limiter).toBeInstanceOf(RedisRateLimiter);
    await limiter.close();
    expect(await client.ping()).toBe('PONG');
    await client.quit();
  });

  it('allows everything when limits are turned off', async () => {
    const limiter = createRateLimiter(loadConfig({ REDIS_URL }), undefined, { enabled: false });
    expect(limiter).toBeInstanceOf(NoopRateLimiter);
    const now = new Date('2024-05-01T10:00:00.000Z');
    for (let i = 0; i < 200; i++) expect((await limiter.consumeExecution('k', PLANS.free, now)).allowed).toBe(true);
    for (let i = 0; i < 10; i++) expect((await limiter.consumeLogin('a', 'b')).allowed).toBe(true);
    const r = await limiter.consumeExecution('k', PLANS.free, now);
    expect(limiter.executionHeaders(r)).toEqual({ 'X-RateLimit-Remaining': '30', 'X-RateLimit-Reset': '1714557600' });
  });
});

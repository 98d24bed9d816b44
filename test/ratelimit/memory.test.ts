/** What only the in-memory limiter has: bounded memory. */
import { describe, expect, it } from 'vitest';
import { PLANS } from '../../src/config/index.js';
import { MemoryRateLimiter } from '../../src/ratelimit/index.js';

const T0 = Date.parse('2024-05-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms);

describe('memory rate limiter', () => {
  it('drops buckets once they are full again and have no count for today', async () => {
    const limiter = new MemoryRateLimiter();
    for (let i = 0; i < 100; i++) await limiter.consumeExecution(`k${i}`, PLANS.hobby, at(0));
    expect(limiter.size).toBe(100);
    // A hobby bucket is full 3 s after one call; each later call sweeps up to two idle ones.
    for (let i = 0; i < 10; i++) await limiter.consumeExecution('busy', PLANS.hobby, at(10_000 + i));
    expect(limiter.size).toBe(101 - 20);
    for (let i = 0; i < 50; i++) await limiter.consumeExecution('busy', PLANS.hobby, at(20_000 + i));
    expect(limiter.size).toBe(1);
  });

  it('keeps a bucket that still counts toward today\'s cap until the day is over', async () => {
    const limiter = new MemoryRateLimiter();
    await limiter.consumeExecution('free-user', PLANS.free, at(0));
    // Full again after 12 s, but one of today's 100 is used: dropping it would forget that.
    for (let i = 0; i < 10; i++) await limiter.consumeExecution(`other${i}`, PLANS.hobby, at(60_000));
    expect(limiter.size).toBe(11);
    const r = await limiter.consumeExecution('free-user', PLANS.free, at(60_000));
    expect(r.dailyRemaining).toBe(98);

    const nextDay = at(24 * 3_600_000);
    for (let i = 0; i < 20; i++) await limiter.consumeExecution('late', PLANS.hobby, nextDay);
    expect(limiter.size).toBe(1);
  });

  it('never holds more than maxBuckets', async () => {
    const limiter = new MemoryRateLimiter({ maxBuckets: 50 });
    for (let i = 0; i < 500; i++) await limiter.consumeExecution(`k${i}`, PLANS.free, at(0));
    expect(limiter.size).toBe(50);
    // The most recent keys are the ones kept.
    expect((await limiter.consumeExecution('k499', PLANS.free, at(0))).remaining).toBe(28);
  });

  it('uses its own clock when no time is passed', async () => {
    let now = T0;
    const limiter = new MemoryRateLimiter({ now: () => now });
    for (let i = 0; i < 20; i++) await limiter.consumeExecution('k', PLANS.hobby);
    expect((await limiter.consumeExecution('k', PLANS.hobby)).allowed).toBe(false);
    now += 3_000;
    expect((await limiter.consumeExecution('k', PLANS.hobby)).allowed).toBe(true);
  });
});

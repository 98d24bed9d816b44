/**
 * One behavioural suite, run against the in-memory limiter and the Redis limiter: the same
 * numbers must come out of both. Time is injected through `consumeExecution(..., now)`.
 *
 * Plans used: free = bucket of 30, +5 a minute (one token per 12 s), daily cap 100;
 * hobby = bucket of 20, +20 a minute (one token per 3 s), no daily cap.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { PLANS, CHARGES } from '../../src/config/index.js';
import type { RateLimiter } from '../../src/ratelimit/index.js';
import { memoryBackend, redisBackend } from './backends.js';

const T0 = Date.parse('2024-05-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms);

async function drain(limiter: RateLimiter, key: string, plan = PLANS.free, now = at(0)): Promise<void> {
  for (let i = 0; i < plan.burst.capacity; i++) {
    const r = await limiter.consumeExecution(key, plan, now);
    expect(r.allowed).toBe(true);
  }
}

describe.each([memoryBackend(), redisBackend()])('rate limiter ($name)', (backend) => {
  afterAll(() => backend.cleanup());

  it('drains the bucket to 0, then denies with limit_type burst and the seconds to the next token', async () => {
    const limiter = await backend.create();
    const remaining: number[] = [];
    for (let i = 0; i < 30; i++) remaining.push((await limiter.consumeExecution('k', PLANS.free, at(0))).remaining);
    expect(remaining).toEqual(Array.from({ length: 30 }, (_, i) => 29 - i));

    const denied = await limiter.consumeExecution('k', PLANS.free, at(0));
    expect(denied).toEqual({
      allowed: false,
      limitType: 'burst',
      retryAfterSeconds: 12,
      remaining: 0,
      resetUnix: (T0 + 12_000) / 1000,
      dailyRemaining: 70,
    });
  });

  it('gives the remaining wait for a partly refilled token, rounded up', async () => {
    const limiter = await backend.create();
    await drain(limiter, 'k');
    const denied = await limiter.consumeExecution('k', PLANS.free, at(5_500));
    expect(denied.limitType).toBe('burst');
    expect(denied.retryAfterSeconds).toBe(7); // 6.5 s left
    expect(denied.resetUnix).toBe(Math.ceil((T0 + 12_000) / 1000));
    // One millisecond before the token: still denied, and never "retry after 0".
    expect((await limiter.consumeExecution('k', PLANS.free, at(11_999))).retryAfterSeconds).toBe(1);
    expect((await limiter.consumeExecution('k', PLANS.free, at(12_000))).allowed).toBe(true);
  });

  it('does not consume anything on a denied call', async () => {
    const limiter = await backend.create();
    await drain(limiter, 'k');
    for (let i = 0; i < 5; i++) {
      const r = await limiter.consumeExecution('k', PLANS.free, at(1_000 * i));
      expect(r.allowed).toBe(false);
      expect(r.dailyRemaining).toBe(70);
    }
    // Exactly one token came back after 12 s, despite the five denials.
    const first = await limiter.consumeExecution('k', PLANS.free, at(12_000));
    expect(first).toMatchObject({ allowed: true, remaining: 0, dailyRemaining: 69 });
    expect((await limiter.consumeExecution('k', PLANS.free, at(12_000))).allowed).toBe(false);
  });

  it('refills continuously over time, up to the capacity', async () => {
    const limiter = await backend.create();
    await drain(limiter, 'h', PLANS.hobby);
    // 9 s at 20 tokens a minute = 3 tokens.
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.consumeExecution('h', PLANS.hobby, at(9_000)));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[2].remaining).toBe(0);
    expect(results[3]).toMatchObject({ limitType: 'burst', retryAfterSeconds: 3, dailyRemaining: null });

    // An hour later the bucket is full again, not fuller.
    const later = await limiter.consumeExecution('h', PLANS.hobby, at(3_600_000));
    expect(later).toEqual({ allowed: true, remaining: 19, resetUnix: Math.ceil((T0 + 3_603_000) / 1000), dailyRemaining: null });
  });

  it('reports the time of the next token as reset, and now when the bucket is full', async () => {
    const limiter = await backend.create();
    const first = await limiter.consumeExecution('k', PLANS.hobby, at(0));
    expect(first.resetUnix).toBe((T0 + 3_000) / 1000);
    const full = await limiter.consumeExecution('k', PLANS.hobby, at(10_000));
    // Refilled to 20 at 3 s, then one taken: next token 3 s after 10 s.
    expect(full.resetUnix).toBe((T0 + 13_000) / 1000);
  });

  it('enforces the free plan daily cap of 100, with retry_after = seconds to UTC midnight', async () => {
    const limiter = await backend.create();
    // One call every 12 s: the bucket never runs dry, only the daily cap can stop us.
    for (let i = 0; i < 100; i++) {
      const r = await limiter.consumeExecution('d', PLANS.free, at(i * 12_000));
      expect(r.allowed).toBe(true);
      expect(r.dailyRemaining).toBe(99 - i);
    }
    const now = at(100 * 12_000); // 10:20:00 UTC
    const denied = await limiter.consumeExecution('d', PLANS.free, now);
    const midnight = Date.parse('2024-05-02T00:00:00.000Z');
    // remaining 30: the daily denial took no token from the (now full) bucket.
    expect(denied).toMatchObject({ allowed: false, limitType: 'daily', dailyRemaining: 0, retryAfterSeconds: 49_200, remaining: 30 });
    expect(denied.retryAfterSeconds).toBe((midnight - now.getTime()) / 1000);
    expect(limiter.executionHeaders(denied)).toMatchObject({ 'X-RateLimit-Daily-Remaining': '0', 'Retry-After': '49200' });

    const justBefore = await limiter.consumeExecution('d', PLANS.free, new Date(midnight - 500));
    expect(justBefore).toMatchObject({ allowed: false, limitType: 'daily', retryAfterSeconds: 1 });

    const nextDay = await limiter.consumeExecution('d', PLANS.free, new Date(midnight));
    expect(nextDay).toMatchObject({ allowed: true, dailyRemaining: 99 });
  });

  it('keeps keys independent', async () => {
    const limiter = await backend.create();
    await drain(limiter, 'a');
    expect((await limiter.consumeExecution('a', PLANS.free, at(0))).allowed).toBe(false);
    const b = await limiter.consumeExecution('b', PLANS.free, at(0));
    expect(b).toMatchObject({ allowed: true, remaining: 29, dailyRemaining: 99 });
  });

  it('allows exactly the capacity under concurrent calls at the same instant', async () => {
    const limiter = await backend.create();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => limiter.consumeExecution('c', PLANS.hobby, at(0))),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(20);
    expect(results.filter((r) => r.limitType === 'burst')).toHaveLength(30);
  });

  it('clamps a bucket to the capacity of a smaller plan, and ignores a clock that steps back', async () => {
    const limiter = await backend.create();
    await limiter.consumeExecution('p', PLANS.developer, at(0));
    expect((await limiter.consumeExecution('p', PLANS.hobby, at(0))).remaining).toBe(19);

    await drain(limiter, 'q', PLANS.hobby, at(60_000));
    const back = await limiter.consumeExecution('q', PLANS.hobby, at(0));
    expect(back).toMatchObject({ allowed: false, limitType: 'burst', retryAfterSeconds: 3 });
  });

  it('produces the contract headers', async () => {
    const limiter = await backend.create();
    const free = await limiter.consumeExecution('h1', PLANS.free, at(0));
    expect(limiter.executionHeaders(free)).toEqual({
      'X-RateLimit-Remaining': '29',
      'X-RateLimit-Reset': String((T0 + 12_000) / 1000),
      'X-RateLimit-Daily-Remaining': '99',
    });
    const hobby = await limiter.consumeExecution('h2', PLANS.hobby, at(0));
    expect(limiter.executionHeaders(hobby)).toEqual({
      'X-RateLimit-Remaining': '19',
      'X-RateLimit-Reset': String((T0 + 3_000) / 1000),
    });
    await drain(limiter, 'h3', PLANS.hobby);
    const denied = await limiter.consumeExecution('h3', PLANS.hobby, at(0));
    expect(limiter.executionHeaders(denied)).toEqual({
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String((T0 + 3_000) / 1000),
      'Retry-After': '3',
    });
  });

  it('allows 3 login attempts per hour per API and caller', async () => {
    const limiter = await backend.create();
    expect(CHARGES.loginAttemptsPerHour).toBe(3);
    const attempts = [];
    for (let i = 0; i < 4; i++) attempts.push(await limiter.consumeLogin('api-1', 'caller-1'));
    expect(attempts.slice(0, 3)).toEqual([
      { allowed: true, remaining: 2 },
      { allowed: true, remaining: 1 },
      { allowed: true, remaining: 0 },
    ]);
    expect(attempts[3]).toMatchObject({ allowed: false, remaining: 0 });
    expect(attempts[3].retryAfterSeconds).toBeGreaterThan(3_500);
    expect(attempts[3].retryAfterSeconds).toBeLessThanOrEqual(3_600);

    expect((await limiter.consumeLogin('api-1', 'caller-2')).allowed).toBe(true);
    expect((await limiter.consumeLogin('api-2', 'caller-1')).allowed).toBe(true);
  });

  it('limits dashboard sign-in attempts per address', async () => {
    const limiter = await backend.create();
    const results = [];
    for (let i = 0; i < 11; i++) results.push(await limiter.consumeAuthAttempt('10.0.0.1'));
    expect(results.slice(0, 10).every((r) => r.allowed)).toBe(true);
    expect(results[10].allowed).toBe(false);
    expect(results[10].retryAfterSeconds).toBeGreaterThan(800);
    expect(results[10].retryAfterSeconds).toBeLessThanOrEqual(900);
    expect((await limiter.consumeAuthAttempt('10.0.0.2')).allowed).toBe(true);
  });
});

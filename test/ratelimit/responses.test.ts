/** The 429s as the HTTP layer will send them (through the one error mapper, toHttp). */
import { describe, expect, it } from 'vitest';
import { toHttp } from '../../src/errors/index.js';
import {
  authAttemptDenyToError,
  denyToError,
  executionHeaders,
  loginDenyToError,
  type ExecutionLimitResult,
} from '../../src/ratelimit/index.js';

const burst: ExecutionLimitResult = {
  allowed: false,
  limitType: 'burst',
  retryAfterSeconds: 12,
  remaining: 0,
  resetUnix: 1_714_557_612,
  dailyRemaining: 70,
};

describe('rate-limit responses', () => {
  it('maps a burst denial to the execution 429 with limit_type, retry_after and the limit headers', () => {
    const http = toHttp(denyToError(burst));
    expect(http.statusCode).toBe(429);
    expect(http.body).toEqual({
      error: {
        error: 'Rate limit exceeded',
        message: expect.stringContaining('Rate limit exceeded'),
        limit_type: 'burst',
        retry_after: 12,
        retryable: true,
      },
      status_code: 429,
    });
    expect(http.headers).toMatchObject({
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': '1714557612',
      'X-RateLimit-Daily-Remaining': '70',
      'Retry-After': '12',
    });
  });

  it('maps a daily denial to limit_type daily', () => {
    const daily: ExecutionLimitResult = { ...burst, limitType: 'daily', retryAfterSeconds: 49_200, dailyRemaining: 0 };
    const http = toHttp(denyToError(daily));
    expect(http.body.error).toMatchObject({ limit_type: 'daily', retry_after: 49_200 });
    expect(http.body.error).toHaveProperty('message', expect.stringMatching(/UTC midnight/));
    expect(http.headers['Retry-After']).toBe('49200');
  });

  it('maps a denied API login to the execution 429 with limit_type login', () => {
    const http = toHttp(loginDenyToError({ allowed: false, remaining: 0, retryAfterSeconds: 3_000 }, 3));
    expect(http.statusCode).toBe(429);
    expect(http.body.error).toMatchObject({ error: 'Rate limit exceeded', limit_type: 'login', retry_after: 3_000 });
    expect(http.headers['retry-after'] ?? http.headers['Retry-After']).toBe('3000');
  });

  it('maps a denied dashboard sign-in to the management 429', () => {
    const http = toHttp(authAttemptDenyToError({ allowed: false, remaining: 0, retryAfterSeconds: 600 }));
    expect(http.statusCode).toBe(429);
    expect(http.body).toEqual({ error: expect.stringMatching(/sign-in/), retry_after: 600, status_code: 429, retryable: true });
    expect(http.headers['Retry-After']).toBe('600');
  });

  it('sends no Retry-After and no daily header when allowed on a plan without a cap', () => {
    expect(executionHeaders({ allowed: true, remaining: 5, resetUnix: 100, dailyRemaining: null })).toEqual({
      'X-RateLimit-Remaining': '5',
      'X-RateLimit-Reset': '100',
    });
  });
});

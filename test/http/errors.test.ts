import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { toHttp } from '../../src/errors/index.js';

describe('error shapes and tracing', () => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    u = await t.user();
  });
  afterAll(async () => t.close());

  it('an unknown path is {detail: "Not Found"}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not Found' });
  });

  it('malformed JSON is 400 in the management shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/dispatch',
      headers: { 'x-api-key': u.key, 'content-type': 'application/json' },
      payload: '{"url": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Malformed JSON body', status_code: 400 });
  });

  it('schema violations are 422 with details', async () => {
    const res = await t.call('POST', '/dispatch', { key: u.key, body: { url: 5 } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: expect.any(String), status_code: 422, details: [{ field: 'url' }] });
  });

  it('every response carries X-Quarry-Request-Id, unique per request', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/health' });
    const b = await t.app.inject({ method: 'GET', url: '/nothing' });
    const c = await t.call('GET', '/dispatch/tasks', { key: 'bad' });
    const ids = [a, b, c].map((r) => r.headers['x-quarry-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('health answers once the database is ready', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('a lost database or Redis connection is a 503 to retry; any other unexpected error a plain 500', () => {
    const pgShutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const redisGone = new Error('Connection is closed.');
    const wrapped = new Error('query failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }) });
    for (const err of [pgShutdown, redisGone, wrapped]) {
      const res = toHttp(err);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.body).toEqual({ error: 'Service temporarily unavailable; retry shortly', status_code: 503, retryable: true });
    }
    expect(toHttp(new TypeError("Cannot read properties of undefined (reading 'id')"))).toEqual({
      statusCode: 500,
      headers: {},
      body: { error: 'Internal server error', status_code: 500 },
    });
  });

  it('answers an execution that meets a lost Redis connection with a 503 to retry, charging nothing', async () => {
    const limiter = t.runtime.deps.limiter;
    const before = (await t.call('GET', '/account', { key: u.key })).json().credits_remaining;
    const consume = limiter.consumeExecution;
    // The rate limiter's store going away mid-request, as ioredis reports it.
    limiter.consumeExecution = async () => {
      throw new Error('Connection is closed.');
    };
    try {
      const res = await t.call('POST', '/scraper/00000000-0000-4000-8000-000000000000/list', { key: u.key, body: {} });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ error: 'Service temporarily unavailable; retry shortly', status_code: 503, retryable: true });
    } finally {
      limiter.consumeExecution = consume;
    }
    expect((await t.call('GET', '/account', { key: u.key })).json().credits_remaining).toBe(before);
  });
});

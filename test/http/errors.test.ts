import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';

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
});

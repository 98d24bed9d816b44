import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import pino from 'pino';
import { Validator } from '@seriousme/openapi-schema-validator';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { buildApp } from '../../src/http/app.js';

describe("the service's own API description", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('GET /openapi.json is a valid OpenAPI 3.1 document covering the routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    for (const p of ['/dispatch', '/dispatch/tasks', '/dispatch/tasks/{task_id}', '/dispatch/tasks/{task_id}/cancel', '/account/api-key']) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });

  it('GET /docs is a readable page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('/openapi.json');
  });

  it('log lines of a request carry its request id', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        cb();
      },
    });
    const logger = pino({ level: 'info' }, sink);
    const app = await buildApp({ ...t.runtime.deps, logger });
    const res = await app.inject({ method: 'GET', url: '/nothing' });
    await app.close();
    const id = res.headers['x-quarry-request-id'];
    const mine = lines.map((l) => JSON.parse(l)).filter((l) => l.request_id === id);
    expect(mine.length).toBeGreaterThanOrEqual(2);
  });
});

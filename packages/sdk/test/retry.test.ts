/**
 * Retry policy: retried only when the service says so (`retryable: true` in the error body),
 * with the waits it asks for. Waits go through an injected sleep that records them instead of sleeping.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlockedError,
  ConnectionError,
  DEFAULT_RETRY_POLICY,
  Quarry,
  RateLimitError,
  ScraperBugError,
  StaleInputError,
  TimeoutError,
  UpstreamError,
  backoffMs,
  retryDelayMs,
  errorFromResponse,
} from '../src/index.js';
import { startFakeQuarry, type Answer, type FakeQuarry } from './helpers/fake-quarry.js';

let server: FakeQuarry;
beforeAll(async () => {
  server = await startFakeQuarry();
});
afterAll(() => server.close());

function client(options: { maxRetries?: number; baseUrl?: string; timeoutMs?: number } = {}) {
  const waits: number[] = [];
  const quarry = new Quarry({
    apiKey: 'pmx_test',
    baseUrl: options.baseUrl ?? server.url,
    maxRetries: options.maxRetries,
    timeoutMs: options.timeoutMs,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { quarry, waits };
}

const ok: Answer = { body: { status: 'success', data: [1] } };
const envelope = (status: number, error: Record<string, unknown>, headers?: Record<string, string>): Answer => ({
  status,
  headers,
  body: { error, status_code: status },
});

let routeCounter = 0;
/** A fresh execution route with the given answers; returns a function that calls it. */
function route(...answers: Answer[]) {
  const name = `ep_${++routeCounter}`;
  server.on('POST', `/scraper/scr_r/${name}`, ...answers);
  return {
    call: (quarry: Quarry) => quarry.call('scr_r', name, {}),
    count: () => server.received('POST', `/scraper/scr_r/${name}`).length,
  };
}

describe('retried', () => {
  it('429 waits the Retry-After header, then succeeds', async () => {
    const r = route({ status: 429, headers: { 'retry-after': '2' }, body: { error: { error: 'Rate limit exceeded', limit_type: 'burst', retryable: true }, status_code: 429 } }, ok);
    const { quarry, waits } = client();
    expect(await r.call(quarry)).toEqual({ status: 'success', data: [1] });
    expect(waits).toEqual([2000]);
    expect(r.count()).toBe(2);
  });

  it('429 prefers the body retry_after', async () => {
    const r = route(envelope(429, { limit_type: 'burst', retry_after: 3, retryable: true }, { 'retry-after': '3' }), ok);
    const { quarry, waits } = client();
    await r.call(quarry);
    expect(waits).toEqual([3000]);
  });

  it('503 blocked with retry_after is retried after that many seconds', async () => {
    const r = route(envelope(503, { status: 'blocked', kind: 'antibot_solvable', retry_after: 5, retryable: true }, { 'retry-after': '5' }), ok);
    const { quarry, waits } = client();
    await r.call(quarry);
    expect(waits).toEqual([5000]);
    expect(r.count()).toBe(2);
  });

  it('502 with upstream 503 is retried with growing backoff until it passes', async () => {
    const bad = envelope(502, { status: 'upstream_error', upstream_status_code: 503, snippet: 'busy', retryable: true });
    const r = route(bad, bad, ok);
    const { quarry, waits } = client();
    await r.call(quarry);
    expect(r.count()).toBe(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(250);
    expect(waits[0]).toBeLessThanOrEqual(500);
    expect(waits[1]).toBeGreaterThanOrEqual(500);
    expect(waits[1]).toBeLessThanOrEqual(1000);
  });

  it('gives up after maxRetries and throws the last error', async () => {
    const r = route(envelope(502, { status: 'upstream_error', upstream_status_code: 500, retryable: true }));
    const { quarry, waits } = client({ maxRetries: 2 });
    await expect(r.call(quarry)).rejects.toBeInstanceOf(UpstreamError);
    expect(r.count()).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it('maxRetries 0 sends once', async () => {
    const r = route(envelope(429, { limit_type: 'burst', retry_after: 1, retryable: true }));
    const { quarry, waits } = client({ maxRetries: 0 });
    await expect(r.call(quarry)).rejects.toBeInstanceOf(RateLimitError);
    expect([r.count(), waits.length]).toEqual([1, 0]);
  });

  it("follows the service's retryable even where a status rule would not retry", async () => {
    const r = route(envelope(502, { status: 'upstream_error', upstream_status_code: 404, retryable: true }), ok);
    const { quarry, waits } = client();
    await r.call(quarry);
    expect([r.count(), waits.length]).toEqual([2, 1]);
  });

  it('a GET whose connection drops is retried', async () => {
    server.on(
      'GET',
      '/dispatch/tasks/t_drop',
      (_req, res) => {
        res.socket?.destroy();
      },
      { body: { id: 't_drop', status: 'queued' } },
    );
    const { quarry, waits } = client();
    expect((await quarry.tasks.get('t_drop')).id).toBe('t_drop');
    expect(waits).toHaveLength(1);
  });
});

describe('not retried', () => {
  const cases: Array<[string, Answer, new (...args: never[]) => Error]> = [
    ['502 with upstream 404', envelope(502, { status: 'upstream_error', upstream_status_code: 404 }), UpstreamError],
    ['502 with upstream 403', envelope(502, { status: 'upstream_error', upstream_status_code: 403 }), UpstreamError],
    ['422 stale_input', envelope(422, { status: 'stale_input', kind: 'input_format_invalid' }), StaleInputError],
    ['500 scraper_bug', envelope(500, { status: 'error', kind: 'scraper_bug' }), ScraperBugError],
    ['503 blocked with retry_after null', envelope(503, { status: 'blocked', kind: 'antibot_unsolvable', retry_after: null }), BlockedError],
    ['429 daily, longer than the wait cap', envelope(429, { limit_type: 'daily', retry_after: 40_000, retryable: true }, { 'retry-after': '40000' }), RateLimitError],
    ['502 upstream 503 the service judged final', envelope(502, { status: 'upstream_error', upstream_status_code: 503, retryable: false }), UpstreamError],
    ['429 whose body does not say retryable', envelope(429, { limit_type: 'burst', retry_after: 1 }), RateLimitError],
  ];
  for (const [name, answer, errorClass] of cases) {
    it(name, async () => {
      const r = route(answer, ok);
      const { quarry, waits } = client();
      await expect(r.call(quarry)).rejects.toBeInstanceOf(errorClass);
      expect([r.count(), waits.length]).toEqual([1, 0]);
    });
  }

  it('a POST whose connection drops is not retried (it may have run)', async () => {
    server.on('POST', '/scraper/scr_r/drop_post', (_req, res) => {
      res.socket?.destroy();
    });
    const { quarry, waits } = client();
    await expect(quarry.call('scr_r', 'drop_post', {})).rejects.toBeInstanceOf(ConnectionError);
    expect(waits).toHaveLength(0);
    expect(server.received('POST', '/scraper/scr_r/drop_post')).toHaveLength(1);
  });
});

describe('no answer', () => {
  it('a refused connection on a GET is retried, then thrown as ConnectionError', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { quarry, waits } = client({ baseUrl: `http://127.0.0.1:${port}` });
    const err = await quarry.account.get().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect((err as ConnectionError).status).toBe(0);
    expect((err as Error).message).toContain('ECONNREFUSED');
    expect(waits).toHaveLength(2);
  });

  it('a GET with no answer within timeoutMs throws TimeoutError after its retries', async () => {
    server.on('GET', '/dispatch/tasks/t_hang', () => new Promise<void>(() => undefined));
    const { quarry, waits } = client({ timeoutMs: 100, maxRetries: 1 });
    await expect(quarry.tasks.get('t_hang')).rejects.toBeInstanceOf(TimeoutError);
    expect(waits).toHaveLength(1);
    expect(server.received('GET', '/dispatch/tasks/t_hang')).toHaveLength(2);
  });

  it('the caller aborting stops at once, without retries', async () => {
    server.on('GET', '/dispatch/tasks/t_abort', () => new Promise<void>(() => undefined));
    const { quarry, waits } = client();
    const controller = new AbortController();
    const pending = quarry.tasks.get('t_abort', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user gave up')), 50);
    await expect(pending).rejects.toThrow('user gave up');
    expect(waits).toHaveLength(0);
  });
});

describe('retryDelayMs (pure)', () => {
  const policy = { ...DEFAULT_RETRY_POLICY, random: () => 0.5 };
  const h = (o: Record<string, string>) => new Headers(o);

  it('backoff doubles per retry and stops growing at the cap', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffMs(n, policy))).toEqual([375, 750, 1500, 3000, 6000, 6000]);
  });

  it('a retryable 429 without any retry hint backs off', () => {
    expect(retryDelayMs(errorFromResponse(429, { error: 'x', retryable: true }), 1, 'POST', policy)).toBe(750);
  });

  it('a Retry-After over the cap is not waited for', () => {
    const err = errorFromResponse(429, { error: 'x', retryable: true }, h({ 'retry-after': '61' }));
    expect(retryDelayMs(err, 0, 'GET', policy)).toBeNull();
    expect(retryDelayMs(err, 0, 'GET', { ...policy, maxRetryAfterMs: 120_000 })).toBe(61_000);
  });

  it('a plain 503 is retried when the service says retryable, after its Retry-After or a backoff', () => {
    expect(retryDelayMs(errorFromResponse(503, { error: 'unavailable', retryable: true }, h({ 'retry-after': '1' })), 0, 'GET', policy)).toBe(1000);
    expect(retryDelayMs(errorFromResponse(503, { error: 'unavailable', retryable: true }), 0, 'GET', policy)).toBe(375);
    expect(retryDelayMs(errorFromResponse(503, { error: 'unavailable' }, h({ 'retry-after': '1' })), 0, 'GET', policy)).toBeNull();
  });

  it('a 502 without an upstream status is not retried', () => {
    expect(retryDelayMs(errorFromResponse(502, { error: { status: 'upstream_error' } }), 0, 'POST', policy)).toBeNull();
  });
});

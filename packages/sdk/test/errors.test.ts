/**
 * Error mapping: every status of the contract's envelope, in both body shapes, through a real
 * HTTP exchange, lands on its class with its fields and the request id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  BlockedError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PaymentRequiredError,
  Quarry,
  QuarryError,
  RateLimitError,
  ScraperBugError,
  StaleInputError,
  UpstreamError,
  ValidationError,
  errorFromResponse,
} from '../src/index.js';
import { startFakeQuarry, type Answer, type FakeQuarry } from './helpers/fake-quarry.js';

let server: FakeQuarry;
let quarry: Quarry;

beforeAll(async () => {
  server = await startFakeQuarry();
  quarry = new Quarry({ apiKey: 'pmx_test', baseUrl: server.url, maxRetries: 0 });
});
afterAll(() => server.close());

/** Answer the next execution with `answer` and return what the client threw. */
async function executionError(answer: Answer): Promise<QuarryError> {
  server.on('POST', '/scraper/scr_1/search', answer);
  const err = await quarry.call('scr_1', 'search', { q: 'x' }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(QuarryError);
  return err as QuarryError;
}

async function managementError(answer: Answer): Promise<QuarryError> {
  server.on('POST', '/dispatch', answer);
  const err = await quarry.dispatch({ url: 'https://books.example' }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(QuarryError);
  return err as QuarryError;
}

const envelope = (status: number, error: Record<string, unknown>, headers?: Record<string, string>): Answer => ({
  status,
  headers,
  body: { error, status_code: status },
});

describe('execution envelope', () => {
  it('422 stale_input keeps kind, url and upstream status', async () => {
    const err = await executionError(
      envelope(422, {
        status: 'stale_input',
        kind: 'input_not_found',
        message: 'The book is gone',
        upstream_status_code: 410,
        url: 'https://books.example/b/1',
      }),
    );
    expect(err).toBeInstanceOf(StaleInputError);
    const e = err as StaleInputError;
    expect([e.status, e.kind, e.upstreamStatusCode, e.url, e.message]).toEqual([
      422,
      'input_not_found',
      410,
      'https://books.example/b/1',
      'The book is gone',
    ]);
    expect(e.requestId).toMatch(/^req_\d+$/);
  });

  it('422 stale_input of kinds input_format_invalid and session_invalid', async () => {
    for (const kind of ['input_format_invalid', 'session_invalid']) {
      const err = await executionError(envelope(422, { status: 'stale_input', kind, message: 'bad' }));
      expect(err).toBeInstanceOf(StaleInputError);
      expect((err as StaleInputError).kind).toBe(kind);
    }
  });

  it('502 upstream_error keeps the upstream status, snippet and url', async () => {
    const err = await executionError(
      envelope(502, {
        status: 'upstream_error',
        message: 'The site answered 404',
        upstream_status_code: 404,
        snippet: '<h1>Not found</h1>',
        url: 'https://books.example/x',
      }),
    );
    expect(err).toBeInstanceOf(UpstreamError);
    const e = err as UpstreamError;
    expect([e.upstreamStatusCode, e.snippet, e.url]).toEqual([404, '<h1>Not found</h1>', 'https://books.example/x']);
  });

  it('503 blocked keeps block type, vendor, attempts and retry_after (from the body)', async () => {
    const err = await executionError(
      envelope(
        503,
        { status: 'blocked', kind: 'antibot_solvable', message: 'Blocked', block_type: 'challenge', vendor: 'cloudflare', attempts: 3, retry_after: 30 },
        { 'retry-after': '30' },
      ),
    );
    expect(err).toBeInstanceOf(BlockedError);
    const e = err as BlockedError;
    expect([e.kind, e.blockType, e.vendor, e.attempts, e.retryAfter]).toEqual(['antibot_solvable', 'challenge', 'cloudflare', 3, 30]);
  });

  it('503 blocked with retry_after null has no retryAfter even if a header slipped in', async () => {
    const err = await executionError(
      envelope(503, { status: 'blocked', kind: 'ip_burned', message: 'Blocked', retry_after: null }, { 'retry-after': '5' }),
    );
    expect((err as BlockedError).retryAfter).toBeNull();
  });

  it('500 scraper_bug', async () => {
    const err = await executionError(envelope(500, { status: 'error', kind: 'scraper_bug', message: 'crashed' }));
    expect(err).toBeInstanceOf(ScraperBugError);
    expect((err as ScraperBugError).kind).toBe('scraper_bug');
    expect(err.message).toBe('crashed');
  });

  it('429 reads limit_type and retry_after from the envelope', async () => {
    const err = await executionError(
      envelope(429, { error: 'Rate limit exceeded', message: 'burst used up', limit_type: 'burst', retry_after: 12 }, { 'retry-after': '12' }),
    );
    expect(err).toBeInstanceOf(RateLimitError);
    const e = err as RateLimitError;
    expect([e.limitType, e.retryAfter, e.message]).toEqual(['burst', 12, 'burst used up']);
  });

  it('429 of the login limit', async () => {
    const err = await executionError(envelope(429, { error: 'Rate limit exceeded', limit_type: 'login', retry_after: 3000 }));
    expect((err as RateLimitError).limitType).toBe('login');
    expect(err.message).toBe('Rate limit exceeded');
  });

  it('400, 401 and 404 use the plain-string shape on execution too', async () => {
    const bad = await executionError({ status: 400, body: { error: 'invalid API-Snapshot-Version header', status_code: 400 } });
    expect(bad).toBeInstanceOf(BadRequestError);
    expect(bad.message).toBe('invalid API-Snapshot-Version header');
    const auth = await executionError({ status: 401, body: { error: 'API key expired', status_code: 401 } });
    expect(auth).toBeInstanceOf(AuthenticationError);
    const missing = await executionError({ status: 404, body: { error: 'scraper scr_1 not found', status_code: 404 } });
    expect(missing).toBeInstanceOf(NotFoundError);
    expect((missing as NotFoundError).routeNotFound).toBe(false);
  });
});

describe('management shape', () => {
  it('402 carries credits required and remaining (object form)', async () => {
    const err = await managementError(
      envelope(402, { message: 'Not enough credits', credits_required: 75, credits_remaining: 10 }),
    );
    expect(err).toBeInstanceOf(PaymentRequiredError);
    const e = err as PaymentRequiredError;
    expect([e.creditsRequired, e.creditsRemaining, e.message]).toEqual([75, 10, 'Not enough credits']);
  });

  it('402 in the plain-string form (workspace without a team plan)', async () => {
    const err = await managementError({ status: 402, body: { error: 'workspace needs a Team plan', status_code: 402 } });
    expect(err).toBeInstanceOf(PaymentRequiredError);
    expect((err as PaymentRequiredError).creditsRequired).toBeNull();
  });

  it('422 validation keeps details', async () => {
    const details = [{ field: 'url', message: 'must be a URL' }];
    const err = await managementError({ status: 422, body: { error: 'body/url is invalid', details, status_code: 422 } });
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).details).toEqual(details);
  });

  it('400, 403, 409 and 429 (top-level retry_after)', async () => {
    expect(await managementError({ status: 400, body: { error: 'force_new has been removed', status_code: 400 } })).toBeInstanceOf(BadRequestError);
    expect(await managementError({ status: 403, body: { error: 'accept the disclaimer first', status_code: 403 } })).toBeInstanceOf(ForbiddenError);
    expect(await managementError({ status: 409, body: { error: 'task already terminal', status_code: 409 } })).toBeInstanceOf(ConflictError);
    const limited = await managementError({ status: 429, body: { error: 'Too many', retry_after: 7, status_code: 429 } });
    expect((limited as RateLimitError).retryAfter).toBe(7);
  });

  it('429 without retry_after in the body falls back to the Retry-After header', async () => {
    const err = await managementError({ status: 429, headers: { 'retry-after': '9' }, body: { error: 'Too many', status_code: 429 } });
    expect((err as RateLimitError).retryAfter).toBe(9);
  });

  it('an unknown path is a NotFoundError with routeNotFound', async () => {
    const err = await quarry.tasks.exportMcp('t_unrouted').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect((err as NotFoundError).routeNotFound).toBe(true);
    expect((err as NotFoundError).message).toBe('Not Found');
    expect((err as NotFoundError).body).toEqual({ detail: 'Not Found' });
  });

  it('a non-JSON error body becomes the message; an unlisted status stays a QuarryError', async () => {
    const err = await managementError({ status: 504, raw: 'gateway timed out' });
    expect(err.constructor).toBe(QuarryError);
    expect([err.status, err.message]).toEqual([504, 'gateway timed out']);
  });
});

describe('errorFromResponse without a response', () => {
  it('maps a 500 that is not the envelope to the base class', () => {
    const err = errorFromResponse(500, { error: 'Internal server error', status_code: 500 });
    expect(err.constructor).toBe(QuarryError);
    expect(err.requestId).toBeNull();
  });

  it('reads Retry-After given as an HTTP date', () => {
    const at = new Date(Date.now() + 120_000).toUTCString();
    const err = errorFromResponse(429, { error: 'x' }, new Headers({ 'retry-after': at })) as RateLimitError;
    expect(err.retryAfter).toBeGreaterThan(100);
    expect(err.retryAfter).toBeLessThanOrEqual(120);
  });
});

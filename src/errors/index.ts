/**
 * The error vocabulary. Every failure the service reports is a `QuarryError` with a code from
 * the table below; `toHttp()` (and nothing else) turns one into a response. Codes are
 * documented in docs/errors.md.
 *
 * Two body shapes exist because the contract has two:
 * - management errors (and 400/401/404 everywhere): `{error: "<reason>", status_code}`;
 * - execution envelope errors: `{error: {status, kind, message, ...}, status_code}`.
 * 402 for too few credits (`payment_required`) has its own object form on every route; a plan
 * refusal (`plan_required`) is a plain management error (decisions.md).
 */
import { isTransientFault } from './transient.js';

export type ErrorCode =
  // management (and generic request) errors
  | 'bad_request'
  | 'unauthorized'
  | 'payment_required'
  | 'plan_required'
  | 'forbidden'
  | 'not_found'
  | 'route_not_found'
  | 'conflict'
  | 'validation_failed'
  | 'rate_limited'
  | 'internal'
  | 'unavailable'
  // execution envelope errors
  | 'input_format_invalid'
  | 'input_not_found'
  | 'session_invalid'
  | 'upstream_error'
  | 'blocked'
  | 'scraper_bug'
  | 'execution_rate_limited';

interface CodeInfo {
  status: number;
  /** `error.status` of the execution envelope; absent for plain-string errors. */
  envelopeStatus?: string;
  /** `error.kind` of the execution envelope, when fixed by the code. */
  kind?: string;
  /** Whether the same call may succeed later without changes (read by SDK retry logic and jobs). */
  retryable: boolean;
}

export const ERROR_CODES: Readonly<Record<ErrorCode, CodeInfo>> = Object.freeze({
  bad_request: { status: 400, retryable: false },
  unauthorized: { status: 401, retryable: false },
  payment_required: { status: 402, retryable: false },
  // A plan refusal (allow_auth on a free plan, workspace without a team): a management error,
  // `{error: "<reason>", status_code: 402}`; only too few credits has the object form.
  plan_required: { status: 402, retryable: false },
  forbidden: { status: 403, retryable: false },
  not_found: { status: 404, retryable: false },
  route_not_found: { status: 404, retryable: false },
  conflict: { status: 409, retryable: false },
  validation_failed: { status: 422, retryable: false },
  rate_limited: { status: 429, retryable: true },
  internal: { status: 500, retryable: false },
  unavailable: { status: 503, retryable: true },
  input_format_invalid: { status: 422, envelopeStatus: 'stale_input', kind: 'input_format_invalid', retryable: false },
  input_not_found: { status: 422, envelopeStatus: 'stale_input', kind: 'input_not_found', retryable: false },
  session_invalid: { status: 422, envelopeStatus: 'stale_input', kind: 'session_invalid', retryable: false },
  upstream_error: { status: 502, envelopeStatus: 'upstream_error', retryable: false },
  blocked: { status: 503, envelopeStatus: 'blocked', retryable: false },
  scraper_bug: { status: 500, envelopeStatus: 'error', kind: 'scraper_bug', retryable: false },
  execution_rate_limited: { status: 429, retryable: true },
});

/** Extra fields carried into the body (details, upstream_status_code, retry_after, ...). */
export type ErrorFields = Record<string, unknown>;

export class QuarryError extends Error {
  readonly code: ErrorCode;
  readonly fields: ErrorFields;
  /** Response headers that belong with this error (Retry-After, rate-limit headers). */
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, fields: ErrorFields = {}, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'QuarryError';
    this.code = code;
    this.fields = fields;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }

  get retryable(): boolean {
    if (this.code === 'blocked') return this.fields.retry_after != null;
    if (this.code === 'upstream_error') {
      // A refused target stays refused however often it is tried.
      if (['private_address', 'unsupported_scheme', 'invalid_url'].includes(String(this.fields.reason))) return false;
      const s = this.fields.upstream_status_code;
      return typeof s !== 'number' || s >= 500 || s === 408;
    }
    return ERROR_CODES[this.code].retryable;
  }
}

export function isQuarryError(err: unknown): err is QuarryError {
  return err instanceof QuarryError;
}

// Small constructors for the common cases, so call sites read as sentences.
/** A database or Redis connection lost mid-request (see transient.ts): 503, retry in a second. */
export const momentarilyUnavailable = () =>
  new QuarryError('unavailable', 'Service temporarily unavailable; retry shortly', {}, { 'retry-after': '1' });
export const badRequest = (message: string, fields?: ErrorFields) => new QuarryError('bad_request', message, fields);
export const unauthorized = (message: string) => new QuarryError('unauthorized', message);
export const forbidden = (message: string) => new QuarryError('forbidden', message);
export const notFound = (message: string) => new QuarryError('not_found', message);
export const conflict = (message: string, fields?: ErrorFields) => new QuarryError('conflict', message, fields);
export const validationFailed = (message: string, details: unknown[] = []) =>
  new QuarryError('validation_failed', message, { details });
export const paymentRequired = (message: string, creditsRequired?: number, creditsRemaining?: number) =>
  new QuarryError('payment_required', message, {
    ...(creditsRequired !== undefined ? { credits_required: creditsRequired } : {}),
    ...(creditsRemaining !== undefined ? { credits_remaining: creditsRemaining } : {}),
  });

export interface HttpError {
  statusCode: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/**
 * The QuarryError a thrown value stands for: itself; for a database or Redis connection lost
 * mid-request (transient.ts), a 503 to retry, since the moment failed, not the request; null for
 * anything else, which is a bug (500).
 */
export function knownError(err: unknown): QuarryError | null {
  if (isQuarryError(err)) return err;
  return isTransientFault(err) ? momentarilyUnavailable() : null;
}

/** The one function that maps any thrown value to an HTTP response. */
export function toHttp(thrown: unknown): HttpError {
  const err = knownError(thrown);
  if (!err) return { statusCode: 500, headers: {}, body: { error: 'Internal server error', status_code: 500 } };
  const info = ERROR_CODES[err.code];
  const statusCode = info.status;
  const headers = { ...err.headers };

  if (err.code === 'route_not_found') return { statusCode, headers, body: { detail: 'Not Found' } };

  // The retry judgement travels on the wire (docs/errors.md): `error.retryable` in every object
  // form; string-form errors carry a top-level `retryable` only when it is true (429, 503).
  const retryable = err.retryable;

  if (err.code === 'payment_required') {
    return {
      statusCode,
      headers,
      body: { error: { message: err.message, ...err.fields, retryable }, status_code: statusCode },
    };
  }

  if (err.code === 'execution_rate_limited') {
    const retryAfter = err.fields.retry_after;
    if (typeof retryAfter === 'number') headers['retry-after'] = String(retryAfter);
    return {
      statusCode,
      headers,
      body: { error: { error: 'Rate limit exceeded', message: err.message, ...err.fields, retryable }, status_code: statusCode },
    };
  }

  if (info.envelopeStatus) {
    const error: Record<string, unknown> = { status: info.envelopeStatus };
    if (info.kind) error.kind = info.kind;
    error.message = err.message;
    Object.assign(error, err.fields);
    if (err.code === 'blocked') {
      // Rule 2: Retry-After only when the block is transient.
      if (typeof err.fields.retry_after === 'number') headers['retry-after'] = String(err.fields.retry_after);
      else error.retry_after = null;
    }
    error.retryable = retryable;
    return { statusCode, headers, body: { error, status_code: statusCode } };
  }

  if (err.code === 'rate_limited' && typeof err.fields.retry_after === 'number') {
    headers['retry-after'] = String(err.fields.retry_after);
  }
  return { statusCode, headers, body: { error: err.message, ...err.fields, status_code: statusCode, ...(retryable ? { retryable } : {}) } };
}

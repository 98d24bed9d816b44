/**
 * Every error the SDK throws, and the one function (`errorFromResponse`) that turns a non-2xx
 * response into the right class. The service has three error body shapes
 * (service-interface.md "Errors", decisions.md "Management API errors"):
 *
 * - management: `{error: "<reason>", status_code, ...extra}` (extra: `details` on 422,
 *   `retry_after` on 429);
 * - execution envelope (and 402 everywhere): `{error: {status?, kind?, message, ...}, status_code}`;
 * - unknown path: `{detail: "Not Found"}`.
 *
 * Whether an error is worth retrying is the service's judgement, sent as `retryable` (inside the
 * `error` object, or at the top level of a plain error); retry.ts follows it and only decides
 * how long to wait.
 */

/** Fields of the error object, whichever shape the body had (the envelope's `error`, or the top level). */
type Fields = Record<string, unknown>;

export interface QuarryErrorInit {
  status: number;
  message: string;
  requestId?: string | null;
  body?: unknown;
  headers?: Headers;
  /** The service's `retryable` judgement; false when the body did not say. */
  retryable?: boolean;
}

/** Base class: an HTTP error answered by the service (or status 0 when no answer came). */
export class QuarryError extends Error {
  /** HTTP status; 0 when no response was received (ConnectionError). */
  readonly status: number;
  /** `X-Quarry-Request-Id`, to quote to support. */
  readonly requestId: string | null;
  /** The parsed response body (or its text when it was not JSON). */
  readonly body: unknown;
  readonly headers: Headers | undefined;
  /** Whether the service said the same call may succeed later unchanged (its `retryable` field). */
  readonly retryable: boolean;

  constructor(init: QuarryErrorInit) {
    super(init.message);
    this.name = new.target.name;
    this.status = init.status;
    this.retryable = init.retryable ?? false;
    this.requestId = init.requestId ?? null;
    this.body = init.body;
    this.headers = init.headers;
  }
}

/** 400: malformed request (bad JSON, removed field, invalid API-Snapshot-Version, half a session). */
export class BadRequestError extends QuarryError {}

/** 401: missing, invalid or expired API key. */
export class AuthenticationError extends QuarryError {}

/** 402: not enough credits, or a plan that does not include the feature. */
export class PaymentRequiredError extends QuarryError {
  readonly creditsRequired: number | null;
  readonly creditsRemaining: number | null;
  constructor(init: QuarryErrorInit, fields: Fields) {
    super(init);
    this.creditsRequired = numberOrNull(fields.credits_required);
    this.creditsRemaining = numberOrNull(fields.credits_remaining);
  }
}

/** 403: allowed by the key but refused (e.g. an authenticated build before the disclaimer). */
export class ForbiddenError extends QuarryError {}

/** 404: unknown or not yours; `routeNotFound` when the path itself does not exist (`{detail}` body). */
export class NotFoundError extends QuarryError {
  readonly routeNotFound: boolean;
  constructor(init: QuarryErrorInit, routeNotFound: boolean) {
    super(init);
    this.routeNotFound = routeNotFound;
  }
}

/** 409: the resource is not in a state that allows the operation (e.g. cancel a finished task). */
export class ConflictError extends QuarryError {}

/** 422 on a management route: a field breaks its schema; `details` says which. */
export class ValidationError extends QuarryError {
  readonly details: unknown[];
  constructor(init: QuarryErrorInit, fields: Fields) {
    super(init);
    this.details = Array.isArray(fields.details) ? fields.details : [];
  }
}

export type StaleInputKind = 'input_format_invalid' | 'input_not_found' | 'session_invalid';

/** 422 `stale_input` from an execution: fix the input (or log in again for `session_invalid`). */
export class StaleInputError extends QuarryError {
  readonly kind: StaleInputKind | string;
  readonly upstreamStatusCode: number | null;
  readonly url: string | null;
  constructor(init: QuarryErrorInit, fields: Fields) {
    super(init);
    this.kind = stringOr(fields.kind, 'input_format_invalid');
    this.upstreamStatusCode = numberOrNull(fields.upstream_status_code);
    this.url = stringOrNull(fields.url);
  }
}

export type LimitType = 'burst' | 'daily' | 'login';

/** 429: a rate limit; `retryAfter` seconds until it lifts (body `retry_after`, else `Retry-After`). */
export class RateLimitError extends QuarryError {
  readonly limitType: LimitType | null;
  readonly retryAfter: number | null;
  constructor(init: QuarryErrorInit, fields: Fields) {
    super(init);
    this.limitType = (stringOrNull(fields.limit_type) as LimitType | null) ?? null;
    this.retryAfter = numberOrNull(fields.retry_after) ?? retryAfterHeader(init.headers);
  }
}

/** 500 `scraper_bug`: the generated scraper crashed; request a revision (`tasks.revise`). */
export class ScraperBugError extends QuarryError {
  readonly kind: string;
  constructor(init: QuarryErrorInit, fields: Fields) {
    super(init);
    this.kind = stringOr(fields.kind, 'scraper_bug');
  }
}

/** 502: the target site answered non-2xx. Upstream 5xx may pass; 404/410 means bad input. */
export class UpstreamError extends QuarryError {
  readonly upstreamStatusCode: number | null;
  readonly snippet: string | null;
  readonly url: string | null;
  constructor(init: QuarryErrorInit, fields: Fields) {
    super(init);
    this.upstreamStatusCode = numberOrNull(fields.upstream_status_code);
    this.snippet = stringOrNull(fields.snippet);
    this.url = stringOrNull(fields.url);
  }
}

/** 503: anti-bot protection blocked every proxy; transient only when `retryAfter` is set. */
export class BlockedError extends QuarryError {
  readonly kind: string | null;
  readonly blockType: string | null;
  readonly vendor: string | null;
  readonly attempts: number | null;
  readonly retryAfter: number | null;
  constructor(init: QuarryErrorInit, fields: Fields) {
    super(init);
    this.kind = stringOrNull(fields.kind);
    this.blockType = stringOrNull(fields.block_type);
    this.vendor = stringOrNull(fields.vendor);
    this.attempts = numberOrNull(fields.attempts);
    // The body is authoritative: `retry_after: null` means "do not retry" even if a proxy adds a header.
    this.retryAfter = 'retry_after' in fields ? numberOrNull(fields.retry_after) : retryAfterHeader(init.headers);
  }
}

/** No HTTP response: the connection failed or was reset. `status` is 0. */
export class ConnectionError extends QuarryError {
  constructor(message: string, cause?: unknown) {
    super({ status: 0, message });
    if (cause !== undefined) (this as { cause?: unknown }).cause = cause;
  }
}

/** No response within `timeoutMs`. */
export class TimeoutError extends ConnectionError {}

/** Base of the outcomes of `waitForTask` that are not a completed task. */
export class TaskWaitError extends Error {
  readonly taskId: string;
  constructor(taskId: string, message: string) {
    super(message);
    this.name = new.target.name;
    this.taskId = taskId;
  }
}

/** The build ended `failed`; `task.error` says why. */
export class TaskFailedError<T = unknown> extends TaskWaitError {
  readonly task: T;
  constructor(taskId: string, reason: string | null, task: T) {
    super(taskId, `Task ${taskId} failed: ${reason ?? 'no reason given'}`);
    this.task = task;
  }
}

/** The task was cancelled before it completed. */
export class TaskCancelledError<T = unknown> extends TaskWaitError {
  readonly task: T;
  constructor(taskId: string, task: T) {
    super(taskId, `Task ${taskId} was cancelled`);
    this.task = task;
  }
}

/** `waitForTask` gave up after its `timeoutMs`; the task keeps running on the server. */
export class WaitTimeoutError<T = unknown> extends TaskWaitError {
  readonly lastTask: T | null;
  constructor(taskId: string, timeoutMs: number, lastTask: T | null) {
    super(taskId, `Task ${taskId} did not finish within ${timeoutMs} ms`);
    this.lastTask = lastTask;
  }
}

/** Map a non-2xx response to its error class. `body` is the parsed JSON (or text). */
export function errorFromResponse(status: number, body: unknown, headers?: Headers): QuarryError {
  const { fields, message, isEnvelope, routeNotFound } = readBody(status, body);
  const retryable = fields.retryable === true;
  const init: QuarryErrorInit = { status, message, requestId: headers?.get('x-quarry-request-id'), body, headers, retryable };
  switch (status) {
    case 400:
      return new BadRequestError(init);
    case 401:
      return new AuthenticationError(init);
    case 402:
      return new PaymentRequiredError(init, fields);
    case 403:
      return new ForbiddenError(init);
    case 404:
      return new NotFoundError(init, routeNotFound);
    case 409:
      return new ConflictError(init);
    case 422:
      return fields.status === 'stale_input' ? new StaleInputError(init, fields) : new ValidationError(init, fields);
    case 429:
      return new RateLimitError(init, fields);
    case 500:
      return isEnvelope && (fields.kind === 'scraper_bug' || fields.status === 'error')
        ? new ScraperBugError(init, fields)
        : new QuarryError(init);
    case 502:
      return isEnvelope || fields.status === 'upstream_error' ? new UpstreamError(init, fields) : new QuarryError(init);
    case 503:
      return fields.status === 'blocked' ? new BlockedError(init, fields) : new QuarryError(init);
    default:
      return new QuarryError(init);
  }
}

function readBody(status: number, body: unknown): { fields: Fields; message: string; isEnvelope: boolean; routeNotFound: boolean } {
  const fallback = `HTTP ${status}`;
  if (!isObject(body)) {
    const text = typeof body === 'string' && body.trim() ? body.trim().slice(0, 200) : fallback;
    return { fields: {}, message: text, isEnvelope: false, routeNotFound: false };
  }
  if (isObject(body.error)) {
    const e = body.error;
    // 429's envelope carries a short title in `error.error` next to the longer `message`.
    const message = stringOrNull(e.message) ?? stringOrNull(e.error) ?? fallback;
    return { fields: e, message, isEnvelope: true, routeNotFound: false };
  }
  if (typeof body.error === 'string') {
    return { fields: body, message: body.error, isEnvelope: false, routeNotFound: false };
  }
  if (typeof body.detail === 'string') {
    return { fields: body, message: body.detail, isEnvelope: false, routeNotFound: status === 404 };
  }
  return { fields: body, message: fallback, isEnvelope: false, routeNotFound: false };
}

/** `Retry-After` as seconds: either delta-seconds or an HTTP date. */
export function retryAfterHeader(headers: Headers | undefined): number | null {
  const raw = headers?.get('retry-after');
  if (!raw) return null;
  if (/^\d+(\.\d+)?$/.test(raw.trim())) return Number(raw);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function numberOrNull(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

const stringOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const stringOr = (v: unknown, d: string): string => (typeof v === 'string' ? v : d);

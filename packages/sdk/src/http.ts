/**
 * The transport: one HTTP exchange with the service (URL, auth header, time-out, body
 * parsing, error mapping) wrapped in the retry loop of retry.ts. Resources build a
 * `RequestSpec` and never touch fetch themselves.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { ConnectionError, QuarryError, TimeoutError, errorFromResponse } from './errors.js';
import { retryDelayMs, type RetryPolicy } from './retry.js';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Sleep that, when aborted, rejects with the signal's own reason (as fetch does), not a generic AbortError. */
export const defaultSleep: Sleep = async (ms, signal) => {
  try {
    await delay(ms, undefined, { signal });
  } catch (err) {
    throw signal?.aborted ? signal.reason : err;
  }
};

export const SDK_VERSION = '0.1.0';

export interface TransportOptions {
  baseUrl: string;
  apiKey: string | undefined;
  fetch: FetchLike;
  timeoutMs: number;
  sleep: Sleep;
  retry: RetryPolicy;
}

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path below the base URL, already percent-encoded (use `path` below). */
  path: string;
  query?: Record<string, unknown>;
  /** JSON body; omitted from the request when undefined. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Non-2xx statuses to return instead of throwing (e.g. 304 of a conditional GET). */
  acceptStatuses?: number[];
}

export interface ParsedResponse<T> {
  status: number;
  headers: Headers;
  body: T;
  requestId: string | null;
}

/** Build a path from literal segments and encoded values: path`/dispatch/tasks/${id}`. */
export function path(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  return strings.reduce((out, s, i) => out + s + (i < values.length ? encodeURIComponent(String(values[i])) : ''), '');
}

export class Transport {
  constructor(private readonly options: TransportOptions) {}

  /** Send with retries; resolve with the parsed JSON body of a 2xx (or accepted) answer. */
  async request<T>(spec: RequestSpec): Promise<ParsedResponse<T>> {
    return this.withRetries(spec, async () => {
      const { response, finish } = await this.send(spec, 'application/json');
      try {
        const body = parseBody(await response.text());
        if (!response.ok && !spec.acceptStatuses?.includes(response.status)) {
          throw errorFromResponse(response.status, body, response.headers);
        }
        return { status: response.status, headers: response.headers, body: body as T, requestId: requestIdOf(response) };
      } catch (err) {
        throw this.mapFailure(err, spec, finish.timedOut());
      } finally {
        finish.done();
      }
    });
  }

  /**
   * Open a streaming GET (Server-Sent Events). The time-out covers the wait for the response
   * headers only, since a stream stays open as long as the task runs.
   */
  async stream(spec: RequestSpec): Promise<Response> {
    return this.withRetries(spec, async () => {
      const { response, finish } = await this.send(spec, 'text/event-stream');
      finish.stopTimer();
      if (!response.ok) {
        const body = parseBody(await response.text().catch(() => ''));
        finish.done();
        throw errorFromResponse(response.status, body, response.headers);
      }
      return response;
    });
  }

  private async withRetries<T>(spec: RequestSpec, once: () => Promise<T>): Promise<T> {
    const { retry, sleep } = this.options;
    for (let retriesDone = 0; ; retriesDone++) {
      try {
        return await once();
      } catch (err) {
        if (spec.signal?.aborted || retriesDone >= retry.maxRetries) throw err;
        const wait = retryDelayMs(err, retriesDone, spec.method, retry);
        if (wait === null) throw err;
        await sleep(wait, spec.signal);
      }
    }
  }

  private async send(spec: RequestSpec, accept: string) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.options.timeoutMs);
    const forwardAbort = () => controller.abort(spec.signal?.reason);
    spec.signal?.addEventListener('abort', forwardAbort, { once: true });
    const finish = {
      timedOut: () => timedOut,
      stopTimer: () => clearTimeout(timer),
      done: () => {
        clearTimeout(timer);
        spec.signal?.removeEventListener('abort', forwardAbort);
      },
    };
    if (spec.signal?.aborted) controller.abort(spec.signal.reason);
    try {
      const response = await this.options.fetch(this.urlOf(spec), {
        method: spec.method,
        headers: this.headersOf(spec, accept),
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        signal: controller.signal,
      });
      return { response, finish };
    } catch (err) {
      finish.done();
      throw this.mapFailure(err, spec, timedOut);
    }
  }

  /** A thrown fetch failure becomes a ConnectionError/TimeoutError; the caller's abort stays as is. */
  private mapFailure(err: unknown, spec: RequestSpec, timedOut: boolean): unknown {
    if (spec.signal?.aborted) return spec.signal.reason ?? err;
    if (timedOut) return new TimeoutError(`No response from ${spec.method} ${spec.path} within ${this.options.timeoutMs} ms`);
    if (err instanceof Error && !(err instanceof QuarryError)) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      const detail = cause?.code ?? cause?.message ?? err.message;
      return new ConnectionError(`Could not reach ${this.options.baseUrl} (${detail})`, err);
    }
    return err;
  }

  private urlOf(spec: RequestSpec): string {
    const url = new URL(this.options.baseUrl.replace(/\/+$/, '') + spec.path);
    for (const [key, value] of Object.entries(spec.query ?? {})) appendQuery(url.searchParams, key, value);
    return url.toString();
  }

  private headersOf(spec: RequestSpec, accept: string): Record<string, string> {
    const headers: Record<string, string> = { accept, 'user-agent': `quarry-sdk/${SDK_VERSION}` };
    if (this.options.apiKey) headers['x-api-key'] = this.options.apiKey;
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    return { ...headers, ...spec.headers };
  }
}

/**
 * Query encoding: scalars as text, arrays as repeated keys, objects as JSON text; undefined
 * and null are left out (the server then applies its default).
 */
function appendQuery(params: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) params.append(key, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
  } else if (typeof value === 'object') params.append(key, JSON.stringify(value));
  else params.append(key, String(value));
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const requestIdOf = (response: Response): string | null => response.headers.get('x-quarry-request-id');

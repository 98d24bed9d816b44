/**
 * The one place where a failed execution becomes the contract's error envelope (a QuarryError
 * code; errors/index.ts turns the code into HTTP).
 *
 * - upstream status listed in the request step's not_found_statuses (default 404, 410)
 *   -> `input_not_found` (422) with upstream_status_code and url;
 * - any other upstream non-2xx -> `upstream_error` (502) with upstream_status_code, the first
 *   KiB of the body as snippet, and url;
 * - QuarryErrors from the fetch layer (time-outs, connection failures, `blocked`) and from the
 *   interpreter (`scraper_bug` for an empty required field) pass through unchanged;
 * - an abort or time-out that escaped as a plain error -> `upstream_error`;
 * - anything else is a crash of the scraper -> `scraper_bug` with a generic message: stack
 *   traces and internal messages go to the log, never to the caller.
 */
import { QuarryError, isQuarryError } from '../errors/index.js';
import type { FetchResponse } from '../fetch/types.js';
import { SNIPPET_BYTES, truncateUtf8 } from './interpreter/text.js';

export const DEFAULT_NOT_FOUND_STATUSES: readonly number[] = [404, 410];

export interface ClassifyContext {
  /** The upstream URL being processed when the error happened, if any. */
  url?: string;
  /** The call's signal: its reason explains an abort better than the AbortError does. */
  signal?: AbortSignal;
  /** Receives the original error of a crash (the caller only sees a generic message). */
  logger?: { error?: (obj: object, msg: string) => void };
}

/** The error an upstream answer stands for, or null when it is a 2xx. */
export function upstreamStatusError(
  res: Pick<FetchResponse, 'status' | 'url' | 'text'>,
  notFoundStatuses: readonly number[] = DEFAULT_NOT_FOUND_STATUSES,
): QuarryError | null {
  if (res.status >= 200 && res.status < 300) return null;
  if (notFoundStatuses.includes(res.status)) {
    return new QuarryError('input_not_found', `The site has nothing at this address (HTTP ${res.status}).`, {
      upstream_status_code: res.status,
      url: res.url,
    });
  }
  return new QuarryError('upstream_error', `The site answered HTTP ${res.status}.`, {
    upstream_status_code: res.status,
    snippet: truncateUtf8(res.text, SNIPPET_BYTES),
    url: res.url,
  });
}

const NETWORK_CODES = /^(UND_ERR_|ECONN|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE)/;

/** Turn any thrown value of an execution into a QuarryError of the execution envelope. */
export function classifyExecutionError(err: unknown, context: ClassifyContext = {}): QuarryError {
  if (isQuarryError(err)) return err;
  const reason: unknown = context.signal?.aborted ? context.signal.reason : undefined;
  if (isQuarryError(reason)) return reason;
  const urlField = context.url ? { url: context.url } : {};
  if (isAbort(err) || context.signal?.aborted) {
    return new QuarryError('upstream_error', 'The site did not answer in time.', urlField);
  }
  const code = errorCode(err);
  if (code && NETWORK_CODES.test(code)) {
    return new QuarryError('upstream_error', `The site could not be reached (${code}).`, urlField);
  }
  context.logger?.error?.({ err }, 'scraper crashed');
  return new QuarryError('scraper_bug', 'The scraper failed while processing the page; request a revision of the API.');
}

function isAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
}

function errorCode(err: unknown): string | null {
  if (err === null || typeof err !== 'object') return null;
  const code = (err as { code?: unknown }).code ?? (err as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' ? code : null;
}

/**
 * The catch rule (docs/builder.md): a builder step catches only the failures it expects and
 * rethrows anything else, so a programming error (a TypeError from undefined, say) surfaces as
 * its stage's 'internal' failure instead of reading as "nothing found".
 *
 *   try { return new URL(href, base).href; } catch (err) { rethrowUnless(err, 'url'); return null; }
 */
import { isQuarryError, type ErrorCode } from '../errors/index.js';

export type ExpectedFailure =
  /** `new URL` on text that is not a URL. */
  | 'url'
  /** `JSON.parse` on text that is not JSON. */
  | 'json'
  /** `new RegExp` on a pattern that does not compile. */
  | 'pattern'
  /** `decodeURIComponent` on a malformed escape. */
  | 'uri'
  /** A CSS selector the selector engine cannot parse (css-what and css-select throw plain Errors). */
  | 'selector'
  /** A fetch that failed: the fetch layer's QuarryErrors (upstream, blocked, robots, no browser). */
  | 'fetch'
  /** A recipe run through the interpreter that failed: it classifies every failure into a QuarryError. */
  | 'run'
  /** An abort or a time-out signal. */
  | 'abort';

const FETCH_CODES: ReadonlySet<ErrorCode> = new Set(['upstream_error', 'blocked', 'forbidden', 'unavailable', 'rate_limited']);

const TESTS: Record<ExpectedFailure, (err: unknown) => boolean> = {
  url: (err) => err instanceof TypeError && (err as { code?: unknown }).code === 'ERR_INVALID_URL',
  json: (err) => err instanceof SyntaxError,
  pattern: (err) => err instanceof SyntaxError,
  uri: (err) => err instanceof URIError,
  selector: (err) => err instanceof SyntaxError || (err instanceof Error && Object.getPrototypeOf(err) === Error.prototype),
  fetch: (err) => isQuarryError(err) && FETCH_CODES.has(err.code),
  run: (err) => isQuarryError(err),
  abort: (err) => err instanceof DOMException && (err.name === 'AbortError' || err.name === 'TimeoutError'),
};

/** Whether `err` is one of the expected kinds of failure. */
export function isExpected(err: unknown, ...kinds: ExpectedFailure[]): boolean {
  return kinds.some((kind) => TESTS[kind](err));
}

/** Returns when `err` is one of the expected kinds; rethrows anything else. */
export function rethrowUnless(err: unknown, ...kinds: ExpectedFailure[]): void {
  if (!isExpected(err, ...kinds)) throw err;
}

/** A failure's message for a progress line. */
export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

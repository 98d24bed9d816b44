/**
 * The catch rule (docs/builder.md): a builder step catches only the failures it expects and
 * rethrows anything else, so a programming error (a TypeError from undefined, say) surfaces as
 * its stage's 'internal' failure instead of reading as "nothing found".
 *
 *   try { return new URL(href, base).href; } catch (err) { rethrowUnless(err, 'url'); return null; }
 */
import { errors } from 'undici';
import { isQuarryError, type ErrorCode } from './index.js';

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
  /**
   * A fetch that failed: the fetch layer's QuarryErrors (upstream, blocked, robots, no browser),
   * or a network error it passed on unclassified (a TLS certificate refused, say).
   */
  | 'fetch'
  /** A request that failed below HTTP: undici's errors, a socket's, DNS's or TLS's coded Error (never a TypeError or RangeError). */
  | 'network'
  /** A page the browser could not render: the fetch layer's QuarryErrors, or Playwright's own ("page.goto: net::ERR_…", its TimeoutError). */
  | 'browser'
  /** A recipe run through the interpreter that failed: it classifies every failure into a QuarryError. */
  | 'run'
  /** An abort or a time-out signal. */
  | 'abort';

/** An Error of the base class itself: what libraries throw for bad input, never the engine for a bug (TypeError, RangeError…). */
const isPlainError = (err: unknown): err is Error => err instanceof Error && Object.getPrototypeOf(err) === Error.prototype;

const codeOf = (err: unknown): string => {
  const code = err instanceof Error ? (err as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : '';
};

/** Playwright prefixes its errors with the API call that failed. */
const PLAYWRIGHT_CALL = /^(?:page|frame|browser|browserContext|browserType|locator|response|request|route|elementHandle)\.\w+: /;

const FETCH_CODES: ReadonlySet<ErrorCode> = new Set(['upstream_error', 'blocked', 'forbidden', 'unavailable', 'rate_limited']);

const TESTS: Record<ExpectedFailure, (err: unknown) => boolean> = {
  url: (err) => err instanceof TypeError && codeOf(err) === 'ERR_INVALID_URL',
  json: (err) => err instanceof SyntaxError,
  pattern: (err) => err instanceof SyntaxError,
  uri: (err) => err instanceof URIError,
  selector: (err) => err instanceof SyntaxError || isPlainError(err),
  fetch: (err) => (isQuarryError(err) && FETCH_CODES.has(err.code)) || TESTS.network(err),
  network: (err) => err instanceof errors.UndiciError || (isPlainError(err) && codeOf(err) !== ''),
  browser: (err) => TESTS.fetch(err) || (err instanceof Error && (err.name === 'TimeoutError' || PLAYWRIGHT_CALL.test(err.message))),
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

/** A promise's catch handler: null for the expected kinds, anything else rethrown. `.catch(nullOn('fetch'))` */
export const nullOn =
  (...kinds: ExpectedFailure[]) =>
  (err: unknown): null => {
    rethrowUnless(err, ...kinds);
    return null;
  };

/** A failure's message for a progress line. */
export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

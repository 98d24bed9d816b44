/**
 * The fetch layer's public face. Callers (recipe interpreter, builder) depend on `Fetcher`,
 * never on undici directly, so a browser engine or recorded responses can stand in.
 *
 * Glossary
 * - FetchRequest: one logical request; redirects are followed by hand inside `fetch`, and the
 *   private-address guard runs on every hop after DNS resolution.
 * - FetchResponse: the final answer, body already decompressed and decoded to text.
 * - CookieJar: cookies of one call (an execution or a build), never shared between callers.
 * - Block: an anti-bot answer (challenge page, captcha wall). `fetch` retries blocked answers
 *   through the next proxy and, when every attempt is blocked, throws a `blocked` QuarryError.
 */

import type { BrowserEngine } from './browser/engine.js';

export interface FetchRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  /** Raw body (already encoded); set the content-type header yourself. */
  body?: string | Uint8Array;
  /** Cookies of this call; created by the caller with `createCookieJar()`. */
  cookieJar?: CookieJar;
  /** Cancels the request (build cancelled, client went away). */
  signal?: AbortSignal;
  /** Overrides of the configured limits for this request. */
  timeoutMs?: number;
  maxBodyBytes?: number;
  /** Skip the robots.txt check (the operator switch decides the default). */
  ignoreRobots?: boolean;
  /** Run block detection and proxy retry (default true). */
  detectBlocks?: boolean;
  /** When set, an empty body on a 2xx answer counts as a block ("content expected"). */
  expectContent?: boolean;
}

export interface FetchResponse {
  /** The final URL after redirects. */
  url: string;
  status: number;
  headers: Record<string, string>;
  /** Lower-cased media type without parameters, e.g. `text/html`. */
  contentType: string;
  /** The charset actually used to decode the body. */
  charset: string;
  /** Decoded body text. */
  text: string;
  /** Raw byte length after decompression. */
  bytes: number;
  /** Every URL visited, first to last (redirect chain). */
  redirects: string[];
  /** Milliseconds from the first byte sent to the body fully read. */
  elapsedMs: number;
}

export interface CookieJar {
  /** The Cookie header value for a URL, or '' when none apply. */
  cookieHeader(url: string): string;
  /** Store the Set-Cookie headers received from a URL. */
  store(url: string, setCookie: string[]): void;
  /** Serialisable snapshot (for encrypted session storage). */
  toJSON(): unknown;
  /** Headers the session sends to the URL's origin besides cookies (a bearer token a page keeps in localStorage). */
  originHeaders(url: string): Record<string, string>;
  /** Keep a header for every later request to `origin` (only that origin). */
  setOriginHeader(origin: string, name: string, value: string): void;
}

export interface Fetcher {
  fetch(req: FetchRequest): Promise<FetchResponse>;
  /** Whether robots.txt of the URL's origin allows our user agent to fetch it. */
  robotsAllowed(url: string, signal?: AbortSignal): Promise<boolean>;
  /** Close pooled connections. */
  close(): Promise<void>;
  /** The headless browser for JavaScript-drawn sites (absent when not configured). */
  browser?: BrowserEngine;
}

/**
 * One attempt at a request: the redirect chain, followed by hand so that every hop is checked
 * (scheme, private-address guard after DNS resolution, robots.txt) before anything is sent, and
 * cookies set along the way land in the call's jar. 301/302/303 continue as GET without a body
 * (HEAD stays HEAD); 307/308 keep method and body. Credentials the caller set (Authorization,
 * Cookie) are not carried to another origin.
 */
import type { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import { bareHost, PrivateAddressError, resolveChecked, type AllowPrivateTargets, type CheckedAddresses, type Resolver } from './address-guard.js';
import { readBody } from './body.js';
import { decodeBody, mediaType } from './charset.js';
import { refusedPrivate, upstreamError } from './failures.js';
import { flattenHeaders, mergeHeaders, setCookies } from './headers.js';
import type { CookieJar, FetchResponse } from './types.js';

export interface ChainContext {
  allow: AllowPrivateTargets;
  resolver: Resolver;
  checked: CheckedAddresses;
  defaultHeaders: Record<string, string>;
  maxRedirects: number;
  /** Runs before each hop is sent; throws when robots.txt forbids the URL. */
  checkRobots?: (url: string) => Promise<void>;
}

export interface ChainRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  jar: CookieJar;
  signal: AbortSignal;
  maxBodyBytes: number;
  /** Per-request override of undici's header/body inactivity time-outs. */
  timeoutMs?: number;
}

/** Where the chain got to, so a failure can name the URL and status it happened at. */
export interface ChainProgress {
  url: string;
  status: number | null;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that describe the request body; dropped when a redirect drops the body. */
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'transfer-encoding'];
/** Credentials the caller gave for the first origin only. */
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

export function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw upstreamError(raw, 'invalid_url', `Cannot fetch "${raw}": not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw upstreamError(url.href, 'unsupported_scheme', `Refusing to fetch ${url.href}: only http and https URLs are allowed`);
  }
  return url;
}

/**
 * Resolves and checks the host, leaving the checked addresses for the connector to use. Addresses
 * checked in the last seconds (CheckedAddresses' time to live) are used again: the connector
 * connects only to checked addresses either way, and an API called many times a second on one
 * site would otherwise wait for a DNS answer on every call (getaddrinfo does not cache).
 */
async function guardTarget(ctx: ChainContext, url: URL): Promise<void> {
  try {
    const host = bareHost(url.hostname);
    if (ctx.checked.get(host)) return;
    ctx.checked.set(host, await resolveChecked(host, ctx.allow, ctx.resolver));
  } catch (err) {
    if (err instanceof PrivateAddressError) throw refusedPrivate(url.href, err);
    throw err;
  }
}

function hopHeaders(ctx: ChainContext, req: ChainRequest, url: URL, firstOrigin: string): Record<string, string> {
  const own = mergeHeaders(req.headers);
  if (url.origin !== firstOrigin) for (const name of ORIGIN_BOUND_HEADERS) delete own[name];
  const jarCookies = req.jar.cookieHeader(url.href);
  const cookie = [own.cookie, jarCookies].filter(Boolean).join('; ');
  // The session's headers for this hop's origin (a bearer token); the caller's own win.
  return mergeHeaders(ctx.defaultHeaders, req.jar.originHeaders(url.href), own, cookie ? { cookie } : undefined);
}

/** The request to send after a redirect answer, or null when the answer is final. */
function redirectTarget(req: ChainRequest, current: URL, status: number, location: string | undefined): ChainRequest | null {
  if (!REDIRECT_STATUSES.has(status) || !location) return null;
  let next: URL;
  try {
    next = new URL(location, current);
  } catch {
    return null; // an unusable Location: the 3xx answer itself is the result
  }
  const toGet = status !== 307 && status !== 308 && req.method !== 'HEAD';
  if (!toGet) return { ...req, url: next.href };
  const headers = mergeHeaders(req.headers);
  for (const name of BODY_HEADERS) delete headers[name];
  return { ...req, url: next.href, method: 'GET', body: undefined, headers };
}

async function send(dispatcher: Dispatcher, url: URL, req: ChainRequest, headers: Record<string, string>) {
  return request(url, {
    dispatcher,
    method: req.method as Dispatcher.HttpMethod,
    headers,
    body: req.body,
    signal: req.signal,
    ...(req.timeoutMs ? { headersTimeout: req.timeoutMs, bodyTimeout: req.timeoutMs } : {}),
  });
}

/** Follows the redirect chain of one request through `dispatcher`; the final answer is read and decoded. */
export async function fetchChain(
  ctx: ChainContext,
  dispatcher: Dispatcher,
  first: ChainRequest,
  progress: ChainProgress,
): Promise<Omit<FetchResponse, 'elapsedMs'>> {
  const firstOrigin = parseTarget(first.url).origin;
  const visited: string[] = [];
  let req = first;
  for (;;) {
    const url = parseTarget(req.url);
    progress.url = url.href;
    progress.status = null;
    visited.push(url.href);
    await guardTarget(ctx, url);
    await ctx.checkRobots?.(url.href);
    const answer = await send(dispatcher, url, req, hopHeaders(ctx, req, url, firstOrigin));
    progress.status = answer.statusCode;
    req.jar.store(url.href, setCookies(answer.headers));
    const location = answer.headers.location;
    const next = redirectTarget(req, url, answer.statusCode, Array.isArray(location) ? location[0] : location);
    if (next) {
      await answer.body.dump().catch(() => undefined); // free the connection; a redirect's body is never read
      if (visited.length > ctx.maxRedirects) {
        throw upstreamError(url.href, 'too_many_redirects', `Fetching ${first.url} exceeded ${ctx.maxRedirects} redirects`, answer.statusCode);
      }
      req = next;
      continue;
    }
    const headers = flattenHeaders(answer.headers);
    const bytes = await readBody(answer.body as unknown as Readable, headers['content-encoding'], req.maxBodyBytes);
    const { text, charset } = decodeBody(bytes, headers['content-type']);
    return {
      url: url.href,
      status: answer.statusCode,
      headers,
      contentType: mediaType(headers['content-type']),
      charset,
      text,
      bytes: bytes.length,
      redirects: visited,
    };
  }
}

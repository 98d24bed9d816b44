/**
 * How fetch failures become QuarryErrors.
 *
 * Everything that goes wrong talking to the target (time-out, refused or reset connection, DNS
 * failure, oversized or undecodable body, redirect loop, refused address or scheme) is an
 * `upstream_error` carrying `url`, `upstream_status_code` (null when no answer came) and a
 * machine-readable `reason`. Refused targets use `upstream_error` rather than `forbidden` because
 * during an execution they must surface in the execution envelope (502 with a clear message);
 * the API and the builder validate URLs early with `isPrivateAddress` / `checkAddress` instead.
 * A caller's own abort is not a failure of the target: its AbortSignal reason is rethrown as is.
 */
import { QuarryError } from '../errors/index.js';
import { PrivateAddressError } from './address-guard.js';
import { BodyTooLargeError, UnsupportedEncodingError } from './body.js';
import type { BlockInfo } from './blocks.js';

export type UpstreamReason =
  | 'invalid_url'
  | 'unsupported_scheme'
  | 'private_address'
  | 'timeout'
  | 'dns_failed'
  | 'connect_failed'
  | 'connection_reset'
  | 'body_too_large'
  | 'bad_encoding'
  | 'too_many_redirects'
  | 'proxy_failed'
  | 'network_error';

export function upstreamError(url: string, reason: UpstreamReason, message: string, status: number | null = null): QuarryError {
  return new QuarryError('upstream_error', message, { url, upstream_status_code: status, reason });
}

export function refusedPrivate(url: string, err: PrivateAddressError): QuarryError {
  return upstreamError(url, 'private_address', `Refusing to fetch ${url}: ${err.message}`);
}

const CODE_REASONS: Record<string, UpstreamReason> = {
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  ETIMEDOUT: 'timeout',
  ENOTFOUND: 'dns_failed',
  EAI_AGAIN: 'dns_failed',
  ENODATA: 'dns_failed',
  ECONNREFUSED: 'connect_failed',
  EHOSTUNREACH: 'connect_failed',
  ENETUNREACH: 'connect_failed',
  ECONNRESET: 'connection_reset',
  EPIPE: 'connection_reset',
  UND_ERR_SOCKET: 'connection_reset',
  UND_ERR_CLOSED: 'connection_reset',
  Z_DATA_ERROR: 'bad_encoding',
  Z_BUF_ERROR: 'bad_encoding',
};

const REASON_TEXT: Record<UpstreamReason, string> = {
  invalid_url: 'the URL is invalid',
  unsupported_scheme: 'only http and https URLs can be fetched',
  private_address: 'it resolves to a private address',
  timeout: 'the request timed out',
  dns_failed: 'the host name could not be resolved',
  connect_failed: 'the connection was refused',
  connection_reset: 'the connection was closed before the answer was complete',
  body_too_large: 'the response body is too large',
  bad_encoding: 'the response body could not be decoded',
  too_many_redirects: 'too many redirects',
  proxy_failed: 'the proxy failed',
  network_error: 'a network error occurred',
};

/** zlib reports Z_* codes; brotli reports ERR__ERROR_* codes. */
const isDecompressionCode = (code: string) => code.startsWith('Z_') || code.startsWith('ERR__ERROR_');

function errorChain(err: unknown): Array<Error & { code?: string }> {
  const chain: Array<Error & { code?: string }> = [];
  let current: unknown = err;
  while (current instanceof Error && chain.length < 5) {
    chain.push(current as Error & { code?: string });
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

export interface FailureContext {
  url: string;
  /** The caller's signal: its abort is rethrown untouched. */
  callerSignal?: AbortSignal;
  /** Whether our own total time-out has passed. */
  deadline: { readonly aborted: boolean };
  timeoutMs: number;
  /** Status of the answer whose body was being read, if any. */
  status?: number | null;
}

/** Maps anything thrown while fetching to a QuarryError (or the caller's abort reason). */
export function classifyFailure(err: unknown, ctx: FailureContext): unknown {
  if (err instanceof QuarryError) return err;
  if (ctx.callerSignal?.aborted) return ctx.callerSignal.reason;
  const status = ctx.status ?? null;
  if (ctx.deadline.aborted) return upstreamError(ctx.url, 'timeout', `Fetching ${ctx.url} took longer than ${ctx.timeoutMs} ms`, status);
  const chain = errorChain(err);
  const privateError = chain.find((e) => e instanceof PrivateAddressError);
  if (privateError) return refusedPrivate(ctx.url, privateError as PrivateAddressError);
  const tooLarge = chain.find((e) => e instanceof BodyTooLargeError) as BodyTooLargeError | undefined;
  if (tooLarge) return upstreamError(ctx.url, 'body_too_large', `The response of ${ctx.url} is larger than ${tooLarge.limit} bytes`, status);
  if (chain.some((e) => e instanceof UnsupportedEncodingError)) return upstreamError(ctx.url, 'bad_encoding', `Fetching ${ctx.url} failed: ${chain[0].message}`, status);
  const coded = chain.find((e) => typeof e.code === 'string' && (e.code in CODE_REASONS || e.code.startsWith('UND_ERR') || isDecompressionCode(e.code)));
  if (coded) {
    const code = coded.code as string;
    const reason = CODE_REASONS[code] ?? (isDecompressionCode(code) ? 'bad_encoding' : 'network_error');
    return upstreamError(ctx.url, reason, `Fetching ${ctx.url} failed: ${REASON_TEXT[reason]} (${code})`, status);
  }
  if (chain.some((e) => /Proxy/i.test(e.message))) return upstreamError(ctx.url, 'proxy_failed', `Fetching ${ctx.url} failed: ${chain[0].message}`, status);
  return err;
}

/** Fields of the execution envelope's 503 for a block that survived every attempt. */
export function blockedError(url: string, block: BlockInfo, attempts: number): QuarryError {
  const kind = block.blockType === 'ip_block' ? 'ip_burned' : block.retryable ? 'antibot_solvable' : 'antibot_unsolvable';
  const who = block.vendor === 'unknown' ? 'anti-bot protection' : `${block.vendor} anti-bot protection`;
  const tries = attempts === 1 ? '1 attempt' : `all ${attempts} attempts`;
  return new QuarryError('blocked', `Blocked by ${who} (${block.blockType}) on ${tries} to fetch ${url}`, {
    url,
    kind,
    block_type: block.blockType,
    vendor: block.vendor,
    attempts,
    retry_after: block.retryable ? block.retryAfterSeconds : null,
  });
}

/** The robots.txt refusal: a `forbidden` QuarryError (the builder turns it into a task failure). */
export function robotsDisallowed(url: string): QuarryError {
  return new QuarryError('forbidden', `robots.txt of ${new URL(url).origin} disallows fetching ${url}`, { url, reason: 'robots_disallowed' });
}

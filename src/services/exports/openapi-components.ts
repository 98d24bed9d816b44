/**
 * The parts every exported OpenAPI document shares: both security schemes, the error bodies of
 * the contract (management string errors, the execution envelope, 402's object, 429's object),
 * the response headers of every execution answer, and the request headers an execution takes.
 * Kept apart from openapi.ts so the per-endpoint code reads as "which of these apply".
 */

import { ERROR_BODY_SCHEMAS } from '../../errors/schemas.js';

type Json = Record<string, unknown>;

const integerHeader = (description: string): Json => ({ description, schema: { type: 'integer' } });

export const HEADERS: Json = {
  RequestId: { description: 'Trace id of the request; quote it to support.', schema: { type: 'string' } },
  RateLimitRemaining: integerHeader('Tokens left in the burst bucket.'),
  RateLimitReset: integerHeader('Unix time (seconds) when the next token is available.'),
  RateLimitDailyRemaining: integerHeader('Requests left today (plans with a daily cap).'),
  CreditsCharged: integerHeader('Credits this call cost (0 on failure).'),
  CreditsRemaining: integerHeader('Credit balance after this call.'),
  RetryAfter: integerHeader('Seconds to wait before retrying (429, and 503 when the block is transient).'),
};

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** Headers on every authenticated execution answer, success or failure. */
export function executionHeaders(withRetryAfter = false): Json {
  return {
    'X-Quarry-Request-Id': ref('headers', 'RequestId'),
    'X-RateLimit-Remaining': ref('headers', 'RateLimitRemaining'),
    'X-RateLimit-Reset': ref('headers', 'RateLimitReset'),
    'X-RateLimit-Daily-Remaining': ref('headers', 'RateLimitDailyRemaining'),
    'X-Credits-Charged': ref('headers', 'CreditsCharged'),
    'X-Credits-Remaining': ref('headers', 'CreditsRemaining'),
    ...(withRetryAfter ? { 'Retry-After': ref('headers', 'RetryAfter') } : {}),
  };
}

const SCHEMAS: Json = { ...ERROR_BODY_SCHEMAS };

const errorResponse = (description: string, schema: string, retryAfter = false): Json => ({
  description,
  headers: executionHeaders(retryAfter),
  content: { 'application/json': { schema: ref('schemas', schema) } },
});

const RESPONSES: Json = {
  BadRequest: errorResponse('Malformed request: an invalid API-Snapshot-Version, half a session pair, GET on a POST endpoint.', 'ManagementError'),
  Unauthorized: {
    description: 'Missing, invalid or expired API key.',
    content: { 'application/json': { schema: ref('schemas', 'ManagementError') } },
  },
  PaymentRequired: errorResponse('Not enough credits for this call.', 'PaymentError'),
  NotFound: errorResponse('The scraper, endpoint or pinned version does not exist or is not yours.', 'ManagementError'),
  StaleInput: errorResponse('Input invalid (input_format_invalid), gone upstream (input_not_found) or an expired session.', 'ExecutionError'),
  RateLimited: errorResponse('Rate limit hit (burst or daily); honour Retry-After.', 'RateLimitError', true),
  ScraperBug: errorResponse('The scraper crashed or hit a bug; request a revision of the API.', 'ExecutionError'),
  UpstreamError: errorResponse('The target site answered non-2xx; see upstream_status_code and snippet.', 'ExecutionError'),
  Blocked: errorResponse('Anti-bot protection blocked every attempt; retry only when retry_after is set.', 'ExecutionError', true),
};

const PARAMETERS: Json = {
  SessionId: {
    name: 'X-Session-Id',
    in: 'header',
    required: false,
    description: 'Session of the login endpoint; send together with X-Encryption-Key.',
    schema: { type: 'string' },
  },
  EncryptionKey: {
    name: 'X-Encryption-Key',
    in: 'header',
    required: false,
    description: 'Key of the session of the login endpoint; send together with X-Session-Id.',
    schema: { type: 'string' },
  },
};

export const SECURITY_SCHEMES: Json = {
  ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'A Quarry API key (`pmx_...`).' },
  Bearer: { type: 'http', scheme: 'bearer', description: 'The same API key as a bearer token.' },
};

/** Each error status of an execution and the shared response describing it. */
export const ERROR_RESPONSES: Array<[string, string]> = [
  ['400', 'BadRequest'],
  ['401', 'Unauthorized'],
  ['402', 'PaymentRequired'],
  ['404', 'NotFound'],
  ['422', 'StaleInput'],
  ['429', 'RateLimited'],
  ['500', 'ScraperBug'],
  ['502', 'UpstreamError'],
  ['503', 'Blocked'],
];

export const errorResponseRefs = (): Json =>
  Object.fromEntries(ERROR_RESPONSES.map(([status, name]) => [status, ref('responses', name)]));

export function components(): Json {
  return {
    securitySchemes: SECURITY_SCHEMES,
    schemas: SCHEMAS,
    headers: HEADERS,
    responses: RESPONSES,
    parameters: PARAMETERS,
  };
}

export { ref };

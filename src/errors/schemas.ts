/**
 * JSON Schemas of the error bodies `toHttp()` writes (index.ts), in one place: the service's
 * own route schemas and every exported per-API OpenAPI document use these.
 */
const RETRYABLE = {
  type: 'boolean',
  description: "The service's judgement: whether the same call may succeed later unchanged (clients retry only when true).",
} as const;

export const ERROR_BODY_SCHEMAS = {
  ManagementError: {
    type: 'object',
    description:
      'A plain error: `{error: "<reason>", status_code}`; 422 adds `details`. `retryable: true` appears on the retryable ones (429, 503); absent means false.',
    properties: {
      error: { type: 'string' },
      status_code: { type: 'integer' },
      details: { type: 'array', items: {} },
      retryable: { type: 'boolean', description: 'Whether the same request may succeed later unchanged.' },
    },
    required: ['error', 'status_code'],
  },
  ExecutionError: {
    type: 'object',
    description: 'The execution error envelope.',
    properties: {
      error: {
        type: 'object',
        properties: {
          status: { type: 'string', enum: ['stale_input', 'upstream_error', 'blocked', 'error'] },
          kind: {
            type: 'string',
            description:
              '422: input_format_invalid, input_not_found, session_invalid; 500: scraper_bug; 503: antibot_solvable, antibot_unsolvable, ip_burned.',
          },
          message: { type: 'string' },
          upstream_status_code: { type: ['integer', 'null'] },
          snippet: { type: 'string' },
          url: { type: 'string' },
          block_type: { type: 'string' },
          vendor: { type: 'string' },
          attempts: { type: 'integer' },
          retry_after: { type: ['integer', 'null'] },
          retryable: RETRYABLE,
        },
        required: ['status', 'message', 'retryable'],
      },
      status_code: { type: 'integer' },
    },
    required: ['error', 'status_code'],
  },
  PaymentError: {
    type: 'object',
    description:
      'Too few credits: `{error: {message, credits_required, credits_remaining, retryable}, status_code: 402}`. A plan refusal (`allow_auth` on a free plan, `workspace` without a team) is a plain `{error: "<reason>", status_code: 402}`.',
    properties: {
      error: {
        anyOf: [
          {
            type: 'object',
            properties: {
              message: { type: 'string' },
              credits_required: { type: 'integer' },
              credits_remaining: { type: 'integer' },
              retryable: RETRYABLE,
            },
            required: ['message'],
          },
          { type: 'string' },
        ],
      },
      status_code: { type: 'integer' },
    },
    required: ['error', 'status_code'],
  },
  RateLimitError: {
    type: 'object',
    properties: {
      error: {
        type: 'object',
        properties: {
          error: { type: 'string' },
          message: { type: 'string' },
          limit_type: { type: 'string', enum: ['burst', 'daily', 'login'] },
          retry_after: { type: ['integer', 'null'] },
          retryable: RETRYABLE,
        },
        required: ['error', 'limit_type'],
      },
      status_code: { type: 'integer' },
    },
    required: ['error', 'status_code'],
  },
} as const;

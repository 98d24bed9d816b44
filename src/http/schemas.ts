import { ERROR_BODY_SCHEMAS } from '../errors/schemas.js';

/**
 * JSON schemas shared by routes: they validate requests and, through @fastify/swagger, make
 * the service's own OpenAPI document. Response schemas also make serialisation fast.
 */

// Extra fields some errors carry (previous_status, retry_after) must survive serialisation.
export const managementError = { $id: 'ManagementError', ...ERROR_BODY_SCHEMAS.ManagementError, additionalProperties: true } as const;

export const paymentError = { $id: 'PaymentError', ...ERROR_BODY_SCHEMAS.PaymentError } as const;

const json = { type: 'object', additionalProperties: true } as const;
const nullableJson = { type: ['object', 'null'], additionalProperties: true } as const;
const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;

export const endpointDefinition = {
  $id: 'EndpointDefinition',
  type: 'object',
  properties: {
    method: str,
    endpoint_name: str,
    description: str,
    input_params: json,
    return_schema: json,
    initiates_session: { type: 'boolean' },
    depends_on_session: str,
    sample_inputs: json,
    price: { type: 'number' },
    field_confidence: {
      type: 'object',
      description: 'How sure the build is of each returned field (additive): score 0..1, the source it is read from, coverage, agreement between sources, pages measured.',
      additionalProperties: {
        type: 'object',
        properties: { score: { type: 'number' }, from: str, coverage: { type: 'number' }, agreement: { type: 'number' }, pages: { type: 'integer' } },
      },
    },
  },
  required: ['method', 'endpoint_name', 'description', 'input_params', 'return_schema', 'initiates_session'],
} as const;

export const generatedApi = {
  $id: 'GeneratedApi',
  type: ['object', 'null'],
  properties: {
    marketplace_id: nstr,
    scraper_id: str,
    name: str,
    description: str,
    source_url: str,
    execution_base_url: str,
    endpoints: { type: 'array', items: { $ref: 'EndpointDefinition#' } },
  },
} as const;

export const task = {
  $id: 'Task',
  type: 'object',
  properties: {
    id: str,
    url: str,
    task: str,
    status: { type: 'string', enum: ['queued', 'running', 'needs_input', 'completed', 'failed', 'cancelled'] },
    iteration: { type: 'integer' },
    user_input_prompt: nullableJson,
    result_scraper_id: nstr,
    result_marketplace_id: nstr,
    error: nstr,
    created_at: str,
    updated_at: str,
    completed_at: nstr,
    parent_task_id: nstr,
    extends_scraper_id: nstr,
    revision_type: nstr,
    auth_enabled: { type: 'boolean' },
    source: str,
    contributes_to_marketplace: { type: 'boolean' },
    progress: nullableJson,
    marketplace_apis: nullableJson,
    existing_marketplace_apis: nullableJson,
    generated_api: { $ref: 'GeneratedApi#' },
    archived_at: { ...nstr, description: 'When the API this task made was archived (DELETE /scraper/{id}); null while live' },
  },
  required: ['id', 'url', 'task', 'status', 'created_at', 'updated_at'],
} as const;

export const taskList = {
  $id: 'TaskList',
  type: 'object',
  properties: { tasks: { type: 'array', items: { $ref: 'Task#' } }, total: { type: 'integer' } },
  required: ['tasks', 'total'],
} as const;

export const SHARED_SCHEMAS = [managementError, paymentError, endpointDefinition, generatedApi, task, taskList];

/** Standard error responses to declare on a route (documentation and serialisation). */
export function errorResponses(...codes: number[]): Record<number, unknown> {
  const out: Record<number, unknown> = {};
  for (const c of codes) out[c] = c === 402 ? { $ref: 'PaymentError#' } : { $ref: 'ManagementError#' };
  return out;
}

export const taskIdParams = {
  type: 'object',
  properties: { task_id: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['task_id'],
} as const;

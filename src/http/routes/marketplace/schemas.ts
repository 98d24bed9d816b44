/**
 * JSON schemas of the marketplace routes (validation, serialisation and the service's OpenAPI
 * document). Query bounds are decisions.md's; a value outside them is a 422 with details.
 */
import { CATEGORIES } from '../../../marketplace/search/index.js';

const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;

export const countryParam = { type: 'string', pattern: '^[A-Za-z]{2}$', description: 'ISO-2 country code for region-aware ranking' } as const;
export const semanticParam = { type: 'boolean', default: true, description: 'Include the semantic (embedding) ranking arm' } as const;

export const trustSchema = {
  type: 'object',
  description: 'Trust signals: verification, passing endpoints, latency, usage',
  properties: {
    last_verified_at: nstr,
    endpoints_passing: int,
    endpoint_count: int,
    median_latency_ms: { type: ['integer', 'null'] },
    success_rate: { type: ['number', 'null'] },
    calls_30d: int,
    subscribers: int,
    monitored: {
      type: 'object',
      description: "Scheduled monitor runs of the API's endpoints in the last 30 days, across accounts (counts only)",
      properties: { runs_30d: int, success_rate: { type: ['number', 'null'] }, last_success_at: nstr },
    },
    computed_at: str,
  },
} as const;

const endpointPreview = {
  type: 'object',
  properties: { endpoint_name: str, method: str, summary: str },
  required: ['endpoint_name', 'method', 'summary'],
} as const;

const summaryProperties = {
  id: str,
  slug: str,
  name: str,
  description: str,
  front_facing_description: str,
  source_url: str,
  is_authenticated: { type: 'boolean' },
  endpoint_count: int,
  created_at: str,
  updated_at: str,
  primary_category: { type: 'string', enum: [...CATEGORIES] },
  secondary_categories: { type: 'array', items: str },
  endpoint_preview: { type: 'array', items: endpointPreview },
  country: nstr,
  latest_version: int,
  trust: trustSchema,
} as const;

const summaryRequired = [
  'id', 'slug', 'name', 'description', 'front_facing_description', 'source_url', 'is_authenticated',
  'endpoint_count', 'updated_at', 'primary_category', 'secondary_categories', 'endpoint_preview',
];

export const listingSummarySchema = { type: 'object', properties: summaryProperties, required: summaryRequired } as const;

export const scoredSummarySchema = {
  type: 'object',
  properties: { ...summaryProperties, score: { type: 'number' } },
  required: summaryRequired,
} as const;

export const listingDetailSchema = {
  type: 'object',
  additionalProperties: true,
  properties: {
    ...summaryProperties,
    canonical_scraper_id: str,
    execution_base_url: str,
    apis: { type: 'array', items: { $ref: 'EndpointDefinition#' } },
    releases: {
      type: 'array',
      items: { type: 'object', properties: { version: int, created_at: str, endpoints: { type: 'array', items: str } } },
    },
    latest_version: int,
    pinned_version: int,
    user_status: { type: 'string', enum: ['none', 'subscribed', 'forked'] },
    user_scraper_id: str,
  },
  required: [...summaryRequired, 'canonical_scraper_id', 'apis', 'latest_version'],
} as const;

export const listingIdParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 200, description: 'Listing id or slug' } },
  required: ['id'],
} as const;

export const acquiredSchema = {
  type: 'object',
  properties: {
    scraper_id: str,
    canonical_scraper_id: str,
    task_id: str,
    source: { type: 'string', enum: ['subscribed', 'forked'] },
    pinned_version: int,
  },
  required: ['scraper_id', 'canonical_scraper_id'],
} as const;

export const keySecurity: Array<Record<string, string[]>> = [{ ApiKey: [] }, { Bearer: [] }];

/**
 * What of a listing goes into which field, for both arms. Kept in one place so the lexical fields,
 * the embedding texts and the field weights are read together.
 *
 * Lexical fields of a listing, most important first (BM25F weights):
 *   name (3)  >  endpoint names (2)  >  endpoint summaries (1.5)  >  description (1)
 * Lexical fields of an endpoint: endpoint name (3) > summary (1.5) > its API's name (0.75, context
 * so "forecast" in "Weather API / get_forecast" also matches "weather forecast").
 */
import type { FieldSpec } from './bm25.js';
import { indexTerms } from './tokenize.js';
import type { ListingDoc, ListingEndpoint } from './types.js';

export const LISTING_FIELDS: FieldSpec[] = [
  { weight: 3, b: 0.5 },
  { weight: 2, b: 0.6 },
  { weight: 1.5, b: 0.75 },
  { weight: 1, b: 0.75 },
];

export const ENDPOINT_FIELDS: FieldSpec[] = [
  { weight: 3, b: 0.5 },
  { weight: 1.5, b: 0.75 },
  { weight: 0.75, b: 0.5 },
];

function descriptionOf(doc: ListingDoc): string {
  const front = doc.front_facing_description?.trim();
  return front && front !== doc.description.trim() ? `${doc.description}\n${front}` : doc.description;
}

export function listingFields(doc: ListingDoc): string[][] {
  return [
    indexTerms(doc.name),
    indexTerms(doc.endpoints.map((e) => e.name).join(' ')),
    indexTerms(doc.endpoints.map((e) => e.summary).join(' ')),
    indexTerms(descriptionOf(doc)),
  ];
}

export function endpointFields(doc: ListingDoc, endpoint: ListingEndpoint): string[][] {
  return [indexTerms(endpoint.name), indexTerms(endpoint.summary), indexTerms(doc.name)];
}

/** Category slugs as words ("real-estate" -> "real estate"): they tell the embedder the domain. */
function categoryWords(doc: ListingDoc): string {
  return [doc.categories.primary, ...doc.categories.secondary].filter((c) => c !== 'other').join(' ').replace(/-/g, ' ');
}

/** The text embedded for a listing: the name twice (it matters most), description, categories, endpoints. */
export function listingEmbeddingText(doc: ListingDoc): string {
  const endpoints = doc.endpoints.map((e) => `${e.name}: ${e.summary}`).join('\n');
  return `${doc.name}. ${doc.name}.\n${descriptionOf(doc)}\n${categoryWords(doc)}\n${endpoints}`;
}

export function endpointEmbeddingText(doc: ListingDoc, endpoint: ListingEndpoint): string {
  return `${endpoint.name}: ${endpoint.summary} (${doc.name})`;
}

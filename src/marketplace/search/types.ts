/**
 * Marketplace search: types.
 *
 * Glossary
 * - listing      a marketplace API as the search engine sees it (`ListingDoc`); the service owns the
 *                stored record and hands the engine this flat copy on every change.
 * - slot         the integer position of a listing inside the index's arrays (reused after removal).
 * - lexical arm  field-weighted BM25 over name, endpoint names, endpoint summaries and description.
 * - semantic arm cosine similarity between embedding vectors of the query and of each listing.
 * - embedder     anything that turns texts into vectors: the offline concept embedder (default) or an
 *                OpenAI-compatible /embeddings endpoint.
 * - fusion       how the two arms' rankings become one (fusion.ts; a normalised score blend).
 * - country boost a multiplier for listings of the caller's country; global listings are neutral.
 */

export const CATEGORIES = [
  'e-commerce',
  'travel',
  'jobs',
  'real-estate',
  'news-media',
  'finance',
  'sports',
  'social',
  'government',
  'education',
  'food',
  'automotive',
  'entertainment',
  'health',
  'reference',
  'other',
] as const;
export type Category = (typeof CATEGORIES)[number];

export interface ListingEndpoint {
  name: string;
  method: string;
  summary: string;
}

export interface ListingDoc {
  id: string;
  slug: string;
  name: string;
  description: string;
  front_facing_description?: string | null;
  categories: { primary: string; secondary: string[] };
  /** ISO-2 country the listing serves, upper case; null/absent for global listings. */
  country?: string | null;
  /** ISO-8601 timestamp; `recent` sorts on it. */
  updated_at: string;
  /** Rating/popularity computed by the caller (subscribers, calls, verified pass rate...); `top` sorts on it. */
  top_score: number;
  endpoints: ListingEndpoint[];
}

/** Turns texts into vectors of one fixed dimension (the same for every call of one embedder). */
export interface Embedder {
  /** Dimension of the vectors; 0 when not known until the first answer (remote models). */
  readonly dim: number;
  /** Identifies the model; vectors of different models are never compared. */
  readonly model: string;
  /** True when most entries of a vector are zero: the index then stores vectors as an inverted index. */
  readonly sparse?: boolean;
  embed(texts: string[]): Promise<Float32Array[]>;
}

export type BrowseSort = 'top' | 'recent' | 'name';

export interface SearchApisQuery {
  q?: string | null;
  category?: string | null;
  country?: string | null;
  /** Include the semantic arm when searching (default true). */
  semantic?: boolean;
  limit: number;
  offset: number;
  /** Order when not searching (default `top`); ignored when `q` is given. */
  sort?: BrowseSort;
}

export interface ScoredId {
  id: string;
  score: number;
}

export interface SearchApisResult {
  items: ScoredId[];
  total: number;
  /** Whether the semantic arm contributed (false when switched off, without `q`, or when the embedder failed). */
  semantic: boolean;
}

export interface SearchEndpointsQuery {
  q: string;
  country?: string | null;
  semantic?: boolean;
  limitApis: number;
  limitEndpoints: number;
}

export interface EndpointHit {
  api_id: string;
  api_slug: string;
  api_name: string;
  endpoint_name: string;
  method: string;
  summary: string;
  score: number;
}

export interface SearchEndpointsResult {
  query: string;
  apis: ScoredId[];
  endpoints: EndpointHit[];
  semantic: boolean;
}

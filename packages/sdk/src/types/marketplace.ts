/** Marketplace records (service-interface.md "Marketplace listing", decisions.md "Marketplace parameters"). */
import type { EndpointDefinition } from './apis.js';

export type MarketplaceSort = 'top' | 'recent' | 'name';

export type CategorySlug =
  | 'e-commerce'
  | 'travel'
  | 'jobs'
  | 'real-estate'
  | 'news-media'
  | 'finance'
  | 'sports'
  | 'social'
  | 'government'
  | 'education'
  | 'food'
  | 'automotive'
  | 'entertainment'
  | 'health'
  | 'reference'
  | 'other';

export interface EndpointPreview {
  endpoint_name: string;
  method: string;
  summary: string;
}

export interface MarketplaceListing {
  id: string;
  slug: string;
  name: string;
  description: string;
  front_facing_description: string;
  source_url: string;
  is_authenticated: boolean;
  endpoint_count: number;
  updated_at: string;
  primary_category: CategorySlug | string;
  secondary_categories: string[];
  endpoint_preview: EndpointPreview[];
}

export type UserStatus = 'none' | 'subscribed' | 'forked';

export interface MarketplaceListingDetail {
  id: string;
  slug: string;
  name: string;
  description: string;
  source_url: string;
  /** Callable with any valid key at `POST /scraper/{canonical_scraper_id}/{endpoint_name}`. */
  canonical_scraper_id: string;
  is_authenticated: boolean;
  apis: EndpointDefinition[];
  latest_version: number;
  pinned_version?: number | null;
  user_status?: UserStatus;
  user_scraper_id?: string | null;
  primary_category: CategorySlug | string;
  secondary_categories: string[];
  /** Additional properties are allowed by the contract. */
  [extra: string]: unknown;
}

export interface MarketplaceSearchParams {
  q?: string;
  sort?: MarketplaceSort;
  category?: CategorySlug | string;
  /** ISO-2 country code for region-aware ranking. */
  country?: string;
  /** Include the semantic (embedding) ranking arm; server default true. */
  semantic?: boolean;
  /** 1 to 200, server default 20. */
  limit?: number;
  offset?: number;
}

export interface MarketplacePage {
  items: MarketplaceListing[];
  total: number;
  limit: number;
  offset: number;
}

export interface SearchEndpointsParams {
  /** 1 to 120 characters. */
  q: string;
  /** 1 to 20, server default 5. */
  limit_apis?: number;
  /** 1 to 40, server default 10. */
  limit_endpoints?: number;
  country?: string;
}

export interface EndpointMatch {
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
  apis: Array<MarketplaceListing & { score: number }>;
  endpoints: EndpointMatch[];
}

export interface SubscribeResult {
  /** Your copy: call it at `POST /scraper/{scraper_id}/{endpoint_name}`. */
  scraper_id: string;
  canonical_scraper_id: string;
  /** Fields the server may add (e.g. the task of the copy). */
  [extra: string]: unknown;
}

export type ForkResult = SubscribeResult;

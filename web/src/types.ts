/**
 * Answers of routes the SDK has no type for yet (the rest come from packages/sdk's types,
 * re-exported by api.ts). Field names are the service's, as it answers them.
 */

export interface KeyRow {
  id: string;
  name: string | null;
  prefix: string;
  created_at: string;
  expires_at: string | null;
  last_used: string | null;
  revoked_at: string | null;
}

export interface NewKey {
  api_key: string;
  warning: string | null;
}

export interface Grant {
  id: string;
  client_name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface UsageDay {
  date: string;
  calls: number;
  errors: number;
  credits: number;
}

export interface UsageByApi {
  scraper_id: string;
  name: string | null;
  calls: number;
  errors: number;
  credits: number;
  last_called_at: string | null;
}

export interface VersionRow {
  version: number;
  reason: string;
  created_at: string;
}

export interface HealthRow {
  endpoint_name: string;
  status: string;
  checked_at: string;
  last_failure: string | null;
}

/** `field_confidence` an endpoint definition may carry (helper `rules`): how sure the builder is of each field. */
export interface FieldConfidence {
  score: number;
  from?: string;
  coverage?: number;
  agreement?: number;
  pages?: number;
}

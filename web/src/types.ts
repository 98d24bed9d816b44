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

/** A monitor (decisions.md "Monitors"; GET /monitors, GET /monitors/{id}). */
export interface Monitor {
  monitor_id: string;
  name: string | null;
  scraper_id: string;
  endpoint_name: string;
  params: Record<string, unknown>;
  every_seconds: number | null;
  cron: string | null;
  key_fields: string[] | null;
  max_pages?: number;
  webhook_url: string | null;
  paused: boolean;
  paused_reason: string | null;
  next_run_at?: string;
  last_run_at: string | null;
  last_run_status: string | null;
  consecutive_failures?: number;
  created_at: string;
  updated_at?: string;
}

export type MonitorRecord = Record<string, unknown>;

/** One field of a changed record: what it was and what it is. */
export interface FieldChange {
  from: unknown;
  to: unknown;
}

/** An item-level diff between two good runs (GET /monitors/{id}/changes). */
export interface MonitorChange {
  change_id: string;
  run_id: string;
  at: string;
  added: MonitorRecord[];
  removed: MonitorRecord[];
  changed: Array<{ key: unknown; fields: Record<string, FieldChange> }>;
}

export interface MonitorRun {
  run_id: string;
  scheduled_at: string;
  trigger?: 'schedule' | 'manual' | string;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | string;
  attempts?: number;
  started_at: string | null;
  finished_at: string | null;
  records: number | null;
  pages: number | null;
  charged?: number;
  error_code: string | null;
  error_message: string | null;
  change_id: string | null;
}

export interface MonitorDelivery {
  delivery_id: string;
  change_id: string;
  url: string;
  status: 'pending' | 'succeeded' | 'failed' | string;
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_latency_ms: number | null;
  last_error: string | null;
  log?: Array<{ at: string; status_code: number | null; latency_ms: number; error: string | null }>;
  created_at: string;
  finished_at: string | null;
}

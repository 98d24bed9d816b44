/** Monitors (decisions.md "Monitors"): a scheduled endpoint call with item-level changes and webhooks. */
export interface Monitor {
  monitor_id: string;
  name: string | null;
  scraper_id: string;
  endpoint_name: string;
  params: Record<string, unknown>;
  every_seconds: number | null;
  cron: string | null;
  key_fields: string[] | null;
  max_pages: number;
  webhook_url: string | null;
  paused: boolean;
  paused_reason: string | null;
  next_run_at: string | null;
  last_run_at: string | null;
  last_run_status: string | null;
  consecutive_failures: number;
  created_at: string;
  updated_at: string;
}

/** The answer of create: the monitor and its webhook signing secret, shown only then. */
export interface CreatedMonitor extends Monitor {
  webhook_secret: string;
}

export interface MonitorCreateParams {
  scraper_id: string;
  endpoint_name: string;
  params?: Record<string, unknown>;
  every_seconds?: number;
  cron?: string;
  webhook_url?: string;
  key_fields?: string[];
  name?: string;
  max_pages?: number;
}

export interface MonitorUpdateParams {
  paused?: boolean;
  params?: Record<string, unknown>;
  every_seconds?: number | null;
  cron?: string | null;
  webhook_url?: string | null;
  key_fields?: string[] | null;
  name?: string | null;
  max_pages?: number;
}

export interface MonitorChange {
  change_id: string;
  run_id: string;
  at: string;
  added: Array<Record<string, unknown>>;
  removed: Array<Record<string, unknown>>;
  changed: Array<{ key: unknown; fields: Record<string, { from: unknown; to: unknown }> }>;
}

export interface MonitorRun {
  run_id: string;
  trigger: 'schedule' | 'manual';
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  attempts: number;
  scheduled_at: string;
  started_at: string | null;
  finished_at: string | null;
  records: number | null;
  pages: number | null;
  charged: number;
  error_code: string | null;
  error_message: string | null;
  change_id: string | null;
}

export interface MonitorDelivery {
  delivery_id: string;
  change_id: string;
  url: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_latency_ms: number | null;
  last_error: string | null;
  log: Array<{ at: string; status_code: number | null; latency_ms: number; error: string | null }>;
  created_at: string;
  finished_at: string | null;
}

export interface PageParams {
  limit?: number;
  cursor?: string;
}

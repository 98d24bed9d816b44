/** Rows of the monitor tables as the API shows them (decisions.md "Monitors", web/src/types.ts). */
import type { MonitorChangesTable, MonitorDeliveriesTable, MonitorRunsTable, MonitorsTable } from '../../db/schema.js';
import type { ChangedRecord, MonitorRecord } from './diff.js';

export interface MonitorView {
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

export interface ChangeView {
  change_id: string;
  run_id: string;
  at: string;
  added: MonitorRecord[];
  removed: MonitorRecord[];
  changed: ChangedRecord[];
}

export interface RunView {
  run_id: string;
  trigger: string;
  status: string;
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

export interface DeliveryLogEntry {
  at: string;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}

export interface DeliveryView {
  delivery_id: string;
  change_id: string;
  url: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_latency_ms: number | null;
  last_error: string | null;
  log: DeliveryLogEntry[];
  created_at: string;
  finished_at: string | null;
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

export function monitorView(row: MonitorsTable): MonitorView {
  return {
    monitor_id: row.id,
    name: row.name,
    scraper_id: row.scraper_id,
    endpoint_name: row.endpoint_name,
    params: JSON.parse(row.params) as Record<string, unknown>,
    every_seconds: num(row.every_seconds),
    cron: row.cron,
    key_fields: row.key_fields ? (JSON.parse(row.key_fields) as string[]) : null,
    max_pages: Number(row.max_pages),
    webhook_url: row.webhook_url,
    paused: Number(row.paused) === 1,
    paused_reason: row.paused_reason,
    next_run_at: Number(row.paused) === 1 ? null : row.next_run_at,
    last_run_at: row.last_run_at,
    last_run_status: row.last_run_status,
    consecutive_failures: Number(row.consecutive_failures),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function changeView(row: MonitorChangesTable): ChangeView {
  return {
    change_id: row.id,
    run_id: row.run_id,
    at: row.created_at,
    added: JSON.parse(row.added) as MonitorRecord[],
    removed: JSON.parse(row.removed) as MonitorRecord[],
    changed: JSON.parse(row.changed) as ChangedRecord[],
  };
}

export function runView(row: MonitorRunsTable): RunView {
  return {
    run_id: row.id,
    trigger: row.trigger,
    status: row.status,
    attempts: Number(row.attempts),
    scheduled_at: row.scheduled_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    records: num(row.records),
    pages: num(row.pages),
    charged: Number(row.charged),
    error_code: row.error_code,
    error_message: row.error_message,
    change_id: row.change_id,
  };
}

export function deliveryView(row: MonitorDeliveriesTable): DeliveryView {
  return {
    delivery_id: row.id,
    change_id: row.change_id,
    url: row.url,
    status: row.status,
    attempts: Number(row.attempts),
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
    last_status_code: num(row.last_status_code),
    last_latency_ms: num(row.last_latency_ms),
    last_error: row.last_error,
    log: JSON.parse(row.log) as DeliveryLogEntry[],
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

/** Opaque cursor of the newest-first lists: the last row's (created_at, id). */
export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): [string, string] | null {
  if (!cursor) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string') return [v[0], v[1]];
  } catch {
    // fall through
  }
  return null;
}

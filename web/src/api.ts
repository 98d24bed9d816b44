/**
 * The page's only door to the service: its public HTTP API with the session cookie. State
 * changes repeat the CSRF cookie in X-Quarry-CSRF (the service refuses them otherwise).
 * Errors become ApiError with the service's reason in words and any per-field details.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details: Array<{ field?: string; param?: string; message?: string }> = [],
    readonly body: unknown = null,
  ) {
    super(message);
  }
  /** The message for one form field, if the service named it. */
  field(name: string): string | undefined {
    const d = this.details.find((x) => x.field === name || x.param === name || x.field === `/${name}`);
    return d ? (d.message ?? this.message) : undefined;
  }
}

const csrf = () => /(?:^|;\s*)quarry_csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '';

export interface Answer<T> {
  status: number;
  headers: Headers;
  body: T;
  ms: number;
}

/** One request; `extraHeaders` carries what a caller adds (the playground's session headers). */
export async function raw<T = unknown>(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-quarry-csrf'] = csrf();
  const started = performance.now();
  const res = await fetch(path, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, headers: res.headers, body: parsed as T, ms: Math.round(performance.now() - started) };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The service's reason in words, from either error shape it answers. */
export function reasonOf(body: unknown, status: number): string {
  if (!isRecord(body)) return `The service answered ${status}`;
  const e = body.error;
  if (typeof e === 'string') return e;
  if (isRecord(e) && typeof e.message === 'string') return e.message;
  if (body.detail) return String(body.detail);
  return `The service answered ${status}`;
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const a = await raw<T>(method, path, body);
  if (a.status >= 400) {
    const b: unknown = a.body;
    if (a.status === 401) window.dispatchEvent(new CustomEvent('quarry:unauthorized'));
    const details = isRecord(b) && Array.isArray(b.details) ? (b.details as ApiError['details']) : [];
    throw new ApiError(reasonOf(b, a.status), a.status, details, b);
  }
  return a.body;
}

// The public API's own types, shared with the SDK (type-only: nothing of the SDK is bundled).
export type {
  Account,
  Task,
  TaskList,
  TaskStatus,
  Progress,
  UserInputPrompt,
  PromptField,
  EndpointDefinition,
  GeneratedApi,
  UpdateEntry,
  UpdatesResult,
  PreviewUpdateResult,
  MergeResult,
  McpExport,
  SdkExampleResult,
  DispatchResult,
  ReviseResult,
  MarketplaceListing,
  MarketplaceListingDetail,
  MarketplacePage,
  SubscribeResult,
  TaskProgressEventData,
  TaskDoneEventData,
  EndpointResponse,
  UsageByApi,
  ArchiveResult,
} from '../../packages/sdk/src/types/index.js';

/** A task in one of these states will not change again (the SDK's TERMINAL_STATUSES; types only are imported). */
export const isTerminal = (status: string): boolean => status === 'completed' || status === 'failed' || status === 'cancelled';

/**
 * Generated APIs and their endpoints (service-interface.md "Generated API", "Endpoint
 * definition"; decisions.md "Execution bodies"), plus updates, exports and scraper metadata.
 */

/** A JSON Schema object (input_params, return_schema). */
export type JsonSchema = Record<string, unknown>;

export type HttpMethod = 'GET' | 'POST';

export interface EndpointDefinition {
  method: HttpMethod | string;
  /** The last path segment of `POST /scraper/{scraper_id}/{endpoint_name}`. */
  endpoint_name: string;
  description: string;
  input_params: JsonSchema;
  /** Schema of the whole success body `{status, data, meta?}`. */
  return_schema: JsonSchema;
  initiates_session: boolean;
  /** For login-protected APIs: the login endpoint whose session this endpoint needs. */
  depends_on_session?: string;
  /** Parameters the endpoint passed its tests with. */
  sample_inputs?: Record<string, unknown>;
  /** Credits per successful call. */
  price?: number;
  /** How sure the build is of each returned field (present on endpoints Quarry built). */
  field_confidence?: Record<string, FieldConfidence>;
}

/** One field's confidence: a score 0..1 and what it is made of. */
export interface FieldConfidence {
  score: number;
  /** The source the field is read from first. */
  from?: string;
  /** Share of tested records with a value. */
  coverage?: number;
  /** Share of pages where other kinds of source give the same value. */
  agreement?: number;
  /** Pages the figures were measured on. */
  pages?: number;
}

export interface GeneratedApi {
  marketplace_id: string | null;
  scraper_id: string;
  name: string;
  description: string;
  source_url: string;
  execution_base_url: string;
  endpoints: EndpointDefinition[];
}

export interface ScraperMetadata {
  id: string;
  website: string;
  created_at: string;
  user_id: string;
  request_flow: Record<string, unknown>;
  has_script: boolean;
  /** When its owner archived it; null while live. */
  archived_at?: string | null;
}

/** The answer of `removeApi` / `restoreApi` (DELETE /scraper/{id}, POST /scraper/{id}/restore). */
export interface ArchiveResult {
  scraper_id: string;
  archived: boolean;
  archived_at: string | null;
}

export type UpdateType = 'new' | 'updated';

export interface UpdateEntry {
  endpoint_name: string;
  type: UpdateType;
  description: string;
  method: string;
  user_has_called: boolean;
}

export interface UpdatesResult {
  updates: UpdateEntry[];
  canonical_scraper_id: string;
}

export interface PreviewUpdateResult {
  status: string;
  data: unknown;
  sample_inputs: Record<string, unknown>;
}

export interface MergeResult {
  merged: number;
  endpoints: string[];
  code_merged: boolean;
}

export interface RollbackResult {
  rolled_back: boolean;
}

export interface McpToolMeta {
  scraper_id: string;
  endpoint_name: string;
  method: string;
  execution_url: string;
  initiates_session: boolean;
  depends_on_session?: string | null;
}

export interface McpTool {
  /** `<api_slug>__<endpoint_name>`, at most 64 characters of `[A-Za-z0-9_-]`. */
  name: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: Record<string, unknown>;
  _meta?: McpToolMeta;
  [extra: string]: unknown;
}

export interface McpExport {
  tools: McpTool[];
}

export interface OpenApiParams {
  /** Pin the document to a version snapshot (integer >= 1); omit for the live document. */
  version?: number;
  /** A previous `etag`: the server answers 304 when the document is unchanged. */
  etag?: string;
}

export type OpenApiResult =
  | {
      notModified: false;
      /** The OpenAPI 3.1 document. */
      document: Record<string, unknown>;
      etag: string | null;
      /** `API-Snapshot-Version` echoed when `version` was requested. */
      snapshotVersion: number | null;
    }
  | { notModified: true; etag: string | null; snapshotVersion: number | null };

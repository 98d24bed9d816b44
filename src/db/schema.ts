/**
 * Table types for Kysely. Portable across SQLite and PostgreSQL on purpose:
 * - ids are text (UUIDs), timestamps are ISO-8601 text (UTC, millisecond precision, so they
 *   sort lexically), booleans are integers 0/1, JSON documents are text.
 * - balances and counters are integers.
 * Repositories convert rows to domain objects; nothing above db/ sees these row types.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  plan: string;
  credits: number;
  disclaimer_accepted_at: string | null;
  workspace_id: string | null;
  created_at: string;
}

export interface WebSessionsTable {
  /** sha256 of the cookie value. */
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string | null;
  /** sha256 of the full key; the key itself is never stored. */
  key_hash: string;
  /** First characters of the key, to recognise it in a list. */
  key_prefix: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface CreditLedgerTable {
  id: string;
  user_id: string;
  /** Positive for a grant, negative for a charge. */
  delta: number;
  balance_after: number;
  reason: string;
  /** What the entry is about (task id, scraper/endpoint, ...). */
  ref: string | null;
  created_at: string;
}

export interface TasksTable {
  id: string;
  user_id: string;
  url: string;
  task: string;
  status: string;
  iteration: number;
  user_input_prompt: string | null;
  user_response: string | null;
  result_scraper_id: string | null;
  result_marketplace_id: string | null;
  error: string | null;
  parent_task_id: string | null;
  extends_scraper_id: string | null;
  revision_type: string | null;
  auth_enabled: number;
  allow_auth: number;
  source: string;
  contributes_to_marketplace: number;
  workspace: number;
  progress: string | null;
  marketplace_apis: string | null;
  existing_marketplace_apis: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export interface JobsTable {
  id: string;
  kind: string;
  payload: string;
  /** Unique while set: a second enqueue with the same key is a no-op. */
  job_key: string | null;
  /** pending | running | completed | failed | cancelled */
  status: string;
  attempts: number;
  max_attempts: number;
  /** Not claimable before this time (backoff). */
  run_at: string;
  locked_by: string | null;
  /** Lease end: a running job whose lease passed belongs to a dead worker and is claimed again. */
  locked_until: string | null;
  last_error: string | null;
  cancel_requested: number;
  task_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ScrapersTable {
  id: string;
  user_id: string;
  website: string;
  name: string;
  description: string;
  /** built | subscribed | forked | canonical */
  source: string;
  /** For copies: the canonical scraper they follow. */
  canonical_scraper_id: string | null;
  /** For subscribed copies: the canonical release they were copied from (or last merged). */
  pinned_version: number | null;
  contributes_to_marketplace: number;
  has_script: number;
  latest_version: number;
  task_id: string | null;
  created_at: string;
  updated_at: string;
  /** Set while the owner has archived the API (its calls refused, sweeps skip it); null when live. */
  archived_at: string | null;
}

export interface ScraperVersionsTable {
  scraper_id: string;
  version: number;
  /** The recipe (request_flow) as JSON text. */
  recipe: string;
  /** build | revision | merge | rollback | import | subscribe | release */
  reason: string;
  /** Free-form JSON: merged endpoints, canonical release copied, ... */
  info: string | null;
  created_at: string;
}

export interface EndpointCallsTable {
  id: string;
  user_id: string;
  scraper_id: string;
  endpoint_name: string;
  version: number;
  status_code: number;
  latency_ms: number;
  created_at: string;
}

/** One marketplace API: the listing of a site's canonical (src/services/marketplace). */
export interface MarketplaceListingsTable {
  id: string;
  slug: string;
  canonical_scraper_id: string;
  /** Normalized host + path prefix of the built URL; one canonical per site. */
  site_key: string;
  host: string;
  name: string;
  description: string;
  front_facing_description: string;
  source_url: string;
  is_authenticated: number;
  primary_category: string;
  /** JSON array of category slugs. */
  secondary_categories: string;
  country: string | null;
  /** Newest release (a version of the canonical scraper). */
  latest_version: number;
  endpoint_count: number;
  /** JSON array of every endpoint's {endpoint_name, method, summary} (the preview is its head). */
  endpoint_summaries: string;
  site_title: string | null;
  site_description: string | null;
  site_lang: string | null;
  site_text: string | null;
  /** JSON trust signals (verification, pass count, latency, subscribers, calls). */
  trust: string;
  created_at: string;
  /** Last release. */
  updated_at: string;
  /** Last change of any column (the search index's watermark). */
  changed_at: string;
}

/** A version of a canonical scraper published to the marketplace. */
export interface MarketplaceReleasesTable {
  canonical_scraper_id: string;
  version: number;
  listing_id: string;
  task_id: string | null;
  contributor_user_id: string | null;
  contributed_scraper_id: string | null;
  /** JSON array of the endpoint names this release added or replaced. */
  endpoints: string;
  created_at: string;
}

/** A scraper that follows a canonical (subscribed, forked, or a contributor's built scraper). */
export interface MarketplaceCopiesTable {
  scraper_id: string;
  listing_id: string;
  canonical_scraper_id: string;
  /** JSON object: endpoint name -> the canonical release it was last synced from. */
  endpoint_bases: string;
  created_at: string;
  updated_at: string;
}

/** Self-healing state of one endpoint (see docs/revisions.md). */
export interface EndpointHealthTable {
  scraper_id: string;
  endpoint_name: string;
  /** healthy | failing | repairing | repaired | unrepaired */
  status: string;
  checked_at: string;
  failing_since: string | null;
  /** Why the last check failed. */
  last_failure: string | null;
  /** The fix revision task that repairs (or tried to repair) it. */
  repair_task_id: string | null;
  repaired_at: string | null;
  repairs: number;
}

/** A caller's session with a site (login endpoint); cookies encrypted, see docs/sessions.md. */
export interface ApiSessionsTable {
  id: string;
  user_id: string;
  scraper_id: string;
  login_endpoint: string;
  /** base64: HKDF salt, GCM nonce, GCM tag, encrypted cookie jar. */
  salt: string;
  iv: string;
  tag: string;
  ciphertext: string;
  created_at: string;
  last_used_at: string;
  /** Idle expiry: pushed forward on every use. */
  expires_at: string;
}

/** A build's login state (docs/sessions.md): the form found, failures, encrypted credentials in transit. */
export interface TaskLoginsTable {
  task_id: string;
  /** JSON of the sign-in form the builder found (never a secret). */
  plan: string;
  failures: number;
  /** Encrypted credentials waiting for the worker; null once the build took or dropped them. */
  secret: string | null;
  secret_expires_at: string | null;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  web_sessions: WebSessionsTable;
  api_keys: ApiKeysTable;
  credit_ledger: CreditLedgerTable;
  tasks: TasksTable;
  jobs: JobsTable;
  scrapers: ScrapersTable;
  scraper_versions: ScraperVersionsTable;
  endpoint_calls: EndpointCallsTable;
  marketplace_listings: MarketplaceListingsTable;
  marketplace_releases: MarketplaceReleasesTable;
  marketplace_copies: MarketplaceCopiesTable;
  endpoint_health: EndpointHealthTable;
  mcp_result_pages: McpResultPagesTable;
  oauth_clients: OAuthClientsTable;
  oauth_grants: OAuthGrantsTable;
  oauth_codes: OAuthCodesTable;
  oauth_tokens: OAuthTokensTable;
  api_sessions: ApiSessionsTable;
  task_logins: TaskLoginsTable;
  monitors: MonitorsTable;
  monitor_runs: MonitorRunsTable;
  monitor_baselines: MonitorBaselinesTable;
  monitor_changes: MonitorChangesTable;
  monitor_deliveries: MonitorDeliveriesTable;
}

/** A long MCP result kept for `read_more` (migration 0006); `body` is the stored result as JSON. */
export interface McpResultPagesTable {
  id: string;
  user_id: string;
  expires_at: string;
  body: string;
}

/** OAuth 2.1 for MCP clients (migration 0005, docs/dashboard.md). */
export interface OAuthClientsTable {
  id: string;
  client_name: string | null;
  /** JSON array of exact redirect URIs. */
  redirect_uris: string;
  metadata: string;
  created_at: string;
}

export interface OAuthGrantsTable {
  id: string;
  user_id: string;
  client_id: string;
  scope: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface OAuthCodesTable {
  /** sha256 of the code. */
  id: string;
  grant_id: string;
  redirect_uri: string;
  code_challenge: string;
  resource: string | null;
  expires_at: string;
  used_at: string | null;
}

export interface OAuthTokensTable {
  /** sha256 of the token. */
  id: string;
  grant_id: string;
  kind: 'access' | 'refresh';
  expires_at: string;
  revoked_at: string | null;
}

/** Monitors (migration 0007, docs/monitors.md). JSON columns are text. */
export interface MonitorsTable {
  id: string;
  user_id: string;
  scraper_id: string;
  endpoint_name: string;
  name: string | null;
  /** JSON object: the endpoint's fixed inputs. */
  params: string;
  every_seconds: number | null;
  cron: string | null;
  /** JSON array of field names, or null for the default key. */
  key_fields: string | null;
  max_pages: number;
  webhook_url: string | null;
  /** `whsec_<base64>`: signs the webhooks (Standard Webhooks), so it is kept, shown once. */
  webhook_secret: string;
  paused: number;
  paused_reason: string | null;
  /** The next slot the ticker claims; null while paused. */
  next_run_at: string | null;
  last_run_at: string | null;
  last_run_status: string | null;
  consecutive_failures: number;
  created_at: string;
  updated_at: string;
}

export interface MonitorRunsTable {
  id: string;
  monitor_id: string;
  /** `schedule:<iso>` or `manual:<run id>`: unique per monitor. */
  slot: string;
  /** schedule | manual */
  trigger: string;
  /** queued | running | succeeded | failed */
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
  created_at: string;
}

export interface MonitorBaselinesTable {
  monitor_id: string;
  run_id: string;
  /** JSON array of the last good run's records. */
  records: string;
  updated_at: string;
}

export interface MonitorChangesTable {
  id: string;
  monitor_id: string;
  run_id: string;
  added: string;
  removed: string;
  changed: string;
  created_at: string;
}

export interface MonitorDeliveriesTable {
  id: string;
  monitor_id: string;
  change_id: string;
  url: string;
  /** pending | succeeded | failed */
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_latency_ms: number | null;
  last_error: string | null;
  /** JSON array of tries: {at, status_code, latency_ms, error}. */
  log: string;
  created_at: string;
  finished_at: string | null;
}

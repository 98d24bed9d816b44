/** Execution: the body an endpoint answers and the limit headers of every execution response. */

/** Paging info some endpoints return (decisions.md "Execution bodies"). */
export interface PageMeta {
  page?: number;
  has_more?: boolean;
  total?: number;
  next_cursor?: string | null;
  [extra: string]: unknown;
}

/**
 * The JSON a generated endpoint answers on success. A login endpoint also answers
 * `session_id` and `encryption_key`; the unparseable-output fallback has `data: null` plus
 * `raw` and `content_type`.
 */
export interface EndpointResponse<TData = unknown> {
  status: 'success' | string;
  data: TData;
  meta?: PageMeta;
  session_id?: string;
  encryption_key?: string;
  raw?: string;
  content_type?: string;
  [extra: string]: unknown;
}

/** A login session; send both halves together (the server refuses one alone with 400). */
export interface Session {
  session_id: string;
  encryption_key: string;
}

/** The rate-limit and credit headers of an execution response; null when absent. */
export interface Limits {
  /** X-RateLimit-Remaining: tokens left in the burst bucket. */
  remaining: number | null;
  /** X-RateLimit-Reset: Unix time (seconds) of the next token. */
  reset: number | null;
  /** X-RateLimit-Daily-Remaining: calls left today (tiers with a daily cap). */
  dailyRemaining: number | null;
  /** X-Credits-Charged: what this call cost (0 on failure). */
  creditsCharged: number | null;
  /** X-Credits-Remaining: the balance after this call. */
  creditsRemaining: number | null;
}

export interface CallOptions {
  /** `GET` sends params in the query string, `POST` as a JSON body. Default: learned from a
   *  generated API this client has seen, else POST. */
  method?: 'GET' | 'POST';
  /** Pin a version snapshot (`API-Snapshot-Version`, integer >= 1). */
  version?: number;
  /** Session from a login endpoint (sent as X-Session-Id and X-Encryption-Key). */
  session?: Session;
  signal?: AbortSignal;
}

export interface CallResult<TData = unknown> {
  body: EndpointResponse<TData>;
  limits: Limits;
  requestId: string | null;
  status: number;
}

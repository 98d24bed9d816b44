/** The caller's account (decisions.md "Accounts"). */
export interface Account {
  id: string;
  email: string;
  plan: string;
  credits_remaining: number;
  credits_limit: number;
  disclaimer_accepted_at: string | null;
  workspace_id: string | null;
  [extra: string]: unknown;
}

/** One API's use over the last days (`usageByApi`, GET /account/usage/apis). */
export interface UsageByApi {
  scraper_id: string;
  /** Null when the API no longer exists. */
  name: string | null;
  calls: number;
  errors: number;
  credits: number;
  last_called_at: string | null;
}

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

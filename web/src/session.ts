/** The logged-in person as pages see it: the account and a way to read it again (credits change). */
import type { Account } from './api';
import { refreshAccount, useAccount } from './query';

export interface Session {
  account: Account;
  refresh: () => Promise<void>;
}

/** The session, or null when nobody is logged in (or while the account is still loading). */
export function useSession(): Session | null {
  const { data } = useAccount();
  return data ? { account: data, refresh: refreshAccount } : null;
}

/** For pages behind RequireSession, which renders them only once the account is known. */
export function useRequiredSession(): Session {
  const s = useSession();
  if (!s) throw new Error('useRequiredSession outside RequireSession');
  return s;
}

/** Only same-site paths may be the target of `?next=` (no open redirect). */
export const safeNext = (next: string | null): string | null => (next && next.startsWith('/') && !next.startsWith('//') ? next : null);

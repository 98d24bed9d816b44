/**
 * Data fetching through TanStack Query: one cache, keys named here, so a page that changes
 * something invalidates exactly what it changed. Stale answers cannot overwrite fresh ones: a
 * query's answer is kept under its key, and a page only reads the key it shows.
 */
import { QueryClient, useQuery } from '@tanstack/react-query';
import { ApiError, api, type Account } from './api';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not get better by asking again; a network blip may.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      // Shown at once from the cache, and read again whenever a page shows it (another tab, a
      // worker or a seller may have changed it meanwhile).
      staleTime: 0,
      refetchOnWindowFocus: true,
    },
  },
});

export const keys = {
  account: ['account'] as const,
  tasks: ['tasks'] as const,
  task: (id: string) => ['tasks', id] as const,
  taskPart: (id: string, part: string) => ['tasks', id, part] as const,
  scraper: (id: string, part: string) => ['scrapers', id, part] as const,
  apiKeys: ['api-keys'] as const,
  grants: ['oauth-grants'] as const,
  usage: (what: string) => ['usage', what] as const,
  market: (q: string, category: string) => ['market', q, category] as const,
  listing: (id: string) => ['market', 'listing', id] as const,
  monitors: ['monitors'] as const,
  monitor: (id: string) => ['monitors', id] as const,
  monitorPart: (id: string, part: string) => ['monitors', id, part] as const,
};

/** GET a path as the query's function. */
export const get =
  <T,>(path: string) =>
  () =>
    api<T>('GET', path);

/** Who is logged in: the account, or null when no session (a 401 is an answer here, not an error). */
export function useAccount() {
  return useQuery({
    queryKey: keys.account,
    queryFn: async (): Promise<Account | null> => {
      try {
        return await api<Account>('GET', '/account');
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) return null;
        throw e;
      }
    },
    staleTime: 30_000,
  });
}

export const refreshAccount = () => queryClient.invalidateQueries({ queryKey: keys.account });

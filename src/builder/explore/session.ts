/**
 * What the exploration's sources (sources.ts) get from `explore`: its state, fetcher and log.
 * Its own module so sources.ts need not import explore.ts, which imports it.
 */
import type { SiteFetcher } from './site-fetcher.js';
import type { ExploreState } from './state.js';
import type { FetchPurpose, FetchedPage, LogLevel } from './types.js';

export interface ExploreSession {
  state: ExploreState;
  fetcher: SiteFetcher;
  log: (level: LogLevel, message: string) => void;
  /** Fetches a page (once per URL), records it; null when it failed or limits refused it. */
  get(url: string, purpose: FetchPurpose, headers?: Record<string, string>): Promise<FetchedPage | null>;
}

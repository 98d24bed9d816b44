/**
 * What the operations need, passed in (never imported as singletons), so HTTP, MCP, the CLI,
 * jobs and tests all run the same code against real parts.
 */
import type { Logger } from 'pino';
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import type { Clock } from '../clock.js';
import type { JobQueue } from '../queue/index.js';
import type { RateLimiter } from '../ratelimit/index.js';
import type { Fetcher } from '../fetch/types.js';
import type { CallLog } from './call-log.js';
import type { ScraperRow } from './scrapers.js';
import type { ListingSearch } from './marketplace/search.js';
import type { ReadinessReport } from './readiness.js';

export interface ServiceDeps {
  config: Config;
  db: Db;
  clock: Clock;
  queue: JobQueue;
  limiter: RateLimiter;
  fetcher: Fetcher;
  logger: Logger;
  /** Buffered record of endpoint calls. */
  callLog: CallLog;
  /** Marketplace canonicals callable by any key (the marketplace feature supplies it). */
  canonicals?: { isCallable(scraper: ScraperRow, version: number | null): Promise<boolean> };
  /** Marketplace search index, kept in step with the listings table (services/marketplace/search.ts). */
  marketplaceSearch?: ListingSearch;
  /** Optional steps of dispatch supplied by the builder (login-wall probe, marketplace match). */
  dispatchHooks?: DispatchHooks;
  /** Whether this process can work now (database, Redis, queue): GET /ready. */
  readiness?: () => Promise<ReadinessReport>;
}

/** Hooks of POST /dispatch that tests replace (declared here, below tasks.ts, so deps imports nothing above it). */
export interface DispatchHooks {
  /** Quick login-wall probe of the entry page (at most 2 s). */
  probeLoginWall?: (url: string) => Promise<boolean>;
}

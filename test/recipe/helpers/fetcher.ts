/** The real fetcher, configured for fixture sites: loopback allowed, robots.txt not read. */
import { loadConfig } from '../../../src/config/index.js';
import { createFetcher } from '../../../src/fetch/index.js';
import type { Fetcher } from '../../../src/fetch/types.js';

export function createTestFetcher(): Fetcher {
  const config = loadConfig({}, { allowPrivateTargets: true, respectRobots: false });
  return createFetcher({ ...config, fetch: { ...config.fetch, totalTimeoutMs: 10_000 } });
}

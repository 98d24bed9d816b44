/** Shared set-up for fetch tests: a config aimed at 127.0.0.1 fixture sites. */
import type { Config } from '../../src/config/index.js';
import { loadConfig } from '../../src/config/index.js';
import type { FetcherConfig } from '../../src/fetch/index.js';
import { QuarryError } from '../../src/errors/index.js';

export function testConfig(overrides: { fetch?: Partial<Config['fetch']> } & Partial<Omit<FetcherConfig, 'fetch'>> = {}): FetcherConfig {
  const base = loadConfig({});
  return {
    allowPrivateTargets: overrides.allowPrivateTargets ?? ['127.0.0.1'],
    respectRobots: overrides.respectRobots ?? false,
    fetch: { ...base.fetch, connectTimeoutMs: 2_000, totalTimeoutMs: 5_000, ...overrides.fetch },
  };
}

/** The QuarryError a promise rejects with (fails the test when it resolves or throws something else). */
export async function quarryError(work: Promise<unknown>): Promise<QuarryError> {
  try {
    await work;
  } catch (err) {
    if (err instanceof QuarryError) return err;
    throw new Error(`expected a QuarryError, got ${String(err)}`, { cause: err });
  }
  throw new Error('expected a QuarryError, but the promise resolved');
}

/** A Cloudflare managed-challenge page as served with a 403. */
export const CLOUDFLARE_CHALLENGE = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="refresh" content="390"></head><body><div class="main-wrapper"><noscript>Enable JavaScript and cookies to continue</noscript></div>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: "example.com",cType: 'managed'};var a = document.createElement('script');
a.src = '/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=8a1b2c3d4e5f';document.getElementsByTagName('head')[0].appendChild(a);}());</script></body></html>`;

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

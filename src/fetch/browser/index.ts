/**
 * The browser engine (headless Chromium through playwright-core) for JavaScript-drawn sites.
 * One engine per process and configuration, shared by every fetcher (`sharedBrowser`); it
 * starts Chromium only when a page is first rendered. See docs/browser.md.
 */
import type { Config } from '../../config/index.js';
import { BrowserEngine, type BrowserEngineOptions } from './engine.js';

export { BrowserEngine, BrowserUnavailableError, CHROMIUM_ARGS, type BrowserSettings, type EngineStats } from './engine.js';
export { renderPage, type RecordedJson, type RenderOptions, type RenderResult } from './render.js';
export type { Refusal } from './guard-proxy.js';
export { descendantsRunning, treeRssMb } from './processes.js';

export interface BrowserHandle {
  engine: BrowserEngine;
  /** Drop this user; the last one closes the browser. */
  release(): Promise<void>;
}

const shared = new Map<string, { engine: BrowserEngine; users: number }>();

/** The process's engine for this configuration, counted per user (each fetcher is one). */
export function sharedBrowser(config: Pick<Config, 'browser' | 'allowPrivateTargets'> & { respectRobots?: boolean; fetch?: { userAgent?: string } }, options: Partial<BrowserEngineOptions> = {}): BrowserHandle {
  const key = JSON.stringify([config.browser, config.allowPrivateTargets, config.fetch?.userAgent, config.respectRobots]);
  let entry = shared.get(key);
  if (!entry || options.resolver) {
    const engine = new BrowserEngine(config.browser, { allowPrivateTargets: config.allowPrivateTargets, userAgent: config.fetch?.userAgent, respectRobots: config.respectRobots, ...options });
    entry = { engine, users: 0 };
    // A custom resolver (tests) gets an engine of its own.
    if (!options.resolver) shared.set(key, entry);
  }
  entry.users++;
  const e = entry;
  let released = false;
  return {
    engine: e.engine,
    async release() {
      if (released) return;
      released = true;
      e.users--;
      if (e.users > 0) return;
      if (shared.get(key) === e) shared.delete(key);
      await e.engine.close();
    },
  };
}

/**
 * Issue 26, point 4: the pool recycles browser processes by count and contexts by memory.
 * - QUARRY_BROWSER_PAGES_PER_PROCESS: after that many pages the browser (its whole process
 *   tree) is restarted once no page is in flight;
 * - QUARRY_BROWSER_CONTEXT_MEMORY_MB: a context whose page still holds more heap after its
 *   collection (every 10 pages) is replaced before its next call — its renderer goes with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { createFetcher } from '../../src/fetch/index.js';
import { descendantsRunning, renderPage } from '../../src/fetch/browser/index.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { spaJobsSite } from '../fixtures/sites/spa-jobs.js';

let jobs: FixtureSite;
beforeAll(async () => {
  jobs = await startFixtureSite(spaJobsSite());
});
afterAll(async () => {
  await jobs?.close();
  expect(descendantsRunning(process.pid, 'chromium')).toEqual([]);
});

function pool(env: Record<string, string>) {
  return createFetcher(loadConfig({ QUARRY_ALLOW_PRIVATE_TARGETS: '127.0.0.1', QUARRY_BROWSER_CONTEXTS: '1', QUARRY_BROWSER_PAGE_TIMEOUT_MS: '20000', ...env }));
}

describe('browser pool recycling', () => {
  it('restarts the browser process after QUARRY_BROWSER_PAGES_PER_PROCESS pages, with a new process tree', { timeout: 120_000 }, async () => {
    const f = pool({ QUARRY_BROWSER_PAGES_PER_PROCESS: '3' });
    try {
      const pids: number[] = [];
      for (let i = 0; i < 7; i++) {
        expect((await renderPage(f.browser!, { url: `${jobs.url}/`, waitFor: 'article.job' })).html).toContain('Chef');
        pids.push(f.browser!.browserPid!);
      }
      // Pages 1-3 on the first browser, 4-6 on the second, 7 on the third.
      expect(new Set(pids).size).toBe(3);
      expect(f.browser!.stats()).toMatchObject({ launches: 3, recycles: 2 });
      expect(descendantsRunning(process.pid, 'chromium').length).toBeGreaterThan(0);
    } finally {
      await f.close();
    }
  });

  it('replaces a context whose page heap stays over QUARRY_BROWSER_CONTEXT_MEMORY_MB after a collection', { timeout: 120_000 }, async () => {
    const heavy = pool({ QUARRY_BROWSER_CONTEXT_MEMORY_MB: '1' });
    const light = pool({ QUARRY_BROWSER_CONTEXT_MEMORY_MB: '4096' });
    try {
      for (const f of [heavy, light]) {
        const contexts = new Set<unknown>();
        for (let i = 0; i < 12; i++) {
          await renderPage(f.browser!, { url: `${jobs.url}/`, waitFor: 'article.job' });
          await f.browser!.withPage(async (page) => void contexts.add(page.context()));
        }
        // 24 pages (each render and each look at its context is one): collections at a context's
        // 10th page; over the limit, the context goes after its 10th and its 20th page.
        expect(contexts.size).toBe(f === heavy ? 3 : 1);
        expect(f.browser!.stats()).toMatchObject({ retired: f === heavy ? 2 : 0, collections: 2, launches: 1 });
      }
    } finally {
      await Promise.all([heavy.close(), light.close()]);
    }
  });
});

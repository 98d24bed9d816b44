/**
 * Exploration stays polite: it never sends more requests than its budget, never more than the
 * per-host concurrency at once, starts nothing after its deadline, stops at once when cancelled,
 * never leaves the site, and refuses an entry page robots.txt disallows.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { explore } from '../../src/builder/explore/index.js';
import { QuarryError } from '../../src/errors/index.js';
import { booksSite } from '../fixtures/sites/books.js';
import { newsSite } from '../fixtures/sites/news.js';
import { startFixtureSite, type FixtureRoutes, type FixtureSite } from '../helpers/fixture-server.js';
import { budget, harness, testFetcher, type Harness } from './helpers.js';

let h: Harness | undefined;
const extra: FixtureSite[] = [];
afterEach(async () => {
  await h?.close();
  h = undefined;
  await Promise.all(extra.splice(0).map((s) => s.close()));
});

/** The fetch layer reads robots.txt once per origin on its own, outside the budget. */
const ownRequests = (site: FixtureSite) => site.requests.filter((r, i) => !(r.path === '/robots.txt' && i === site.requests.findIndex((x) => x.path === '/robots.txt'))).length;

/** Wraps every route so that answers wait `ms`, counting requests in flight. */
function slowed(routes: FixtureRoutes, ms: number, stats: { inFlight: number; max: number }): FixtureRoutes {
  return routes.map(([path, target]) => [
    path,
    async (req, res, url, body) => {
      stats.inFlight++;
      stats.max = Math.max(stats.max, stats.inFlight);
      await new Promise((r) => setTimeout(r, ms));
      stats.inFlight--;
      if (typeof target === 'string') return { body: target };
      return typeof target === 'function' ? target(req, res, url, body) : target;
    },
  ]);
}

describe('exploration limits', () => {
  it('sends at most maxPages requests and says the budget stopped it', async () => {
    h = await harness(newsSite());
    const ex = await explore({ url: `${h.site.url}/`, fetcher: h.fetcher, signal: new AbortController().signal, budget: budget(7) });
    expect(ex.stats).toMatchObject({ fetches: 7, maxPages: 7, stoppedBy: 'budget' });
    expect(ownRequests(h.site)).toBe(7);
    // The entry page is still explored: the list and the detail template came first.
    expect(ex.detail?.template.pattern).toBe('/{year}/{month}/{day}/{slug}/');
  });

  it('keeps at most perHostConcurrency requests in flight', async () => {
    const stats = { inFlight: 0, max: 0 };
    h = await harness(slowed(newsSite(), 20, stats));
    const ex = await explore({ url: `${h.site.url}/`, fetcher: h.fetcher, signal: new AbortController().signal, budget: budget(40, 2) });
    expect(ex.stats.fetches).toBeGreaterThan(10);
    expect(stats.max).toBeLessThanOrEqual(2);
  });

  it('rejects promptly when cancelled mid-way, with fewer requests than the budget', async () => {
    const controller = new AbortController();
    let answered = 0;
    let atAbort = 0;
    const routes: FixtureRoutes = booksSite().map(([path, target]) => [
      path,
      async (req, res, url, body) => {
        // The fifth request of the site hangs (never answered) and cancels the build.
        if (++answered === 5) {
          atAbort = h!.site.requests.length;
          controller.abort(new Error('build cancelled'));
          return new Promise<void>(() => {});
        }
        if (typeof target === 'string') return { body: target };
        return typeof target === 'function' ? target(req, res, url, body) : target;
      },
    ]);
    h = await harness(routes);
    // A long fetch time-out: only the cancellation can end the hanging request in time.
    const fetcher = testFetcher({ QUARRY_FETCH_TIMEOUT_MS: '600000' });
    try {
      const run = explore({ url: `${h.site.url}/`, fetcher, signal: controller.signal, budget: budget(60, 2) });
      await expect(run).rejects.toThrow('build cancelled');
      await new Promise((r) => setTimeout(r, 100));
      // Only a request already on the wire with the hanging one (concurrency 2) may arrive late.
      expect(h.site.requests.length).toBeLessThanOrEqual(atAbort + 1);
      expect(h.site.requests.length).toBeLessThan(60);
    } finally {
      await fetcher.close();
    }
  }, 15_000);

  it('starts nothing after the deadline and returns what it has', async () => {
    let clock = 1_000;
    h = await harness(newsSite());
    const routes = h.site;
    const ex = await explore({
      url: `${routes.url}/`,
      fetcher: h.fetcher,
      signal: new AbortController().signal,
      // One request at a time, so that each start sees the requests before it answered.
      budget: { maxPages: 60, deadline: 5_000, perHostConcurrency: 1 },
      // Each look at the clock after the third request finds the deadline passed.
      now: () => (routes.requests.length >= 4 ? (clock = 10_000) : clock),
    });
    expect(ex.stats.stoppedBy).toBe('deadline');
    expect(ex.stats.fetches).toBeLessThanOrEqual(4);
    expect(ex.entry.status).toBe(200);
  });

  it('refuses an entry page that robots.txt disallows, before fetching it', async () => {
    const routes: FixtureRoutes = [['/robots.txt', { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private/\n' }], ['/private/list', '<h1>secret</h1>']];
    h = await harness(routes);
    const run = explore({ url: `${h.site.url}/private/list`, fetcher: h.fetcher, signal: new AbortController().signal, budget: budget() });
    await expect(run).rejects.toBeInstanceOf(QuarryError);
    await expect(run).rejects.toMatchObject({ code: 'forbidden', fields: { reason: 'robots_disallowed' }, message: expect.stringContaining('robots.txt') });
    expect(h.site.requests.map((r) => r.path)).toEqual(['/robots.txt']);
  });

  it('fails with the status when the entry page answers an error', async () => {
    h = await harness([['/gone', { status: 410, body: 'gone' }]]);
    const run = explore({ url: `${h.site.url}/gone`, fetcher: h.fetcher, signal: new AbortController().signal, budget: budget() });
    await expect(run).rejects.toMatchObject({ code: 'upstream_error', fields: { upstream_status_code: 410 } });
  });

  it('never fetches another host, even when it holds the records', async () => {
    const other = await startFixtureSite(booksSite());
    extra.push(other);
    const links = Array.from({ length: 8 }, (_, i) => `<li><a href="${other.url}/catalogue/book-${i}_${i}/index.html">Book ${i}</a> <span>${i} €</span></li>`).join('');
    h = await harness([['/', `<html><body><ul>${links}</ul><a href="${other.url}/catalogue/page-2.html">next</a></body></html>`]]);
    const ex = await explore({ url: `${h.site.url}/`, fetcher: h.fetcher, signal: new AbortController().signal, budget: budget() });
    expect(other.requests).toEqual([]);
    expect(ex.site.hosts).toEqual([new URL(h.site.url).host]);
    expect(ex.detail).toBeNull();
  });
});

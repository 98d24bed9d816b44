/**
 * The render step: open the URL in the pooled headless browser, wait (selector or settled
 * network), scroll or press "load more", and make the rendered HTML the current page. With
 * `capture`, the JSON bodies the page received from matching URLs are kept in var `captured`.
 * Time-outs and crashed pages leave as upstream_error (the contract's envelope); no browser
 * configured or installed is `unavailable` with how to install one.
 */
import { QuarryError } from '../../errors/index.js';
import { BrowserUnavailableError, renderPage } from '../../fetch/browser/index.js';
import { robotsDisallowed } from '../../fetch/failures.js';
import { fillString, resolveUrl } from '../template.js';
import type { RenderStep } from '../types.js';
import { FetchedPage, chargeRequest, scopeOf, throwIfAborted, type RunContext } from './context.js';
import { DEFAULT_NOT_FOUND_STATUSES, upstreamStatusError } from '../classify.js';

export async function runRender(step: RenderStep, ctx: RunContext): Promise<void> {
  const run = ctx.run;
  const engine = run.fetcher.browser;
  if (!engine) throw new BrowserUnavailableError('(no browser configured)', 'is not configured for this service');
  const scope = scopeOf(ctx);
  const filled = fillString(step.url, scope, 'url');
  const url = resolveUrl(filled, run.recipe.source_url);
  if (!url) throw new QuarryError('scraper_bug', `The render URL "${filled.slice(0, 200)}" is not a valid http(s) URL.`);
  throwIfAborted(run);
  // The browser does not read robots.txt: the same rule as a request step is applied here.
  if (engine.respectsRobots && !(await run.fetcher.robotsAllowed(url, run.signal))) throw robotsDisallowed(url);
  chargeRequest(run);
  run.logger?.debug?.({ url }, 'render');
  const result = await renderPage(engine, {
    url,
    waitFor: step.wait_for ? fillString(step.wait_for, scope, 'raw') : undefined,
    timeoutMs: step.timeout_ms,
    scroll: step.scroll,
    loadMore: step.load_more,
    record: step.capture !== undefined,
    signal: run.signal,
  });
  const response = { url: result.url, status: result.status, headers: {}, contentType: 'text/html', charset: 'utf-8', text: result.html, bytes: result.html.length, redirects: [url], elapsedMs: 0 };
  const failure = upstreamStatusError(response, DEFAULT_NOT_FOUND_STATUSES);
  if (failure) throw failure;
  const page = new FetchedPage(response, 'text/html');
  ctx.page = page;
  if (step.capture !== undefined) {
    const pattern = new RegExp(step.capture);
    ctx.vars.captured = result.json.filter((j) => pattern.test(j.url)).flatMap((j) => {
      try {
        return [JSON.parse(j.body) as unknown];
      } catch {
        return [];
      }
    });
  }
}

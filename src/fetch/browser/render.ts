/**
 * `renderPage`: open a URL in the pooled browser like a person with the network tab open.
 * Waits for a selector or for the network to settle, scrolls an infinite list or presses a
 * "load more" button, and records every JSON response with its request (method, URL, query,
 * headers, body). Answers the rendered HTML too.
 */
import type { Page, Response } from 'playwright-core';
import { QuarryError } from '../../errors/index.js';
import type { BrowserEngine } from './engine.js';

export interface RecordedJson {
  method: string;
  url: string;
  query: Record<string, string>;
  requestHeaders: Record<string, string>;
  /** The request body (POST: GraphQL, JSON or form), as sent. */
  postData: string | null;
  status: number;
  contentType: string;
  /** The response body text (at most MAX_BODY characters). */
  body: string;
  /** Order of arrival. */
  seq: number;
}

export interface RenderOptions {
  url: string;
  /** CSS selector to wait for; else the network must settle. */
  waitFor?: string;
  timeoutMs?: number;
  /** Scroll to the bottom this many times (infinite lists), waiting for the network after each. */
  scroll?: number;
  /** Press the element matching this selector while it shows, at most `scroll` (or 5) times. */
  loadMore?: string;
  /**
   * After the page settles, type `text` into the field matching `selector` and press Enter, as
   * a visitor searching does (a GET form navigates, a scripted one fetches); the calls that
   * follow are recorded with the rest.
   */
  search?: { selector: string; text: string };
  /**
   * After the page settles, press the element matching this selector once (a consent wall's
   * "Accept all"), wait for the reload or the network, and answer the cookies the page then has.
   */
  accept?: string;
  /** Record JSON responses (default true). */
  record?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface RenderResult {
  url: string;
  status: number;
  html: string;
  json: RecordedJson[];
  /** The cookies of the page's URL after `accept` was pressed (only with `accept`). */
  cookies?: Array<{ name: string; value: string }>;
}

const MAX_BODY = 2_000_000;
const MAX_RECORDED = 60;
const QUIET_MS = 250;
/** Run in the page (strings: this module is compiled without the DOM's types). */
const PAGE_SIZE_JS = "[document.body.scrollHeight, document.body.getElementsByTagName('*').length].join(':')";
const SCROLL_JS = 'window.scrollTo(0, document.body.scrollHeight)';
/** The document as HTML: what Playwright's content() answers, without its 340 KB injected script. */
const CONTENT_JS = `(() => {
  let html = document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '';
  if (document.documentElement) html += document.documentElement.outerHTML;
  return html;
})()`;

/**
 * Resolves true once `selector` (CSS) matches an element of the document, false after `ms`.
 * Like Playwright's wait, the answer comes at the next animation frame after the match (so what
 * the page draws in the same frame is there too; a timer stands in should frames not run).
 * Run in the page's own world: Playwright's waitForSelector and content() first inject its
 * 340 KB selector engine into every new document, which cost more renderer and browser time
 * than drawing a small page. A syntax error in the selector rejects.
 */
const waitForSelectorJs = (selector: string, ms: number) => `new Promise((resolve) => {
  const selector = ${JSON.stringify(selector)};
  let finished = false;
  const observer = new MutationObserver(check);
  const timer = setTimeout(() => done(false), ${Math.max(0, Math.floor(ms))});
  function check() {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    requestAnimationFrame(() => done(true));
    setTimeout(() => done(true), 100);
  }
  function done(found) {
    if (finished) return;
    finished = true;
    observer.disconnect();
    clearTimeout(timer);
    resolve(found);
  }
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  check();
})`;

/**
 * Wait for `selector` until `deadline`. A navigation of the page's own (a script redirect)
 * destroys the document the wait runs in: the wait starts again in the new document.
 */
async function waitForSelector(page: Page, selector: string, deadline: number): Promise<boolean> {
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    try {
      return await page.evaluate<boolean>(waitForSelectorJs(selector, left));
    } catch (err) {
      if (page.isClosed() || !/context was destroyed|navigat/i.test(err instanceof Error ? err.message : '')) throw err;
      await page.waitForLoadState('domcontentloaded', { timeout: Math.max(1, deadline - Date.now()) }).catch(() => {});
    }
  }
}

/** Resolves once no request has been in flight for QUIET_MS (or at `until`). */
function networkSettled(page: Page, inflight: { n: number; last: number }, until: number): Promise<void> {
  return new Promise((resolve) => {
    const tick = () => {
      const now = Date.now();
      if ((inflight.n <= 0 && now - inflight.last >= QUIET_MS) || now >= until || page.isClosed()) return resolve();
      setTimeout(tick, 50);
    };
    tick();
  });
}

function looksJson(contentType: string, url: string): boolean {
  return /json|graphql/i.test(contentType) || /\.json(?:$|\?)/.test(url);
}

/** Types into the search field and presses Enter; then waits for the next document (if any) and the network. */
async function submitSearch(page: Page, search: { selector: string; text: string }, inflight: { n: number; last: number }, deadline: number): Promise<void> {
  const field = page.locator(search.selector).first();
  const left = () => Math.max(1, deadline - Date.now());
  await field.fill(search.text, { timeout: left() });
  const before = page.url();
  await field.press('Enter', { timeout: left() });
  inflight.last = Date.now();
  await networkSettled(page, inflight, deadline);
  if (page.url() !== before) await page.waitForLoadState('domcontentloaded', { timeout: left() }).catch(() => {});
  inflight.last = Date.now();
  await networkSettled(page, inflight, deadline);
}

/** Clicks the element once; then waits for the document it may load (a reload) and the network. */
async function pressOnce(page: Page, selector: string, inflight: { n: number; last: number }, deadline: number): Promise<void> {
  const left = () => Math.max(1, deadline - Date.now());
  const before = await page.evaluate<number>('performance.timeOrigin');
  await page.locator(selector).first().click({ timeout: left() });
  inflight.last = Date.now();
  await networkSettled(page, inflight, deadline);
  const after = await page.evaluate<number>('performance.timeOrigin').catch(() => before + 1);
  if (after !== before) await page.waitForLoadState('domcontentloaded', { timeout: left() }).catch(() => {});
  inflight.last = Date.now();
  await networkSettled(page, inflight, deadline);
}

export async function renderPage(engine: BrowserEngine, options: RenderOptions): Promise<RenderResult> {
  const timeoutMs = options.timeoutMs ?? engine.settings.pageTimeoutMs;
  return engine.withPage(async (page) => {
    // Waiting stops a tenth of the limit early (at least 200 ms): reading the page's content
    // after the wait needs that time on a busy machine, or a partial render becomes a time-out.
    const deadline = Date.now() + timeoutMs - Math.max(200, timeoutMs / 10);
    const json: RecordedJson[] = [];
    const reading: Array<Promise<void>> = [];
    const inflight = { n: 0, last: Date.now() };
    page.on('request', () => {
      inflight.n++;
      inflight.last = Date.now();
    });
    const done = () => {
      inflight.n--;
      inflight.last = Date.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    if (options.record !== false) {
      page.on('response', (res: Response) => {
        const contentType = (res.headers()['content-type'] ?? '').toLowerCase();
        if (!looksJson(contentType, res.url()) || json.length >= MAX_RECORDED) return;
        const req = res.request();
        const seq = json.length + reading.length;
        reading.push(
          // allHeaders(): the cookie header too (headers() leaves it out); a replay may need it.
          Promise.all([res.text(), req.allHeaders()]).then(
            ([body, requestHeaders]) => {
              const url = new URL(res.url());
              json.push({
                method: req.method(),
                url: res.url(),
                query: Object.fromEntries(url.searchParams),
                requestHeaders,
                postData: req.postData(),
                status: res.status(),
                contentType,
                body: body.slice(0, MAX_BODY),
                seq,
              });
            },
            () => undefined,
          ),
        );
      });
    }
    if (options.headers) await page.setExtraHTTPHeaders(options.headers);
    const response = await page.goto(options.url, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
    if (!response) throw new QuarryError('upstream_error', `The browser got no answer for ${options.url}.`, { url: options.url, reason: 'network_error', upstream_status_code: null });
    if (options.waitFor) {
      const found = await waitForSelector(page, options.waitFor, deadline).catch(() => false);
      if (!found) throw new QuarryError('upstream_error', `"${options.waitFor}" did not appear on ${options.url} within ${timeoutMs} ms.`, { url: options.url, reason: 'timeout', upstream_status_code: response.status() });
    } else {
      await networkSettled(page, inflight, deadline);
    }
    if (options.search) await submitSearch(page, options.search, inflight, deadline);
    if (options.accept) await pressOnce(page, options.accept, inflight, deadline);
    const turns = options.scroll ?? (options.loadMore ? 5 : 0);
    for (let i = 0; i < turns && Date.now() < deadline; i++) {
      const before = await page.evaluate<string>(PAGE_SIZE_JS);
      if (options.loadMore) {
        const button = page.locator(options.loadMore).first();
        if (!(await button.isVisible().catch(() => false))) break;
        await button.click({ timeout: Math.max(1, deadline - Date.now()) }).catch(() => {});
      } else {
        await page.evaluate(SCROLL_JS);
      }
      inflight.last = Date.now();
      await networkSettled(page, inflight, deadline);
      const after = await page.evaluate<string>(PAGE_SIZE_JS);
      if (after === before) break;
    }
    await Promise.all(reading);
    const html = await page.evaluate<string>(CONTENT_JS);
    const cookies = options.accept ? (await page.context().cookies(page.url())).map((c) => ({ name: c.name, value: c.value })) : undefined;
    return { url: page.url(), status: response.status(), html, json: json.sort((a, b) => a.seq - b.seq), ...(cookies ? { cookies } : {}) };
  }, { timeoutMs, signal: options.signal });
}

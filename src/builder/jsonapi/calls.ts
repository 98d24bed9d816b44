/**
 * JSON calls a site's pages make, as the builder sees them: from the browser's network tab
 * (render/), from script text (explore/), from `__NEXT_DATA__` and Next.js data routes. A call
 * is replayable when our plain fetcher, given the same method, URL, body and the headers that
 * matter, gets the same kind of answer: then endpoints call it directly, without a browser.
 */
import type { Fetcher } from '../../fetch/types.js';
import { createPageContext, type PageContext } from '../../recipe/extract/index.js';
import { findRecordArrays } from './records.js';
import { rethrowUnless } from '../../errors/expected.js';

export interface ApiCall {
  method: 'GET' | 'POST';
  /** The full URL, query included. */
  url: string;
  /** Request headers worth replaying (content type, the site's own x-* and auth headers). */
  headers: Record<string, string>;
  /** Request body text (JSON, GraphQL, form); null for GET. */
  body: string | null;
  /** The parsed JSON answer. */
  response: unknown;
  via: 'rendered' | 'script' | 'next_data' | 'data_route' | 'embedded';
  /**
   * The records are a framework's data inside an HTML page (`nuxt`, `nuxt_data`, `rsc`,
   * `next_data`: recipe/extract/frameworks.ts), `response` the blob that holds them. Replaying
   * fetches the page and reads that kind of data again.
   */
  embedded?: string;
  /** The query parameter the site pages with, when the call's URL does not show it (the page's own next link). */
  pageKey?: string;
}

/** Headers a browser adds by itself (proxy-connection: our guard proxy's); the rest (x-csrf-token, authorization, x-api-key...) are the site's. */
const BROWSER_HEADERS = /^(?:accept|accept-encoding|accept-language|user-agent|referer|origin|cookie|connection|proxy-connection|host|content-length|sec-.*|upgrade-insecure-requests|cache-control|pragma|dnt|priority)$/i;

export function siteHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    const key = k.toLowerCase();
    if (!BROWSER_HEADERS.test(key) && !key.startsWith(':')) out[key] = v;
  }
  return out;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    rethrowUnless(err, 'json');
    return undefined;
  }
}

/** The blob of `kind` embedded in a page that holds the most records (null when none holds any). */
export function embeddedRecords(page: PageContext, kind: string): unknown {
  let best: unknown = null;
  let most = 0;
  for (const blob of page.embedded(kind)) {
    const n = recordCount(blob);
    if (n > most) [best, most] = [blob, n];
  }
  return best;
}

/** The record count of the best array in a JSON value (0 when none). */
export function recordCount(value: unknown): number {
  return findRecordArrays(value)[0]?.length ?? 0;
}

/**
 * Replays a call with the plain fetcher, with `headers` instead of the recorded ones (so the
 * question "does it work without X" can be asked). Answers the parsed JSON, or null.
 */
export async function replay(fetcher: Fetcher, call: Pick<ApiCall, 'method' | 'url' | 'body' | 'embedded'>, headers: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
  try {
    const res = await fetcher.fetch({
      url: call.url,
      method: call.method,
      headers: { accept: call.embedded ? 'text/html,application/xhtml+xml' : 'application/json', ...headers },
      ...(call.body !== null ? { body: call.body } : {}),
      signal,
      detectBlocks: false,
    });
    if (res.status < 200 || res.status >= 300) return null;
    if (call.embedded) return embeddedRecords(createPageContext({ url: res.url, contentType: res.contentType, text: res.text }), call.embedded);
    return parseJson(res.text) ?? null;
  } catch (err) {
    if (signal?.aborted) throw err;
    rethrowUnless(err, 'fetch');
    return null;
  }
}

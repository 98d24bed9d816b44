/**
 * The network tab: render a page in the browser and keep every JSON call it made that carries
 * records, with its request (method, URL, headers, body). One scroll to the bottom makes an
 * infinite list show how it pages.
 */
import type { BrowserEngine, RecordedJson } from '../../fetch/browser/index.js';
import { renderPage } from '../../fetch/browser/index.js';
import { type ApiCall, parseJson } from '../jsonapi/calls.js';

export interface RenderedSample {
  url: string;
  html: string;
  calls: ApiCall[];
  /** Every JSON response, records or not (for the log). */
  recorded: RecordedJson[];
}

export function callOf(r: RecordedJson): ApiCall | null {
  const response = parseJson(r.body);
  if (response === undefined || r.status < 200 || r.status >= 300) return null;
  const method = r.method === 'POST' ? 'POST' : r.method === 'GET' ? 'GET' : null;
  if (!method) return null;
  return { method, url: r.url, headers: r.requestHeaders, body: method === 'POST' ? r.postData : null, response, via: 'rendered' };
}

export async function renderSample(engine: BrowserEngine, url: string, signal: AbortSignal, timeoutMs?: number): Promise<RenderedSample> {
  const result = await renderPage(engine, { url, scroll: 1, signal, timeoutMs });
  const calls = result.json.map(callOf).filter((c): c is ApiCall => c !== null);
  return { url: result.url, html: result.html, calls, recorded: result.json };
}

/**
 * The search a visitor makes: the page rendered, `word` typed into its search field and sent.
 * Answers the JSON calls that followed whose request carries the word (query or body).
 */
export async function renderSearch(engine: BrowserEngine, url: string, field: string, word: string, signal: AbortSignal): Promise<ApiCall[]> {
  const result = await renderPage(engine, { url, search: { selector: field, text: word }, signal });
  const carries = (r: RecordedJson) => `${decodeURIComponent(r.url.replace(/\+/g, ' '))} ${r.postData ?? ''}`.toLowerCase().includes(word.toLowerCase());
  return result.json.filter(carries).map(callOf).filter((c): c is ApiCall => c !== null);
}

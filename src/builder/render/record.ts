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

/**
 * JSON endpoints a page's scripts call: `fetch('/api/...')`, axios/jQuery calls, XHR opens,
 * string literals naming `/api/` paths or `.json` files, and data-* attributes holding such
 * URLs. Template-literal holes and trailing concatenations (`'?page=' + n`) are filled with 1,
 * the first page, so that the URL can be probed.
 */
import type { Element } from 'domhandler';
import type { PageContext } from '../../recipe/extract/index.js';
import { resolveHref } from './links.js';
import { rethrowUnless } from '../../errors/expected.js';

export type EndpointVia = 'fetch_call' | 'api_path' | 'json_url' | 'data_attribute';

export interface ScriptEndpoint {
  url: string;
  via: EndpointVia;
}

const CALL = /(?:\bfetch|\baxios(?:\.get)?|\$\.getJSON|\$\.get|\.open\(\s*["']GET["']\s*,)\s*\(?\s*(["'`])((?:(?!\1)[^\\\n]|\\.){1,300})\1(\s*\+)?/g;
const AJAX_URL = /\burl\s*:\s*(["'`])((?:(?!\1)[^\\\n]){1,300})\1(\s*\+)?/g;
const LITERAL = /(["'`])((?:https?:\/\/[^"'`\s]+|\/)[^"'`\s<>]{0,300}?)\1(\s*\+)?/g;

function fill(raw: string, concatenated: boolean): string {
  let url = raw.replace(/\$\{[^}]*\}/g, '1');
  // '/api/items?page=' + page: the value comes from a variable; the first page is 1.
  if (concatenated && /[=/]$/.test(url)) url += '1';
  return url;
}

function looksLikeJsonEndpoint(url: string): boolean {
  let path: string;
  try {
    const parsed = new URL(url);
    path = parsed.pathname + parsed.search;
  } catch (err) {
    rethrowUnless(err, 'url');
    return false;
  }
  return /(?:^|\/)api(?:\/|$)|\/graphql\b|\.json(?:$|\?)|\/wp-json\//i.test(path) || /[?&](?:format|output)=json\b/i.test(path);
}

/** A collector of endpoint URLs resolved against the page (scripts call relative to the document). */
function collector(base: string, isOnSite: (url: string) => boolean) {
  const found = new Map<string, ScriptEndpoint>();
  const add = (raw: string, via: EndpointVia, concatenated = false) => {
    const url = resolveHref(fill(raw, concatenated), base);
    if (!url || !isOnSite(url) || found.has(url)) return;
    if (via !== 'fetch_call' && !looksLikeJsonEndpoint(url)) return;
    found.set(url, { url, via: via === 'api_path' && /\.json(?:$|\?)/.test(url) ? 'json_url' : via });
  };
  return { add, list: () => [...found.values()] };
}

export function scriptEndpoints(ctx: PageContext, isOnSite: (url: string) => boolean): ScriptEndpoint[] {
  if (ctx.isJson) return [];
  const $ = ctx.$;
  const { add, list } = collector(ctx.baseUrl(), isOnSite);
  $('script').each((_, node) => {
    const el = node as Element;
    const type = (el.attribs.type ?? '').toLowerCase();
    if (el.attribs.src || /json|template|html/.test(type)) return;
    scanScriptText($(el).text(), add);
  });
  $('[data-url], [data-src], [data-endpoint], [data-api], [data-source], [data-feed]').each((_, node) => {
    const el = node as Element;
    for (const attr of ['data-url', 'data-endpoint', 'data-api', 'data-source', 'data-feed', 'data-src']) {
      const value = el.attribs[attr];
      if (value) add(value, 'data_attribute');
    }
  });
  return list();
}

/** Endpoints named in a script file's source; relative URLs resolve against the page using it. */
export function endpointsInScript(source: string, pageBase: string, isOnSite: (url: string) => boolean): ScriptEndpoint[] {
  const { add, list } = collector(pageBase, isOnSite);
  scanScriptText(source, add);
  return list();
}

/** Scans one script's source (inline or fetched) for endpoint URLs. */
function scanScriptText(source: string, add: (raw: string, via: EndpointVia, concatenated?: boolean) => void): void {
  const text = source.slice(0, 500_000);
  for (const m of text.matchAll(CALL)) add(m[2], 'fetch_call', Boolean(m[3]));
  for (const m of text.matchAll(AJAX_URL)) add(m[2], 'fetch_call', Boolean(m[3]));
  for (const m of text.matchAll(LITERAL)) add(m[2], 'api_path', Boolean(m[3]));
}

/** Same-site script files of a page (for single-page apps whose HTML holds no data). */
export function scriptFiles(ctx: PageContext, isOnSite: (url: string) => boolean): string[] {
  if (ctx.isJson) return [];
  const $ = ctx.$;
  return ($('script[src]').toArray() as Element[])
    .map((el) => resolveHref(el.attribs.src, ctx.baseUrl()))
    .filter((u): u is string => u !== null && isOnSite(u));
}

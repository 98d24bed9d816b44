/**
 * Tokens a JSON call needs that the page hands out: a CSRF token in a <meta> tag, an API key
 * in a script, a cookie the page sets. For each header or query value the plain replay fails
 * without, we look for that exact value in the entry page's HTML and make recipe steps that
 * fetch the page and read the value again on every call (tokens expire; the recipe never
 * stores one). Cookies need no step: the call's cookie jar keeps what the page request set.
 */
import * as cheerio from 'cheerio';
import type { Source, Step } from '../../recipe/types.js';
import { escapeRegExp } from '../../util/regex.js';

export interface TokenNeed {
  /** Where the token goes: a request header or a query parameter. */
  in: 'header' | 'query';
  name: string;
  value: string;
}

export interface TokenPlan {
  /** Steps that fetch the entry page (kept as var `shell`) and read each token into a var. */
  steps: Step[];
  /** Templates for the call: header or query name -> `{api_token_N}`. */
  headers: Record<string, string>;
  query: Record<string, string>;
}

/** Where `value` sits in the page: a meta tag's content, an input's value, or `key: "value"` in a script. */
export function tokenSource(html: string, value: string): Source | null {
  if (value.length < 6) return null;
  const $ = cheerio.load(html);
  const meta = $('meta').toArray().find((m) => $(m).attr('content') === value);
  if (meta) {
    const name = $(meta).attr('name') ?? $(meta).attr('property');
    if (name) return { css: `meta[name="${name}"]`, attr: 'content' };
  }
  const input = $('input').toArray().find((m) => $(m).attr('value') === value);
  if (input && $(input).attr('name')) return { css: `input[name="${$(input).attr('name')}"]`, attr: 'value' };
  const keyed = new RegExp(`["']?([A-Za-z_$][\\w$-]*)["']?\\s*[:=]\\s*["']${escapeRegExp(value)}["']`).exec(html);
  if (keyed) return { regex: `["']?${escapeRegExp(keyed[1])}["']?\\s*[:=]\\s*["']([^"']+)["']`, group: 1, on: 'html' };
  return null;
}

/** Steps for the tokens; null when one of them is nowhere in the page. */
export function planTokens(needs: TokenNeed[], entryUrl: string, html: string): TokenPlan | null {
  const plan: TokenPlan = { steps: [{ type: 'request', url: entryUrl, expect: 'html', as: 'shell' }], headers: {}, query: {} };
  for (const [i, need] of needs.entries()) {
    const source = tokenSource(html, need.value);
    if (!source) return null;
    const name = `api_token_${i + 1}`;
    plan.steps.push({ type: 'extract', from: 'shell', into: name, extract: { kind: 'value', field: { sources: [source], required: true } } });
    (need.in === 'header' ? plan.headers : plan.query)[need.name] = `{${name}}`;
  }
  return plan;
}

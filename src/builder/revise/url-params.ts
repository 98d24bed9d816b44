/**
 * Between a detail endpoint's URL template and the site's URLs: the parameters that would make
 * a known URL (`/catalogue/{id}/index.html` + `/catalogue/olio_1016/index.html` -> `{id:
 * "olio_1016"}`), so an endpoint can be tested on pages the site links to today; and the URL a
 * set of parameters makes, so its pages can be fetched for induction.
 */
import type { EndpointRecipe, JsonSchema } from '../../recipe/types.js';
import { fillString, resolveUrl } from '../../recipe/index.js';
import { paramSchemaOf } from './anatomy.js';
import { rethrowUnless } from '../../errors/expected.js';
import { escapeRegExp } from '../../util/regex.js';

function absoluteTemplate(template: string, base: string): string {
  if (/^https?:\/\//i.test(template) || /^\{\+/.test(template)) return template;
  try {
    const origin = new URL(base).origin;
    return template.startsWith('/') ? origin + template : new URL(template, base).href;
  } catch (err) {
    rethrowUnless(err, 'url');
    return template;
  }
}

function typed(value: string, schema: JsonSchema | undefined): unknown {
  if (schema?.type === 'integer' || schema?.type === 'number') return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : undefined;
  return value;
}

function acceptable(value: unknown, schema: JsonSchema | undefined): boolean {
  if (value === undefined || value === '') return false;
  if (typeof schema?.pattern === 'string' && typeof value === 'string') {
    try {
      return new RegExp(schema.pattern, 'u').test(value);
    } catch (err) {
      rethrowUnless(err, 'pattern');
      return true;
    }
  }
  return true;
}

/** The endpoint's parameters that produce `url`, or null when the template cannot make it. */
export function paramsFromUrl(template: string, url: string, base: string, ep: EndpointRecipe): Record<string, unknown> | null {
  const full = absoluteTemplate(template, base);
  const names: string[] = [];
  let source = '^';
  let last = 0;
  for (const m of full.matchAll(/\{(\+?)([A-Za-z_]\w*)\}/g)) {
    source += escapeRegExp(full.slice(last, m.index));
    source += m[1] === '+' ? '(.+?)' : '([^/?#]+)';
    names.push(m[2]);
    last = (m.index ?? 0) + m[0].length;
  }
  if (names.length === 0) return null;
  source += escapeRegExp(full.slice(last)) + '$';
  const match = new RegExp(source).exec(url.split('#')[0]);
  if (!match) return null;
  const params: Record<string, unknown> = {};
  for (const [i, name] of names.entries()) {
    const schema = paramSchemaOf(ep, name);
    let raw = match[i + 1];
    try {
      raw = decodeURIComponent(raw);
    } catch (err) {
      rethrowUnless(err, 'uri');
      return null;
    }
    const value = typed(raw, schema);
    if (!acceptable(value, schema)) return null;
    params[name] = value;
  }
  return params;
}

/** The absolute URL a request template makes with these parameters. */
export function urlFor(template: string, params: Record<string, unknown>, base: string): string | null {
  const filled = fillString(template, { params, vars: { source_url: base } }, 'url');
  return resolveUrl(filled, base);
}

/**
 * Evaluates one Source in a scope, returning every match in document order. A match carries
 * its value and, for HTML sources, the element it came from (nested `fields` read inside it).
 */
import type { Element } from 'domhandler';
import type { Source } from '../types.js';
import type { PageContext } from './page-context.js';
import { evaluatePath } from './json-path.js';
import { jsonLdObjects, jsonLdResolver } from './jsonld.js';
import { microdataElements, microdataValue } from './microdata.js';
import { foldLabel, labelValues } from './labels.js';
import { readTables } from './tables.js';
import { fillValue } from '../template.js';
import { decodeEntities, ownText } from './text.js';
import { isEmpty } from './transforms/index.js';
import { rethrowUnless } from '../../errors/expected.js';

/** Where fields are read: an HTML element (null = the whole page) or a JSON value. */
export type Scope = { kind: 'html'; el: Element | null } | { kind: 'json'; value: unknown };

export interface Match {
  value: unknown;
  el?: Element;
}

export interface SourceEnv {
  page: PageContext;
  params: Record<string, unknown>;
  vars: Record<string, unknown>;
}

const SELF_SELECTORS = new Set(['', '.', ':scope', '&']);

/**
 * A schema.org type's name where a value belongs (`"performer": "Organization"`): a plugin wrote
 * the type it meant to fill, not a value.
 */
const TYPE_NAMES = new Set(['Thing', 'Organization', 'Person', 'Place', 'PerformingGroup', 'MusicGroup', 'Brand', 'Offer', 'PostalAddress', 'Event', 'Product', 'CreativeWork']);
const isTypeName = (value: unknown): boolean => typeof value === 'string' && TYPE_NAMES.has(value.trim());

export function evaluateSource(source: Source, scope: Scope, env: SourceEnv): Match[] {
  const ctx = env.page;
  if ('css' in source) return cssMatches(ctx, source, scope);
  if ('jsonld' in source) {
    const out: Match[] = [];
    const resolve = jsonLdResolver(ctx);
    // The first object (in document order) where the path leads somewhere: a page describing
    // one entity twice (Recipe and NewsArticle) must not give every value twice.
    for (const obj of jsonLdObjects(ctx, source.jsonld.type)) {
      const values = source.jsonld.path ? evaluatePath(obj, source.jsonld.path, resolve) : [obj];
      for (const v of values) out.push(...spread(v).filter((value) => !isTypeName(value)).map((value) => ({ value: decodeJsonStrings(value) })));
      if (out.some((m) => !isEmpty(m.value))) return out;
      out.length = 0;
    }
    return out;
  }
  if ('microdata' in source) {
    if (scope.kind !== 'html') return [];
    return microdataElements(ctx, source.microdata, scope.el).map((el) => ({ el, value: microdataValue(ctx, el) }));
  }
  if ('meta' in source) {
    return (ctx.metaTags().get(source.meta.toLowerCase()) ?? []).map((value) => ({ value }));
  }
  if ('json' in source) return jsonMatches(ctx, source, scope);
  if ('label' in source) return labelMatches(ctx, source, scope);
  if ('regex' in source) return regexMatches(ctx, source, scope);
  if ('table' in source) {
    const within = scope.kind === 'html' ? scope.el : null;
    return readTables(ctx, source.table, within).map((value) => ({ value }));
  }
  if ('page_url' in source) return [{ value: ctx.page.url }];
  if ('template' in source) return spread(fillValue(source.template, { params: env.params, vars: env.vars })).map((value) => ({ value }));
  if ('const' in source) return spread(source.const).map((value) => ({ value }));
  return [];
}

/** Arrays become one match per element; null/undefined become none. */
function spread(value: unknown): unknown[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap(spread);
  return [value];
}

/** JSON-LD strings often carry HTML entities (`&amp;`); decode them once here. */
function decodeJsonStrings(value: unknown): unknown {
  return typeof value === 'string' ? decodeEntities(value) : value;
}

function cssMatches(ctx: PageContext, source: { css: string; attr?: string; text_mode?: 'full' | 'own' }, scope: Scope): Match[] {
  if (scope.kind !== 'html') return [];
  const selector = source.css.trim();
  const within = scope.el;
  const elements = SELF_SELECTORS.has(selector)
    ? within
      ? [within]
      : []
    : ctx.selection(within, selector, () => selectElements(ctx, selector, within));
  return elements.map((el) => ({ el, value: nodeValue(ctx, el, source.attr, source.text_mode) }));
}

function selectElements(ctx: PageContext, selector: string, within: Element | null): Element[] {
  try {
    let elements = ctx.query(selector, within);
    // Browsers insert <tbody>; our parser keeps the markup as written. A selector copied from
    // a browser's inspector still works.
    if (elements.length === 0 && /\btbody\b/.test(selector)) {
      const withoutTbody = selector.replace(/\btbody\s*>\s*/g, '').replace(/\s*>\s*tbody\b/g, '').replace(/\btbody\b\s*/g, '');
      elements = ctx.query(withoutTbody, within);
    }
    // A list item that is itself the wanted element (`a` items read with `css: 'a'`).
    if (elements.length === 0 && within && ctx.$(within).is(selector)) elements = [within];
    return elements;
  } catch (err) {
    rethrowUnless(err, 'selector');
    return []; // an invalid selector matches nothing rather than failing the whole record
  }
}

function nodeValue(ctx: PageContext, el: Element, attr: string | undefined, mode: 'full' | 'own' | undefined): unknown {
  if (attr === undefined || attr === 'text') return mode === 'own' ? ownText(el) : ctx.text(el);
  if (attr === 'own_text') return ownText(el);
  if (attr === 'html') return ctx.$(el).html() ?? '';
  if (attr === 'outer_html') return ctx.$.html(el);
  const value = el.attribs?.[attr];
  return value === undefined ? null : value;
}

function jsonMatches(ctx: PageContext, source: { json: string; embedded?: string }, scope: Scope): Match[] {
  let roots: unknown[];
  if (scope.kind === 'json' && !source.embedded) roots = [scope.value];
  else if (source.embedded) roots = ctx.embedded(source.embedded);
  else if (ctx.isJson) roots = [ctx.jsonBody()];
  else roots = [...ctx.embedded('next_data'), ...ctx.embedded('script_json')];
  for (const root of roots) {
    const values = evaluatePath(root, source.json).flatMap(spread);
    if (values.length > 0) return values.map((value) => ({ value: decodeJsonStrings(value) }));
  }
  return [];
}

function labelMatches(ctx: PageContext, source: { label: string | string[]; scope?: string; first?: boolean }, scope: Scope): Match[] {
  const labels = Array.isArray(source.label) ? source.label : [source.label];
  if (scope.kind === 'json') {
    // A record read from JSON or a table: the label names a key.
    const value = scope.value;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
    const wanted = new Set(labels.map(foldLabel));
    return Object.entries(value as Record<string, unknown>)
      .filter(([k]) => wanted.has(foldLabel(k)))
      .flatMap(([, v]) => spread(v).map((x) => ({ value: x })));
  }
  let withins: Array<Element | null> = [scope.el];
  if (source.scope) {
    try {
      withins = ctx.query(source.scope, scope.el);
    } catch (err) {
      rethrowUnless(err, 'selector'); // an invalid scope selector scopes nothing
      return [];
    }
  }
  let found = withins.flatMap((w) => labelValues(ctx, labels, w));
  if (source.first && found.length > 0) found = found.filter((m) => m.labelEl === found[0].labelEl);
  return found.map((m) => ({ el: m.el, value: m.value }));
}

function regexMatches(
  ctx: PageContext,
  source: { regex: string; flags?: string; group?: number; on?: 'text' | 'html' },
  scope: Scope,
): Match[] {
  let subject: string;
  if (scope.kind === 'json') subject = typeof scope.value === 'string' ? scope.value : JSON.stringify(scope.value ?? '');
  else if (source.on === 'html') subject = scope.el ? ctx.$.html(scope.el) : ctx.page.text;
  else subject = ctx.text(scope.el ?? ctx.$.root()[0]);
  let re: RegExp;
  try {
    const flags = source.flags ?? '';
    re = new RegExp(source.regex, flags.includes('g') ? flags : `${flags}g`);
  } catch (err) {
    rethrowUnless(err, 'pattern'); // a pattern that does not compile matches nothing
    return [];
  }
  const all = [...subject.matchAll(re)];
  const picked = (source.flags ?? '').includes('g') ? all : all.slice(0, 1);
  return picked
    .map((m) => {
      const group = source.group ?? (m.length > 1 ? 1 : 0);
      return m[group];
    })
    .filter((v): v is string => v !== undefined)
    .map((value) => ({ value }));
}

/**
 * Templates: strings with `{name}` placeholders filled from the run's params, then its vars.
 *
 * - `{name}` inside a URL (request.url, render.url, login.url) is percent-encoded, so a
 *   parameter can be a path segment or a query value without breaking the URL.
 * - `{+name}` is inserted as is (a whole URL or a path).
 * - `{%name}` is always percent-encoded: a value inside a form-encoded string that is itself a
 *   JSON value (a hosted search's `{"params": "query={%query}&page=0"}`), where no encoder runs.
 * - Elsewhere (query, form, header and JSON values, `set`, `shape.meta`) both forms insert the
 *   value as is: the query/form/JSON encoder escapes it once, and escaping here would double it.
 * - A dotted name reaches into objects and arrays: `{item.url}`, `{rows.0.id}`.
 * - A missing value becomes the empty string (or `undefined` for a whole-value template).
 */

/** What templates can see. Params win over vars of the same name (validate.ts forbids the clash). */
export interface TemplateScope {
  params: Readonly<Record<string, unknown>>;
  vars: Readonly<Record<string, unknown>>;
}

export interface TemplateRef {
  /** The dotted name, e.g. `item.url`. */
  name: string;
  /** The first segment: the param or var looked up. */
  root: string;
  /** `{+name}`: inserted without encoding. */
  raw: boolean;
}

const PLACEHOLDER = /\{([+%]?)([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\}/g;
const WHOLE_PLACEHOLDER = /^\{\+?([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\}$/;

/** Every placeholder of a template, in order (for validation). */
export function templateRefs(template: string): TemplateRef[] {
  const refs: TemplateRef[] = [];
  for (const m of template.matchAll(PLACEHOLDER)) {
    const name = m[2]!;
    refs.push({ name, root: name.split('.')[0]!, raw: m[1] === '+' });
  }
  return refs;
}

/** The value of a dotted name: params first, then vars; undefined when any segment is missing. */
export function lookup(scope: TemplateScope, name: string): unknown {
  const [root, ...rest] = name.split('.');
  let value: unknown;
  if (Object.hasOwn(scope.params, root!)) value = scope.params[root!];
  else if (Object.hasOwn(scope.vars, root!)) value = scope.vars[root!];
  else return undefined;
  for (const segment of rest) value = child(value, segment);
  return value;
}

function child(value: unknown, segment: string): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    if (segment === 'length') return value.length;
    return /^\d+$/.test(segment) ? value[Number(segment)] : undefined;
  }
  // Own properties only: a template must never reach `constructor` or `__proto__`.
  return Object.hasOwn(value, segment) ? (value as Record<string, unknown>)[segment] : undefined;
}

/** How a value reads inside a string: empty for nothing, JSON for objects, commas for lists. */
export function stringify(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(stringify).join(',');
  return JSON.stringify(value) ?? '';
}

/**
 * Fill a template into a string. `url` mode percent-encodes `{name}` (not `{+name}`); `raw` mode
 * inserts every value as is.
 */
export function fillString(template: string, scope: TemplateScope, mode: 'url' | 'raw' = 'raw'): string {
  return template.replace(PLACEHOLDER, (_match, plus: string, name: string) => {
    const value = lookup(scope, name);
    if (plus === '%') return Array.isArray(value) ? value.map((v) => encodeURIComponent(stringify(v))).join(',') : encodeURIComponent(stringify(value));
    if (mode === 'raw' || plus === '+') return stringify(value);
    if (Array.isArray(value)) return value.map((v) => encodeURIComponent(stringify(v))).join(',');
    return encodeURIComponent(stringify(value));
  });
}

/**
 * Fill a template that stands for a value: a string that is exactly one placeholder gives the
 * value itself (a number stays a number, a list stays a list); anything else gives a string.
 */
export function fillValue(template: string, scope: TemplateScope): unknown {
  const whole = WHOLE_PLACEHOLDER.exec(template);
  if (whole) return lookup(scope, whole[1]!);
  return fillString(template, scope, 'raw');
}

/** Fill every string leaf of a JSON-like value (objects and arrays are copied, not changed). */
export function fillDeep(value: unknown, scope: TemplateScope): unknown {
  if (typeof value === 'string') return fillValue(value, scope);
  if (Array.isArray(value)) return value.map((v) => fillDeep(v, scope));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = fillDeep(v, scope);
    return out;
  }
  return value;
}

/** Resolve a possibly relative URL against a base (the recipe's source_url); null when invalid. */
export function resolveUrl(url: string, base: string): string | null {
  try {
    const resolved = new URL(url, base);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : null;
  } catch {
    return null;
  }
}

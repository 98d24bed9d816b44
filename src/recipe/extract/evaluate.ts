/**
 * Evaluates an Extraction over a page. Pure: no I/O, no clock, no randomness.
 *
 * Field rules
 * - Sources are tried in order; the first whose matches survive the field's transforms as a
 *   non-empty value wins (so a failing `number` on the first source falls back to the next).
 * - `many` keeps every match of the winning source (empty items dropped); otherwise the first
 *   match is used, unless the transforms hold a list transform (join/first/last/unique), which
 *   then sees all matches.
 * - `fields` reads a nested record inside each matched element (or JSON value).
 * - Strings are white-space-collapsed and trimmed; a JSON-LD object used as a plain value
 *   reads as its `name` (or `@value`, `url`, `@id`). Missing values are null (`[]` with `many`).
 * `required` is not enforced here: see `emptyRequiredFields`.
 */
import type { Element } from 'domhandler';
import type { ComputedValue, Extraction, FieldSpec, Source, Transform } from '../types.js';
import { createPageContext, type PageContext, type PageInput } from './page-context.js';
import { evaluatePath } from './json-path.js';
import { evaluateSource, type Match, type Scope, type SourceEnv } from './sources.js';
import { applyTransforms, isEmpty, type TransformEnv } from './transforms/index.js';
import { collapseDoubledBrackets, collapseWhitespace, isHeaderLine, isHeading } from './text.js';
import { currentPriceIn, shownOnlyStruck } from './struck-prices.js';
import { readPageLocale } from './page-locale.js';
import { rethrowUnless } from '../../errors/expected.js';

export interface ExtractContext {
  params?: Record<string, unknown>;
  vars?: Record<string, unknown>;
}

const LIST_OPS = new Set<Transform['op']>(['join', 'first', 'last', 'unique']);

export function evaluateExtraction(extraction: Extraction, page: PageInput | PageContext, ctx: ExtractContext = {}): unknown {
  const env: SourceEnv = { page: createPageContext(page), params: ctx.params ?? {}, vars: ctx.vars ?? {} };
  const root: Scope = { kind: 'html', el: null };
  switch (extraction.kind) {
    case 'object':
      return readRecord(extraction.fields, extraction.scope ? scopeFor(env, extraction.scope) : root, env);
    case 'list': {
      const items = limit(selectAll(env.page, extraction.items, null), extraction.limit);
      return items.map((el) => readRecord(extraction.fields, { kind: 'html', el }, env));
    }
    case 'json_list': {
      const records = jsonRecords(env.page, extraction.path, extraction.embedded);
      return limit(records, extraction.limit).map((value) => readRecord(extraction.fields, { kind: 'json', value }, env));
    }
    case 'value':
      return evaluateField(extraction.field, root, env);
  }
}

/** Evaluate one field on a page (handy for induction: try a candidate FieldSpec alone). */
export function evaluateFieldOnPage(field: FieldSpec, page: PageInput | PageContext, ctx: ExtractContext = {}): unknown {
  const env: SourceEnv = { page: createPageContext(page), params: ctx.params ?? {}, vars: ctx.vars ?? {} };
  return evaluateField(field, { kind: 'html', el: null }, env);
}

function limit<T>(list: T[], max: number | undefined): T[] {
  return max !== undefined && max >= 0 ? list.slice(0, max) : list;
}

function selectAll(ctx: PageContext, selector: string, within: Element | null): Element[] {
  try {
    return ctx.query(selector, within);
  } catch (err) {
    // A selector the engine cannot parse matches nothing; a programming error surfaces.
    rethrowUnless(err, 'selector');
    return [];
  }
}

/** The scope element of an object extraction; a missing scope reads only page-wide sources. */
function scopeFor(env: SourceEnv, selector: string): Scope {
  const el = selectAll(env.page, selector, null)[0];
  return el ? { kind: 'html', el } : { kind: 'json', value: null };
}

function jsonRecords(ctx: PageContext, path: string, embedded?: string): unknown[] {
  const roots = embedded ? ctx.embedded(embedded) : ctx.isJson ? [ctx.jsonBody()] : [...ctx.embedded('next_data'), ...ctx.embedded('script_json')];
  for (const root of roots) {
    // A null is no record: GraphQL answers `{product: null}` for a key it does not know.
    const values = evaluatePath(root, path).flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v) => v !== null && v !== undefined);
    if (values.length > 0) return values;
  }
  return [];
}

function readRecord(fields: Record<string, FieldSpec>, scope: Scope, env: SourceEnv): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(fields)) out[name] = evaluateField(spec, scope, env);
  // Computed fields fill in from their siblings only where the page gave no value of its own.
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.compute && isEmpty(out[name])) out[name] = computeValue(spec.compute, out);
  }
  return out;
}

function computeValue(compute: ComputedValue, record: Record<string, unknown>): number | null {
  let total = 0;
  for (const name of compute.fields) {
    const v = record[name];
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (!Number.isFinite(n)) return null;
    total += n;
  }
  return total;
}

function evaluateField(spec: FieldSpec, scope: Scope, env: SourceEnv): unknown {
  const transformEnv: TransformEnv = { baseUrl: env.page.baseUrl(), locale: () => readPageLocale(env.page) };
  const wantsList = spec.many === true || (spec.transforms ?? []).some((t) => LIST_OPS.has(t.op));
  let struck: unknown = null;
  let first: unknown = null;
  for (const source of spec.sources) {
    const read = readSource(source, spec, scope, env, wantsList, transformEnv);
    if (!read) continue;
    const { result, block } = read;
    if (spec.unless_struck && typeof result === 'number' && shownOnlyStruck(env.page, result)) {
      // A price block shows the former price first and the current, lower one after it (a
      // discount's "-50" is neither).
      const current = block ? currentPriceIn(env.page, block) : null;
      const now = current ? applyTransforms(env.page.text(current), spec.transforms, transformEnv) : null;
      if (typeof now === 'number' && now > 0 && now < result && !shownOnlyStruck(env.page, now)) return now;
      struck ??= result;
      continue;
    }
    if (!spec.prefer_values || (typeof result === 'string' && spec.prefer_values.includes(result))) return result;
    // A preferred value a later source reads wins over this one (see FieldSpec.prefer_values).
    first ??= result;
  }
  if (first !== null) return first;
  if (struck !== null) return struck;
  const fallback = applyTransforms(spec.many ? [] : null, spec.transforms, transformEnv);
  return fallback ?? null;
}

/** One source's value after the field's transforms, and the element it came from; null when empty. */
function readSource(
  source: Source,
  spec: FieldSpec,
  scope: Scope,
  env: SourceEnv,
  wantsList: boolean,
  transformEnv: TransformEnv,
): { result: unknown; block: Element | undefined } | null {
  const matches = evaluateSource(source, scope, env).filter((m) => !isEmpty(m.value) || m.el !== undefined);
  if (matches.length === 0) return null;
  const picked = wantsList ? dropGroupTitles(matches) : matches.slice(0, 1);
  const read = picked.flatMap((m) => (wantsList ? linesOf(m, spec) : null) ?? [matchValue(m, spec, env)]).filter((v) => !isEmpty(v));
  const values = wantsList ? oneCopy(read) : read;
  if (values.length === 0) return null;
  let result = applyTransforms(wantsList ? values : values[0], spec.transforms, transformEnv);
  if (spec.many && Array.isArray(result)) result = result.filter((v) => !isEmpty(v));
  return isEmpty(result) ? null : { result, block: picked[0].el };
}


/**
 * A list the page renders twice (a desktop and a mobile copy, a print view beside the screen
 * view) reads as the same run of values repeated: one copy is the list.
 */
function oneCopy(values: unknown[]): unknown[] {
  const n = values.length;
  const keys = values.map((v) => JSON.stringify(v));
  for (let period = 1; period <= n / 2; period++) {
    if (n % period !== 0) continue;
    if (keys.every((k, i) => k === keys[i % period])) return values.slice(0, period);
  }
  return values;
}

/**
 * A group title inside a list ("<li><h3>For the dough</h3></li>", "Pour le gâteau :") introduces
 * the items after it; it is not an item. Dropped only from a list that has other items, so a
 * field asking for the titles themselves still gets them.
 */
function dropGroupTitles(matches: Match[]): Match[] {
  if (matches.length < 2) return matches;
  const items = matches.filter((m) => !isGroupTitle(m));
  return items.length > 0 ? items : matches;
}

function isGroupTitle(m: Match): boolean {
  if (typeof m.value === 'string' && isHeaderLine(collapseWhitespace(m.value))) return true;
  if (!m.el || isHeading(m.el)) return false;
  const content = m.el.children.filter((c) => c.type === 'tag' || (c.type === 'text' && 'data' in c && String(c.data).trim() !== ''));
  return content.length === 1 && content[0].type === 'tag' && isHeading(content[0] as Element);
}

/**
 * A structured value that is one string of several lines where a list is wanted (a CMS that
 * fills `recipeIngredient` with a text block): its lines are the list's values.
 */
function linesOf(m: Match, spec: FieldSpec): string[] | null {
  if (spec.fields || m.el !== undefined || typeof m.value !== 'string' || !/[\r\n]/.test(m.value)) return null;
  const lines = m.value.split(/\r?\n|\r/).map(collapseWhitespace).filter((l) => l && !isHeaderLine(l));
  return lines.length > 1 ? lines : null;
}

function matchValue(m: Match, spec: FieldSpec, env: SourceEnv): unknown {
  if (spec.fields) {
    const scope: Scope = m.el ? { kind: 'html', el: m.el } : { kind: 'json', value: m.value };
    const record = readRecord(spec.fields, scope, env);
    return Object.values(record).every(isEmpty) ? null : record;
  }
  return plainValue(m.value);
}

function plainValue(value: unknown): unknown {
  if (typeof value === 'string') return collapseDoubledBrackets(collapseWhitespace(value));
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    for (const key of ['@value', 'name', 'url', 'contentUrl', '@id']) {
      const v = obj[key];
      if (typeof v === 'string' || typeof v === 'number') return typeof v === 'string' ? collapseWhitespace(v) : v;
    }
  }
  return value;
}

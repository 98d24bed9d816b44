/**
 * Transforms clean and type an extracted value. A value may be a scalar or a list: element
 * transforms (number, trim, map...) apply to each item of a list, list transforms (join, first,
 * last, unique) to the list as a whole, and `split` turns a string into a list.
 * A transform that cannot read its input yields null (never throws).
 */
import type { PageLocale } from '../../language/index.js';
import type { Transform } from '../../types.js';
import { collapseWhitespace, fold } from '../text.js';
import { currencyAmount, currencyCode, withSiteCurrency } from './currency.js';
import { isoDate } from './dates.js';
import { durationMinutes } from './durations.js';
import { parseInteger, parseNumber } from './numbers.js';

export { parseNumber, parseInteger } from './numbers.js';
export { currencyAmount, currencyCode, readCurrency, withSiteCurrency, CURRENCY_SIGNS, type CurrencyReading } from './currency.js';
export { isoDate, parseDate } from './dates.js';
export { durationMinutes } from './durations.js';

export interface TransformEnv {
  /** Base for `absolute_url` (the page's <base href> or URL). */
  baseUrl: string;
  /**
   * The page's locale (read on first use): it decides a currency sign several currencies share,
   * the decimal separator and the order of a numeric date.
   */
  locale?: () => PageLocale;
}

const DEFAULT_TRUE = ['true', 'yes', 'y', '1', 'on', 'si', 'sí', 'ja', 'oui', 'tak', 'instock', 'in stock', 'available'];

export function applyTransforms(value: unknown, transforms: Transform[] | undefined, env: TransformEnv): unknown {
  let current = value;
  for (const t of transforms ?? []) current = applyOne(current, t, env);
  return current;
}

function applyOne(value: unknown, t: Transform, env: TransformEnv): unknown {
  switch (t.op) {
    case 'join':
      return Array.isArray(value) ? value.filter((v) => !isEmpty(v)).map(String).join(t.separator ?? ', ') : value;
    case 'first':
      return Array.isArray(value) ? (value[0] ?? null) : value;
    case 'last':
      return Array.isArray(value) ? (value[value.length - 1] ?? null) : value;
    case 'unique':
      return Array.isArray(value) ? uniqueValues(value) : value;
    case 'split': {
      const at = 'pattern' in t ? safeRegExp(t.pattern, splitFlags(t.flags)) : t.separator;
      if (at === null) return value;
      const parts = (v: unknown): unknown[] =>
        typeof v === 'string' ? v.split(at).map((p) => collapseWhitespace(p)).filter(Boolean) : [v];
      return Array.isArray(value) ? value.flatMap(parts) : value === null || value === undefined ? value : parts(value);
    }
    case 'default':
      return isEmpty(value) ? t.value : value;
    default:
      return Array.isArray(value) ? value.map((v) => applyElement(v, t, env)) : applyElement(value, t, env);
  }
}

function uniqueValues(list: unknown[]): unknown[] {
  const seen = new Set<string>();
  return list.filter((v) => {
    const key = typeof v === 'string' ? v : JSON.stringify(v);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Punctuation alone: a table's "-" or "—" in a value cell says the page has no value there. */
const NO_VALUE = /^[\s\p{P}]*$/u;

export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return NO_VALUE.test(value);
  if (Array.isArray(value)) return value.every(isEmpty);
  if (typeof value === 'number') return Number.isNaN(value);
  return false;
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

function applyElement(value: unknown, t: Exclude<Transform, { op: 'join' | 'first' | 'last' | 'unique' | 'split' | 'default' }>, env: TransformEnv): unknown {
  if (value === null || value === undefined) return value ?? null;
  const text = asText(value);
  switch (t.op) {
    case 'trim':
      return text === null ? value : text.trim();
    case 'collapse_ws':
      return text === null ? value : collapseWhitespace(text);
    case 'lower':
      return text === null ? value : text.toLowerCase();
    case 'upper':
      return text === null ? value : text.toUpperCase();
    case 'number':
      return parseNumber(value);
    case 'integer':
      return parseInteger(value);
    case 'currency_amount':
      return currencyAmount(value, env.locale?.());
    case 'currency_code':
      return currencyCode(text, withSiteCurrency(env.locale?.(), t.site_currency));
    case 'iso_date':
      return isoDate(value, env.locale?.());
    case 'duration_minutes':
      return durationMinutes(value);
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      if (text === null) return null;
      const trueValues = (t.true_values ?? DEFAULT_TRUE).map(fold);
      const folded = fold(schemaEnum(text));
      return trueValues.includes(folded);
    }
    case 'absolute_url':
      return text === null ? value : absoluteUrl(text, env.baseUrl);
    case 'map':
      return mapValue(value, text, t.table, t.default);
    case 'regex': {
      if (text === null) return null;
      const re = safeRegExp(t.pattern, t.flags);
      const m = re ? re.exec(text) : null;
      if (!m) return null;
      return m[t.group ?? (m.length > 1 ? 1 : 0)] ?? null;
    }
    case 'replace': {
      if (text === null) return value;
      const re = safeRegExp(t.pattern, t.flags ?? 'g');
      return re ? text.replace(re, t.replacement) : text;
    }
    case 'strip_label':
      return text === null ? value : stripLabel(text, t.labels);
    case 'class_word':
      return text === null ? null : classWord(text, t.words);
    case 'schema_enum':
      return text === null ? value : schemaEnum(text);
  }
}

/** Flags for String.split: `g` is implied and `y` would anchor every match, so both are dropped. */
function splitFlags(flags?: string): string {
  return (flags ?? '').replace(/[gy]/g, '');
}

function safeRegExp(pattern: string, flags?: string): RegExp | null {
  try {
    return new RegExp(pattern, flags);
  } catch {
    return null;
  }
}

function absoluteUrl(href: string, base: string): string {
  const trimmed = href.trim();
  if (!trimmed || /^(?:javascript|mailto|tel|data):/i.test(trimmed)) return trimmed;
  try {
    return new URL(trimmed, base).href;
  } catch {
    return trimmed;
  }
}

function mapValue(value: unknown, text: string | null, table: Record<string, unknown>, fallback: unknown): unknown {
  if (text !== null) {
    if (Object.hasOwn(table, text)) return table[text];
    const folded = fold(text);
    for (const [k, v] of Object.entries(table)) if (fold(k) === folded) return v;
  }
  return fallback === undefined ? value : fallback;
}

/** "Publisher: Hachette" -> "Hachette"; with `labels`, only those labels are removed. */
export function stripLabel(text: string, labels?: string[]): string {
  const trimmed = collapseWhitespace(text);
  if (labels && labels.length > 0) {
    const folded = fold(trimmed);
    for (const label of labels) {
      const l = fold(label).replace(/[:：\s]+$/, '');
      // Only a label followed by a separator: "Brand: X" loses its label, "Brand New Day" keeps it.
      if (l && folded.startsWith(l) && /^\s*[:：]/.test(folded.slice(l.length))) {
        return trimmed.slice(l.length).replace(/^\s*[:：]\s*/, '');
      }
    }
    return trimmed.replace(/^[:：]\s*/, '');
  }
  const m = /^([^:：]{1,40})[:：]\s*(.+)$/.exec(trimmed);
  if (m && m[1].trim().split(/\s+/).length <= 4) return m[2];
  return trimmed.replace(/^[:：]\s*/, '');
}

/** `star-rating Three` with {three: 3} -> 3: the first class word found in the table. */
function classWord(text: string, words: Record<string, unknown>): unknown {
  const lookup = new Map(Object.entries(words).map(([k, v]) => [k.toLowerCase(), v]));
  for (const word of text.split(/\s+/)) {
    const hit = lookup.get(word.toLowerCase());
    if (hit !== undefined) return hit;
  }
  return null;
}

/** `https://schema.org/InStock` -> `InStock` (any IRI: its last path segment). */
export function schemaEnum(text: string): string {
  const trimmed = text.trim();
  if (!/^(?:https?:)?\/\/|^schema:/i.test(trimmed)) return trimmed;
  const cut = trimmed.replace(/[/#]+$/, '');
  return cut.slice(Math.max(cut.lastIndexOf('/'), cut.lastIndexOf('#'), cut.lastIndexOf(':')) + 1);
}

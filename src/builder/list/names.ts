/**
 * Field names: meaningful snake_case names from what the page says about a value (class names,
 * itemprops, data-* names, JSON keys) mapped onto the registry's record vocabulary
 * (knowledge/records.ts), then matched against the fields the user asked for.
 */
import type { TypeHint } from './types.js';
import { words } from '../words.js';
import { moneySafeType } from '../money.js';
import { recordKey } from '../knowledge/index.js';
import { snakeCase } from '../../util/identifiers.js';

/** Words that say nothing about a value (layout, framework, generic containers). */
const NOISE = new Set([
  'product', 'products', 'item', 'items', 'card', 'cards', 'text', 'value', 'info', 'details', 'detail', 'data', 'col', 'row',
  'xs', 'sm', 'md', 'lg', 'xl', 'box', 'wrap', 'wrapper', 'inner', 'outer', 'content', 'container', 'block', 'field', 'entry',
  'meta', 'main', 'list', 'listing', 'result', 'results', 'search', 'tile', 'grid', 'cell', 'pod', 'color', 'colour', 'small',
  'large', 'big', 'bold', 'muted', 'label', 'span', 'div', 'p', 'js', 'is', 'has', 'u', 'c', 'o', 'a', 'the', 'of', 'and',
  'primary', 'secondary', 'left', 'right', 'top', 'bottom', 'center', 'clearfix', 'hidden', 'visible', 'mb', 'mt', 'pt', 'pb',
]);

/** A field name from a label or class name (`f_` before a leading digit, `value` for nothing). */
export function fieldKey(raw: string): string {
  return snakeCase(raw, { prefix: 'f_', max: 60, empty: 'value' });
}

/** Splits `product_price-color`, `starRating`, `price_color` into lower-case words. */
export function nameTokens(raw: string): string[] {
  return words(raw);
}

/**
 * A name from hints (class names, itemprop, data-* name, label), first meaningful one wins:
 * a vocabulary word, else the first non-noise words of the first hint. Null when nothing reads.
 */
export function nameFromHints(hints: string[]): string | null {
  for (const hint of hints) {
    const canonical = recordKey(nameTokens(hint));
    if (canonical) return canonical;
  }
  for (const hint of hints) {
    const words = nameTokens(hint).filter((w) => !NOISE.has(w) && !/^\d+$/.test(w) && w.length > 1);
    if (words.length > 0 && words.length <= 3) return fieldKey(words.join('_'));
  }
  return null;
}

/** Renames to a field the user asked for when it means the same (`cost` asked, `price` found). */
export function preferWanted(name: string, wanted: string[] | undefined): string {
  if (!wanted || wanted.length === 0) return name;
  for (const w of wanted) {
    const target = fieldKey(w);
    if (target === name) return name;
    const canonical = recordKey(nameTokens(w)) ?? target;
    if (canonical === name) return target;
  }
  return name;
}

/** Makes names unique in order of appearance: price, price_2, ... */
export function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name}_${n}`;
  taken.add(candidate);
  return candidate;
}

/** The type the values read as; with the field's name, money is never `integer` (builder/money.ts). */
export function typeHintOf(values: unknown[], name?: string): TypeHint {
  const hint = typeHintOfValues(values);
  return name === undefined ? hint : moneySafeType(name, hint);
}

function typeHintOfValues(values: unknown[]): TypeHint {
  const present = values.filter((v) => v !== null && v !== undefined && v !== '');
  if (present.length === 0) return 'string';
  if (present.every(Array.isArray)) return 'array';
  if (present.every((v) => typeof v === 'boolean')) return 'boolean';
  if (present.every((v) => typeof v === 'number' && Number.isInteger(v))) return 'integer';
  if (present.every((v) => typeof v === 'number')) return 'number';
  if (present.every((v) => typeof v === 'string' && /^https?:\/\/\S+$/.test(v))) return 'url';
  if (present.every((v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(v))) return 'date';
  return 'string';
}

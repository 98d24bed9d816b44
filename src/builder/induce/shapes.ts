/**
 * Value shapes: how well a value fits what a field should hold (0..1), and the transforms that
 * turn page text into a typed value of that shape. Validation runs on transformed values.
 */
import type { Transform } from '../../recipe/types.js';
import { durationMinutes, fold, parseDate } from '../../recipe/extract/index.js';
import { AVAILABILITY_PHRASES, CONDITION_PHRASES, type Shape } from '../knowledge/index.js';
import { escapeRegExp } from '../../util/regex.js';

function phraseTransforms(phrases: Array<[string, string]>): Transform[] {
  const sorted = [...phrases].sort((a, b) => b[0].length - a[0].length);
  // "in stock", "InStock", "in_stock", "in-stock" alike.
  const escaped = sorted.map(([p]) => escapeRegExp(p).replace(/ /g, '[\\s_-]*'));
  const table: Record<string, string> = {};
  for (const [p, v] of phrases) table[p] = v;
  return [
    { op: 'schema_enum' },
    { op: 'regex', pattern: `(${escaped.join('|')})`, flags: 'iu' },
    { op: 'map', table },
  ];
}

/** A code: one token of four characters or more holding a digit ("TE50-1293415", "MX-4821"). */
const CODE_TOKEN = '(?=[^\\s]*\\d)[\\p{L}\\p{N}][^\\s]{3,}';
/** A word of a name or sentence: letters, lower case after the first ("Housse", "de", "canapé,"). */
const NAME_WORD = "\\p{Lu}?\\p{Ll}[\\p{L}\\p{M}'’-]*[,.;:]?";

/** Transforms that type a value of the shape (applied after source-specific cleaning). */
export function shapeTransforms(shape: Shape): Transform[] {
  switch (shape) {
    case 'price':
      // A price of 0 is a shop's placeholder (no price, not orderable), never what a product costs.
      return [{ op: 'replace', pattern: '^[^\\d]{0,6}0+(?:[.,]0+)?[^\\d]{0,6}$', replacement: '' }, { op: 'currency_amount' }];
    case 'identifier':
      return [
        // A code with the item's name written after or before it ("TE50-1293415 Housse de canapé"): the code.
        { op: 'replace', pattern: `^(${CODE_TOKEN})(?:\\s+${NAME_WORD}){2,}(?:\\s[\\s\\S]*)?$`, flags: 'u', replacement: '$1' },
        { op: 'replace', pattern: `^(?:${NAME_WORD}\\s+){2,}(?:[^\\d]*\\s)?(${CODE_TOKEN})$`, flags: 'u', replacement: '$1' },
        // Several words without a digit name something ("Banqueta Marilyn"), they are no code.
        { op: 'regex', pattern: '^(?=[\\s\\S]*(?:\\d|\\b[A-Z]{2,}\\b)|\\S+$)[\\s\\S]+$' },
      ];
    case 'currency':
      return [{ op: 'currency_code' }];
    case 'availability':
      // Several offers (one per size or colour): available when any of them is in stock.
      return [
        { op: 'schema_enum' },
        { op: 'join', separator: ' ' },
        { op: 'replace', pattern: '^(?=[\\s\\S]*\\bInStock\\b)[\\s\\S]*$', replacement: 'InStock' },
        ...phraseTransforms(AVAILABILITY_PHRASES).slice(1),
      ];
    case 'condition':
      return phraseTransforms(CONDITION_PHRASES);
    case 'gtin':
      // "EAN: 6935364088101." / "4 006381 333931": without the sentence's dot, a number's group spaces joined
      // (a shop's own code under a "UPC" label stays as written).
      return [
        { op: 'replace', pattern: '^[^\\p{L}\\p{N}]+|[^\\p{L}\\p{N}]+$', flags: 'gu', replacement: '' },
        { op: 'replace', pattern: '(?<=^[\\d\\s\\u00a0-]*\\d)[\\s\\u00a0-]+(?=[\\d\\s\\u00a0-]*$)', flags: 'g', replacement: '' },
      ];
    case 'duration':
      // A time of zero ("PT0M", "0 min") is a template's empty field: not stated, not instant.
      return [{ op: 'replace', pattern: '^(?=[\\s\\S]*0)[^1-9]*$', replacement: '' }, { op: 'duration_minutes' }];
    case 'yield':
    case 'integer':
      return [{ op: 'integer' }];
    case 'number':
    case 'rating':
      return [{ op: 'number' }];
    case 'url':
    case 'image':
      return [{ op: 'absolute_url' }];
    case 'boolean':
      return [{ op: 'boolean' }];
    default:
      return [];
  }
}

/**
 * A date written with its month as a word, in any language: day, month word, year ("12 korrik
 * 2025", "১২ জুলাই, ২০২৫", "5. marca 2024"), month word, day, year ("July 12, 2025") or year,
 * month word, day ("2025. szeptember 18.", "२०८२ असोज २", a Bikram Sambat date). Month
 * names are known in a few languages only (parseDate); the way of writing is the same in all.
 */
const WORD_DATE = /^(?:[\p{L}\p{M}]{2,}\.?,\s*)?(?:\p{Nd}{1,2}\.?\s*[\p{L}\p{M}]{3,}\.?,?\s+\p{Nd}{4}|[\p{L}\p{M}]{3,}\.?\s+\p{Nd}{1,2},?\s+\p{Nd}{4}|\p{Nd}{4}\.?,?\s+[\p{L}\p{M}]{3,}\.?\s+\p{Nd}{1,2}\.?)$/u;
/** A date in a known language is surer than one only written like a date. */
const WORD_DATE_FIT = 0.9;
/**
 * This year's date without its year, as event listings write it: an optional weekday (one or two
 * words), the day, a month of one or two words ("Dé hAoine 3 Deireadh Fómhair").
 */
const YEARLESS_DATE = /^(?:[\p{L}\p{M}]{2,}\.?,?\s+){0,2}\p{Nd}{1,2}\.?\s+[\p{L}\p{M}]{3,}(?:\s+[\p{L}\p{M}]{3,})?\.?$/u;
const YEARLESS_DATE_FIT = 0.8;

const ENUMS = new Set([...AVAILABILITY_PHRASES, ...CONDITION_PHRASES].map(([, v]) => v));

export function isbn13Valid(s: string): boolean {
  const d = s.replace(/[\s-]/g, '');
  if (!/^97[89]\d{10}$/.test(d)) return false;
  const sum = [...d.slice(0, 12)].reduce((acc, c, i) => acc + Number(c) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === Number(d[12]);
}

export function isbn10Valid(s: string): boolean {
  const d = s.replace(/[\s-]/g, '').toUpperCase();
  if (!/^\d{9}[\dX]$/.test(d)) return false;
  const sum = [...d].reduce((acc, c, i) => acc + (c === 'X' ? 10 : Number(c)) * (10 - i), 0);
  return sum % 11 === 0;
}

export function gtinValid(s: string): boolean {
  const d = s.replace(/[\s-]/g, '');
  if (!/^(?:\d{8}|\d{12}|\d{13}|\d{14})$/.test(d)) return false;
  const digits = [...d].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((acc, n, i) => acc + n * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

function words(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

/** How well one (transformed, non-empty) value fits the shape, 0..1. */
export function fitValue(shape: Shape, value: unknown): number {
  if (Array.isArray(value)) {
    if (value.length === 0) return 0;
    const each = value.map((v) => fitValue(shape === 'list' ? 'text' : shape, v));
    return each.reduce((a, b) => a + b, 0) / each.length;
  }
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  if (/&[a-z]+;|&#\d+;/i.test(text) && text.length < 12) return 0; // an undecoded entity, not a value
  switch (shape) {
    case 'title':
      return /\p{L}/u.test(text) && text.length >= 2 && text.length <= 250 && words(text) <= 40 && !/^\d+$/.test(text) ? 1 : 0;
    case 'text':
      // A machine code ("FULL_TIME") is not the text a page shows a person.
      if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(text)) return 0.5;
      return text.length >= 1 && text.length <= 300 ? 1 : text.length <= 1000 ? 0.3 : 0;
    case 'longtext':
      return text.length >= 20 ? 1 : 0.3;
    case 'person':
    case 'organization': {
      if (text.length < 2 || text.length > 100 || /https?:|[:@|{}<>]/.test(text) || !/\p{L}/u.test(text)) return 0;
      const n = words(text);
      const limit = shape === 'person' ? 7 : 10;
      if (n > limit) return 0.1;
      // Vowel signs are part of the letters they sit on (Devanagari, Tamil, Thai...).
      if (shape === 'organization') return (text.match(/[\p{L}\p{M}]/gu) ?? []).length >= text.length / 2 ? 1 : 0.3;
      return /\d{3,}/.test(text) ? 0.3 : 1;
    }
    case 'isbn13':
      return isbn13Valid(text) ? 1 : 0;
    case 'isbn10':
      return isbn10Valid(text) ? 1 : 0;
    case 'gtin':
      return gtinValid(text) ? 1 : /^\d{8,14}$/.test(text) ? 0.4 : 0;
    case 'identifier':
      if (text.length < 2 || text.length > 40 || words(text) > 4) return 0;
      return /\d/.test(text) || /^[A-Z0-9._\-/]+$/.test(text) ? 1 : 0.3;
    case 'price':
      // Up to ten billion: a car or a flat in rials, dong or rupiah costs hundreds of millions and
      // more. Longer numbers are codes (an EAN has 12 or 13 digits), not amounts.
      return typeof value === 'number' && value > 0 && value < 1e10 ? 1 : 0;
    case 'currency':
      return /^[A-Z]{3}$/.test(text) ? 1 : 0;
    case 'availability':
    case 'condition':
      return ENUMS.has(text) ? 1 : 0;
    case 'date':
      if (text.length > 40 || words(text) > 6) return 0;
      if (parseDate(text) !== null) return 1;
      return WORD_DATE.test(text) ? WORD_DATE_FIT : /\b\d{4}\b/.test(text) ? 0.5 : YEARLESS_DATE.test(text) ? YEARLESS_DATE_FIT : 0;
    case 'duration':
      return typeof value === 'number' && value > 0 && value < 100_000 ? 1 : typeof value === 'number' && value === 0 ? 0.3 : 0;
    case 'yield':
      return typeof value === 'number' && value > 0 && value < 1000 ? 1 : 0;
    case 'integer':
    case 'number':
      return typeof value === 'number' ? 1 : 0;
    case 'rating':
      return typeof value === 'number' && value >= 0 && value <= 100 ? 1 : 0;
    case 'url':
      return /^https?:\/\//.test(text) ? 1 : 0;
    case 'image':
      return /^https?:\/\//.test(text) ? (/\.(?:jpe?g|png|webp|gif|avif|svg)\b|image|img|photo/i.test(text) ? 1 : 0.6) : 0;
    case 'boolean':
      return typeof value === 'boolean' ? 1 : 0;
    case 'list':
      return text.length >= 2 && text.length <= 300 ? 1 : 0;
  }
}

/** Shapes whose values should differ from page to page (a constant is template text). */
export function expectsVariety(shape: Shape): boolean {
  return ['title', 'isbn13', 'isbn10', 'gtin', 'identifier', 'list', 'longtext', 'url', 'image'].includes(shape);
}

/** Shapes that allow a duration text to be parsed (used to reject garbage early). */
export function looksLikeDuration(text: string): boolean {
  return durationMinutes(text) !== null;
}

/** Folded comparison key of a value (for agreement between candidates). */
export function valueKey(value: unknown): string {
  if (Array.isArray(value)) return value.map(valueKey).join('\u0001');
  if (typeof value === 'number') return String(Math.round(value * 100) / 100);
  if (typeof value === 'string') return fold(value).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return JSON.stringify(value ?? null);
}

/**
 * The extraction benchmark's scoring, exactly as ../../../shared/bench/PROTOCOL.md defines it:
 * value normalisation, the value-match rules, value-level TP/FP/FN counting, per-attribute
 * precision/recall/F1, site = mean F1 over the attributes present, vertical = mean over sites,
 * overall = mean over verticals. Shared by the offline and the service-level benchmarks.
 */
import { currencyCode, decodeEntities, durationMinutes } from '../../src/recipe/extract/index.js';

/** Decode entities, NFKC, lower-case, collapse white space, trim white space and punctuation at both ends. */
export function normalizeValue(value: string): string {
  return decodeEntities(value)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '');
}

/** A number written with optional currency signs/codes and thousands separators, else null. */
export function parseLooseNumber(value: string): number | null {
  const stripped = value
    .normalize('NFKC')
    .replace(/\p{Sc}/gu, '')
    .replace(/\b[A-Z]{3}\b/g, '')
    .replace(/(?:^|\s)(?:zł|kr|kč|ft|lei|rs\.?|r\$)(?=\s|$)/giu, ' ')
    .replace(/\s+/g, '')
    .replace(/'/g, '');
  if (!/^[-+]?(?:\d[\d,.]*)$/.test(stripped)) return null;
  return readNumber(stripped);
}

/** "1,299.00" / "1.299,00" / "1,299" / "12.5": the last separator is decimal unless it groups three digits. */
function readNumber(s: string): number | null {
  const sign = s.startsWith('-') ? -1 : 1;
  const body = s.replace(/^[-+]/, '');
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  let normalised: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    normalised = body.split(decimal === '.' ? ',' : '.').join('').replace(decimal, '.');
  } else if (lastComma >= 0) {
    const commas = body.split(',').length - 1;
    normalised = commas > 1 || /^\d{1,3},\d{3}$/.test(body) ? body.replace(/,/g, '') : body.replace(',', '.');
  } else {
    const dots = body.split('.').length - 1;
    normalised = dots > 1 ? body.replace(/\./g, '') : body;
  }
  const n = Number(normalised);
  return Number.isFinite(n) ? sign * n : null;
}

function sameNumber(a: number | null, b: number | null): boolean {
  return a !== null && b !== null && Math.abs(a - b) < 1e-9;
}

/** Minutes of a duration: a bare number is minutes; ISO 8601 and texts are converted. */
export function toMinutes(value: string): number | null {
  const n = parseLooseNumber(value);
  if (n !== null) return n;
  return durationMinutes(value);
}

const SCHEMA_ADDRESS = /^https?:\/\/schema\.org\/([^/?#\s]+)\/?$/i;

/** Whether a predicted value matches a truth value for an attribute (PROTOCOL.md rules). */
export function valuesMatch(attribute: string, truth: string, predicted: string): boolean {
  const t = normalizeValue(truth);
  const p = normalizeValue(predicted);
  if (t === p) return true;
  if (sameNumber(parseLooseNumber(truth), parseLooseNumber(predicted))) return true;
  // "4 servings"; in scripts written without spaces the word follows at once ("2人分").
  const leading = /^\s*([-+]?\d[\d.,]*)(?:\s+\S|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])/u.exec(truth);
  if (leading && sameNumber(parseLooseNumber(leading[1]), parseLooseNumber(predicted))) return true;
  if (attribute.endsWith('_time')) {
    if (sameNumber(toMinutes(truth.trim()), toMinutes(predicted.trim()))) return true;
  }
  const schemaLast = (a: string, b: string): boolean => {
    const m = SCHEMA_ADDRESS.exec(a.trim());
    return m !== null && normalizeValue(m[1]) === normalizeValue(b);
  };
  if (schemaLast(truth, predicted) || schemaLast(predicted, truth)) return true;
  if (attribute === 'currency') {
    const isCode = (s: string): boolean => /^[a-z]{3}$/i.test(s.trim());
    const codeOfSign = (s: string): string | null => (isCode(s) ? null : currencyCode(s.trim()));
    if (isCode(truth) && codeOfSign(predicted) === truth.trim().toUpperCase()) return true;
    if (isCode(predicted) && codeOfSign(truth) === predicted.trim().toUpperCase()) return true;
    if (isUsualSign(truth, predicted) || isUsualSign(predicted, truth)) return true;
  }
  return false;
}

const ISO_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
/** Locales whose ways of writing currencies stand for "usual": the corpora's languages and the largest others. */
const SIGN_LOCALES = ['en', 'en-IN', 'fr', 'fr-CA', 'de', 'es', 'it', 'nl', 'pt-BR', 'pl', 'cs', 'sk', 'sl', 'hr', 'lv', 'lt', 'et', 'hu', 'ro',
  'sv', 'da', 'nb', 'fi', 'tr', 'ru', 'uk', 'kk', 'he', 'ar', 'ur-PK', 'hi', 'zh-CN', 'zh-TW', 'ja', 'ko', 'th', 'vi', 'id'];
const signsByCode = new Map<string, Set<string>>();

/**
 * The protocol's rule: `code` is an ISO 4217 code whose usual sign is `sign` (CAD and "$", RON
 * and "lei", PKR and "Rs"). The usual signs are those the Unicode CLDR data (through Intl)
 * writes for the code, as symbol or narrow symbol, in common locales.
 */
function isUsualSign(code: string, sign: string): boolean {
  const c = code.trim().toUpperCase();
  if (!ISO_CURRENCIES.has(c)) return false;
  let signs = signsByCode.get(c);
  if (!signs) {
    signs = new Set();
    for (const locale of SIGN_LOCALES) {
      for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
        const part = new Intl.NumberFormat(locale, { style: 'currency', currency: c, currencyDisplay }).formatToParts(1).find((p) => p.type === 'currency');
        if (part) signs.add(part.value.toLowerCase());
      }
    }
    signsByCode.set(c, signs);
  }
  return signs.has(sign.trim().toLowerCase());
}

/** A predicted value as the list of strings it is scored as (null/empty -> none). */
export function predictionValues(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap(predictionValues);
  if (typeof value === 'string') return value.trim() === '' ? [] : [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  return [JSON.stringify(value)];
}

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

/** TP/FP/FN of one page and attribute: each truth and each predicted value is used at most once. */
export function countPage(attribute: string, truth: string[], predicted: string[]): Counts {
  const used = new Array<boolean>(truth.length).fill(false);
  let tp = 0;
  for (const p of predicted) {
    const i = truth.findIndex((t, k) => !used[k] && valuesMatch(attribute, t, p));
    if (i >= 0) {
      used[i] = true;
      tp++;
    }
  }
  return { tp, fp: predicted.length - tp, fn: truth.length - tp };
}

export interface AttributeScore extends Counts {
  precision: number;
  recall: number;
  f1: number;
}

export function prf(c: Counts): AttributeScore {
  const precision = c.tp + c.fp === 0 ? 0 : c.tp / (c.tp + c.fp);
  const recall = c.tp + c.fn === 0 ? 0 : c.tp / (c.tp + c.fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { ...c, precision, recall, f1 };
}

export interface PageResult {
  id: string;
  truth: Record<string, string[]>;
  /** The endpoint's data for the page; null when the call failed (nothing predicted). */
  predicted: Record<string, unknown> | null;
}

export interface SiteScore {
  /** Per attribute, only those with truth values or predictions on the scored pages. */
  attributes: Record<string, AttributeScore>;
  /** Mean F1 over `attributes` (0 when none is present). */
  f1: number;
}

/** Score one site's held-out pages. A failed build is scored with `predicted: null` everywhere. */
export function scoreSite(attributes: string[], pages: PageResult[]): SiteScore {
  const out: Record<string, AttributeScore> = {};
  for (const attribute of attributes) {
    const total: Counts = { tp: 0, fp: 0, fn: 0 };
    for (const page of pages) {
      const c = countPage(attribute, page.truth[attribute] ?? [], predictionValues(page.predicted?.[attribute]));
      total.tp += c.tp;
      total.fp += c.fp;
      total.fn += c.fn;
    }
    if (total.tp + total.fp + total.fn === 0) continue;
    out[attribute] = prf(total);
  }
  const f1s = Object.values(out).map((s) => s.f1);
  return { attributes: out, f1: mean(f1s) };
}

export function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

export interface Summary {
  sites: Record<string, number>;
  verticals: Record<string, number>;
  overall: number;
}

/** Site F1s (keyed `<vertical>-<site>`) -> vertical means -> overall mean of verticals. */
export function summarize(siteF1: Record<string, number>): Summary {
  const byVertical = new Map<string, number[]>();
  for (const [site, f1] of Object.entries(siteF1)) {
    const vertical = site.split('-')[0];
    byVertical.set(vertical, [...(byVertical.get(vertical) ?? []), f1]);
  }
  const verticals: Record<string, number> = {};
  for (const [v, list] of byVertical) verticals[v] = mean(list);
  return { sites: siteF1, verticals, overall: mean(Object.values(verticals)) };
}

/**
 * Dates to ISO 8601, best effort: "2020-03-12T10:00:00Z" (kept), "June 2010" -> "2010-06",
 * "12 March 2020", "March 12, 2020", "3 de marzo de 2020", "12. März 2020", "12/03/2020"
 * (day first unless that is impossible), "20200312". Unparseable input is returned unchanged.
 */
import { monthOfWord, UNKNOWN_LOCALE, type PageLocale } from '../../language/index.js';
import { fold } from '../text.js';

const pad = (n: number): string => String(n).padStart(2, '0');

function valid(y: number, m: number, d?: number): boolean {
  if (y < 1000 || y > 2999 || m < 1 || m > 12) return false;
  if (d === undefined) return true;
  return d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function ymd(y: number, m: number, d?: number): string | null {
  if (!valid(y, m, d)) return null;
  return d === undefined ? `${y}-${pad(m)}` : `${y}-${pad(m)}-${pad(d)}`;
}

function fullYear(y: string): number {
  const n = Number(y);
  return y.length === 2 ? (n < 70 ? 2000 + n : 1900 + n) : n;
}

export function isoDate(input: unknown, locale: PageLocale = UNKNOWN_LOCALE): unknown {
  if (typeof input === 'number' && input > 1e11) return new Date(input).toISOString().slice(0, 10);
  if (typeof input !== 'string') return input;
  const text = input.trim();
  const parsed = parseDate(text, locale);
  return parsed ?? input;
}

/**
 * An ISO date (YYYY-MM-DD, YYYY-MM or YYYY) or null. The page's locale decides a numeric date's
 * order (month first in the US) and a month word two languages share.
 */
export function parseDate(text: string, locale: PageLocale = UNKNOWN_LOCALE): string | null {
  const iso = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (iso) return ymd(Number(iso[1]), Number(iso[2]), iso[3] ? Number(iso[3]) : undefined);
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (compact) return ymd(Number(compact[1]), Number(compact[2]), Number(compact[3]));
  const ymdSep = /\b(\d{4})[./-](\d{1,2})[./-](\d{1,2})\b/.exec(text);
  if (ymdSep) return ymd(Number(ymdSep[1]), Number(ymdSep[2]), Number(ymdSep[3]));
  const numeric = /\b(\d{1,2})[./-](\d{1,2})[./-](\d{4}|\d{2})\b/.exec(text);
  if (numeric) {
    const a = Number(numeric[1]);
    const b = Number(numeric[2]);
    const y = fullYear(numeric[3]);
    // Day first (most of the world) unless the page writes month first or the numbers cannot be so.
    const monthFirst = locale.dateOrder === 'mdy' ? a <= 12 : b > 12;
    return monthFirst ? ymd(y, a, b) : ymd(y, b, a);
  }
  return wordDate(fold(text), locale.language);
}

function wordDate(t: string, language: string | null): string | null {
  const words = t.replace(/[,.]/g, ' ').split(/\s+/).filter(Boolean);
  let month: number | undefined;
  let year: number | undefined;
  let day: number | undefined;
  for (const w of words) {
    const clean = w.replace(/(st|nd|rd|th|er|e|o|a)$/, '');
    if (month === undefined && monthOfWord(w, language) !== undefined) month = monthOfWord(w, language);
    else if (/^\d{4}$/.test(w) && year === undefined) year = Number(w);
    else if (/^\d{1,2}$/.test(clean) && day === undefined && /^\d/.test(w)) day = Number(clean);
  }
  if (month === undefined || year === undefined) {
    const yearOnly = /^(\d{4})$/.exec(t);
    return yearOnly ? yearOnly[1] : null;
  }
  return ymd(year, month, day);
}

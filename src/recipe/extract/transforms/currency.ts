/**
 * Money: the amount of a price text ("£1,299.00", "1.299,00 €", "$12") and the ISO 4217 code
 * of a currency sign or name ("£" -> GBP, "zł" -> PLN, "US$" -> USD). The signs are CLDR's and
 * the language packs' (recipe/language); a sign several currencies share ("$", "kr") is read in
 * the page's locale when it is known.
 */
import { isWordSign, minorDigits, signCurrency, TEXT_SIGNS, UNKNOWN_LOCALE, type LocaleSignal, type PageLocale } from '../../language/index.js';
import { parseNumber } from './numbers.js';
import { qualifierAt } from './price-qualifiers.js';
import { escapeRegExp } from '../../../util/regex.js';

/** Every sign the text reading knows, with its default ISO 4217 code (for callers listing signs). */
export const CURRENCY_SIGNS: Record<string, string> = Object.fromEntries(TEXT_SIGNS.map((sign) => [sign, signCurrency(sign)!.code]));

/**
 * ISO 4217 codes, to recognise a code written in a text ("EUR 12.00", "IRR"): every code the
 * runtime's Intl knows, less the few that are also everyday capitalised English words.
 */
const CODES_THAT_ARE_WORDS = new Set(['TOP', 'CUP', 'SOS', 'MOP']);
const ISO_CODES = new Set(Intl.supportedValuesOf('currency').filter((c) => !CODES_THAT_ARE_WORDS.has(c)));

interface TextSign {
  sign: string;
  /** Compared in lower case (a word of three letters or more: "EURO", "Euros"). */
  folded: boolean;
  /** Letters only: a whole word, never inside a longer one. */
  word: RegExp | null;
}

const SIGN_MATCHERS: TextSign[] = TEXT_SIGNS.map((sign) => {
  const word = isWordSign(sign);
  const folded = word && sign.length > 2;
  return { sign, folded, word: word ? new RegExp(`(?<!\\p{L})${escapeRegExp(sign)}(?!\\p{L})`, folded ? 'iu' : 'u') : null };
});

/** What a currency reading found: the code, the sign it read, and what decided a shared sign. */
export interface CurrencyReading {
  code: string;
  /** The sign or code as the text writes it. */
  sign: string;
  /** `code` (an ISO code written), `default` (the sign's usual reading) or the locale signal that decided. */
  decidedBy: 'code' | 'default' | LocaleSignal;
}

/** The currency a text names, and why; null when it names none. */
export function readCurrency(input: unknown, locale: PageLocale = UNKNOWN_LOCALE): CurrencyReading | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (!text) return null;
  const code = /(?:^|[^A-Za-z])([A-Z]{3})(?![A-Za-z])/.exec(text);
  if (code && ISO_CODES.has(code[1])) return { code: code[1], sign: code[1], decidedBy: 'code' };
  if (/^[a-z]{3}$/i.test(text) && ISO_CODES.has(text.toUpperCase())) return { code: text.toUpperCase(), sign: text, decidedBy: 'code' };
  const lower = text.toLowerCase();
  // The longest sign the text holds: "US$" over "$", "kr." over "kr".
  for (const { sign, folded, word } of SIGN_MATCHERS) {
    if (!(folded ? lower.includes(sign.toLowerCase()) : text.includes(sign))) continue;
    if (word && !word.test(text)) continue;
    const reading = signCurrency(sign, locale.region, locale.currency)!;
    const decidedBy = reading.decidedBy === 'region' ? (locale.from.region ?? 'default') : reading.decidedBy === 'page_currency' ? (locale.from.currency ?? 'default') : 'default';
    return { code: reading.code, sign, decidedBy };
  }
  return null;
}

/**
 * The page's locale with the site's currency (what its other pages' structured data name) when
 * the page names none itself: it decides a sign several currencies share, recorded as the
 * deciding signal `site_price_currency`. A country the page itself names (html lang "es-MX",
 * og:locale, its hreflang) still comes first: one page of a site may be another country's.
 */
export function withSiteCurrency(locale: PageLocale = UNKNOWN_LOCALE, siteCurrency?: string): PageLocale {
  if (!siteCurrency || locale.currency || (locale.from.region && PAGE_REGION_SIGNALS.has(locale.from.region))) return locale;
  return { ...locale, currency: siteCurrency, from: { ...locale.from, currency: 'site_price_currency' } };
}

const PAGE_REGION_SIGNALS: ReadonlySet<LocaleSignal> = new Set(['html_lang', 'og_locale', 'hreflang']);

/** ISO 4217 code for a sign, name or code found in the text; null when none is recognised. */
export function currencyCode(input: unknown, locale: PageLocale = UNKNOWN_LOCALE): string | null {
  return readCurrency(input, locale)?.code ?? null;
}

const LATIN_WORD = /^[A-Za-z.]+$/;
const SIGN_ALTERNATION = [...TEXT_SIGNS.filter((s) => !LATIN_WORD.test(s)), ...ISO_CODES].map(escapeRegExp).join('|');
const AMOUNT = '(\\d[\\d.,\'\u2019\\s\u00a0\u202f]*\\d|\\d)';
/** A sign of two letters or more written as a word ("RM19.97", "Rp 1.299.000"): not inside another word. */
const WORD_SIGN_ALTERNATION = TEXT_SIGNS.filter((s) => /^[A-Za-z.]{2,}$/.test(s)).map(escapeRegExp).join('|');
/**
 * A number right after a currency sign, code or sign word ("£279", "EUR 12,50", "RM19.97"), or
 * right before a sign ("12,50 €").
 */
const SIGNED_AFTER = new RegExp(`(?:${SIGN_ALTERNATION}|(?<!\\p{L})(?:${WORD_SIGN_ALTERNATION}))\\s?${AMOUNT}`, 'u');
const SIGNED_BEFORE = new RegExp(`${AMOUNT}\\s?(?:${SIGN_ALTERNATION}|zł|kr|Kč|Ft|lei|лв)`);

/** Decimal separators the page states strongly enough to read an amount by (not guessed from its language). */
const STATED: ReadonlySet<LocaleSignal | undefined> = new Set(['number_format', 'given']);

/**
 * The amount of a price text as a number; a dot followed by three digits groups thousands,
 * unless the page's own number format or the currency's decimal places (KWD 3) say it is the
 * decimal point. In a longer text ("Mirror, 2 doors, 100x14 cm £279") the number next to the
 * currency sign wins.
 */
export function currencyAmount(value: unknown, locale: PageLocale = UNKNOWN_LOCALE): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const input = joinWrittenCents(value);
  // Only a separator before exactly three digits is in doubt: the currency is read for it alone.
  const inDoubt = /\d[.,]\d{3}(?!\d)/.test(input);
  const code = inDoubt ? (readCurrency(input, locale)?.code ?? locale.currency) : null;
  const options = {
    threeDigitDot: 'grouping' as const,
    decimal: STATED.has(locale.from.decimal) ? locale.decimal : null,
    fractionDigits: code ? minorDigits(code) : undefined,
  };
  // The first signed amount of the text: "345.000 € 3.632 €/m²" is 345000, not the price per m²;
  // one written as a price per unit or an instalment ("4 x R$ 25,00 ou R$ 100,00") is passed over.
  let signed = firstSigned(input, 0);
  for (let from = 0, tries = 0; signed && tries < 3; tries++) {
    const q = qualifierAt(input, signed.index, signed.index + signed[0].length);
    if (q !== 'per-unit' && q !== 'instalment') break;
    from = signed.index + signed[0].length;
    const next = firstSigned(input, from);
    if (!next) break;
    signed = next;
  }
  if (!signed) return parseNumber(input, options);
  // A price range signed once at its end ("26 - 50 €", "From 26 to 50 €") starts at its first
  // amount; only a text that is the range ("Pack of 2 - 12,50 €" is no range).
  const range = RANGE_START.exec(input.slice(0, signed.index));
  return parseNumber(range ? range[1] : signed[1], options);
}

const RANGE_START = /^\s*(?:from|von|de|desde|dès|od|от|ab|vanaf|da)?\s*(\d[\d.,]*)\s*(?:-|–|—|to|bis|à|a|al|до|tot)\s*$/iu;

const SIGNED_AFTER_ALL = new RegExp(SIGNED_AFTER.source, 'gu');
const SIGNED_BEFORE_ALL = new RegExp(SIGNED_BEFORE.source, 'g');

/** The first signed amount of the text at or after `from`. */
function firstSigned(text: string, from: number): RegExpExecArray | null {
  SIGNED_AFTER_ALL.lastIndex = from;
  SIGNED_BEFORE_ALL.lastIndex = from;
  const after = SIGNED_AFTER_ALL.exec(text);
  const before = SIGNED_BEFORE_ALL.exec(text);
  return after && before ? (before.index < after.index ? before : after) : (after ?? before);
}

/**
 * Cents a price text writes apart from its units, as shops print them: the separator and a space
 * ("$119. 95", "118, 99 TL", "1.837, 32 €"), the euro sign between units and cents ("35€ 99",
 * French style), or no units at all (".75 €", "$.75"; a dot before a longer amount, "$.750.30", is punctuation). Joined, they read as one amount.
 */
function joinWrittenCents(text: string): string {
  return text
    .replace(/(\d)([.,])[ \u00a0](\d{2})(?![\d.,]|[ \u00a0]?\d)/g, '$1$2$3')
    .replace(/(\d)[ \u00a0]?€[ \u00a0]?(\d{2})(?![\d.,]|[ \u00a0]?(?:€|EUR))/g, '$1,$2 €')
    .replace(/(^|[^\p{L}\p{N}.,])\.+(\d+)(?!\d|[.,]\d)/gu, '$10.$2');
}

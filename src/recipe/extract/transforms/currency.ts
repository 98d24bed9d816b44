/**
 * Money: the amount of a price text ("£1,299.00", "1.299,00 €", "$12") and the ISO 4217 code
 * of a currency sign or name ("£" -> GBP, "zł" -> PLN, "US$" -> USD). The signs are CLDR's and
 * the language packs' (recipe/language); a sign several currencies share ("$", "kr") is read in
 * the page's locale when it is known.
 */
import { isWordSign, minorDigits, signCurrency, TEXT_SIGNS, UNKNOWN_LOCALE, type LocaleSignal, type PageLocale } from '../../language/index.js';
import { parseNumber } from './numbers.js';
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
export function currencyAmount(input: unknown, locale: PageLocale = UNKNOWN_LOCALE): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  if (typeof input !== 'string') return null;
  // Only a separator before exactly three digits is in doubt: the currency is read for it alone.
  const inDoubt = /\d[.,]\d{3}(?!\d)/.test(input);
  const code = inDoubt ? (readCurrency(input, locale)?.code ?? locale.currency) : null;
  const options = {
    threeDigitDot: 'grouping' as const,
    decimal: STATED.has(locale.from.decimal) ? locale.decimal : null,
    fractionDigits: code ? minorDigits(code) : undefined,
  };
  // The first signed amount of the text: "345.000 € 3.632 €/m²" is 345000, not the price per m².
  const after = SIGNED_AFTER.exec(input);
  const before = SIGNED_BEFORE.exec(input);
  const signed = after && before ? (before.index < after.index ? before : after) : (after ?? before);
  if (signed) return parseNumber(signed[1], options);
  return parseNumber(input, options);
}

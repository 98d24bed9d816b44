/**
 * Currency signs of every language: CLDR's symbols (generated/currencies.ts) and the packs'
 * words, each with the currency it means by default and, for a sign several currencies share
 * ("$", "kr", "¥", "Rs"), the currency it means in a given country.
 */
import { CURRENCY_SIGN_CODES, MINOR_DIGITS, REGION_SIGNS } from './generated/currencies.js';
import { LANGUAGES } from './locales.js';
import { PACKS } from './packs/index.js';

/** Written in letters only ("Kč", "руб", "lei"): found as a word, never inside a longer word. */
export const isWordSign = (sign: string): boolean => /^[\p{L}.'"״ ]+$/u.test(sign) && !/[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/u.test(sign);
/** Latin letters only ("RM", "lei"): read only from a pack, see TEXT_SIGNS. */
const isLatinWord = (sign: string): boolean => /^[A-Za-z. ]+$/.test(sign);

function signTable(): Map<string, string> {
  const table = new Map<string, string>();
  for (const [sign, codes] of Object.entries(CURRENCY_SIGN_CODES)) table.set(sign, codes[0]);
  // A pack's word is read as the pack says, over CLDR ("р." is RUB on Russian pages).
  const packed = new Set<string>();
  for (const language of LANGUAGES) {
    for (const [sign, code] of Object.entries(PACKS[language]?.currencies ?? {})) {
      if (packed.has(sign)) continue;
      packed.add(sign);
      table.set(sign, code);
    }
  }
  return table;
}

/** Sign -> the ISO 4217 code it means when nothing on the page says otherwise. */
export const SIGN_CODES = signTable();

const packSigns = new Set(LANGUAGES.flatMap((language) => Object.keys(PACKS[language]?.currencies ?? {})));

/**
 * The signs looked for in any text, longest first. CLDR's signs in Latin letters ("L", "Le",
 * "SR", "K") are also sizes, articles and model codes ("Size L", "Le prix", "4K"): only the
 * packs' Latin-letter words are, and so is a letter alone in any script ("р", "ƒ").
 */
export const TEXT_SIGNS = [...SIGN_CODES.keys()]
  .filter((sign) => packSigns.has(sign) || (!isLatinWord(sign) && !(isWordSign(sign) && [...sign].length === 1)))
  .sort((a, b) => b.length - a.length || (a < b ? -1 : 1));

/** Where a sign's reading came from: the page's country, the page's currency, or the default. */
export type SignDecision = 'region' | 'page_currency' | 'default';

/**
 * The ISO 4217 code a sign means. A sign several currencies share ("$", "kr", "Rs") means the
 * page's currency when the page names one it can mean (JSON-LD priceCurrency), else the one the
 * page's country writes with it ("$" is CLP in Chile), else its default reading.
 */
export function signCurrency(sign: string, region?: string | null, pageCurrency?: string | null): { code: string; decidedBy: SignDecision } | null {
  const fallback = SIGN_CODES.get(sign);
  if (fallback === undefined) return null;
  const bare = sign.replace(/\.$/, '');
  const candidates = new Set([fallback, ...(CURRENCY_SIGN_CODES[sign] ?? CURRENCY_SIGN_CODES[bare] ?? [])]);
  if (candidates.size < 2) return { code: fallback, decidedBy: 'default' };
  if (pageCurrency && candidates.has(pageCurrency)) return { code: pageCurrency, decidedBy: 'page_currency' };
  const local = region ? (REGION_SIGNS[region]?.[sign] ?? REGION_SIGNS[region]?.[bare] ?? REGION_SIGNS[region]?.[`${bare}.`]) : undefined;
  if (local) return { code: local, decidedBy: 'region' };
  return { code: fallback, decidedBy: 'default' };
}

/** Decimal places of a currency's amounts (2 unless CLDR says otherwise: JPY 0, KWD 3). */
export function minorDigits(code: string): number {
  return MINOR_DIGITS[code] ?? 2;
}

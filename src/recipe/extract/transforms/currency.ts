/**
 * Money: the amount of a price text ("£1,299.00", "1.299,00 €", "$12") and the ISO 4217 code
 * of a currency sign or name ("£" -> GBP, "zł" -> PLN, "US$" -> USD).
 */
import { parseNumber } from './numbers.js';

/**
 * Signs and local names -> ISO 4217, longest first when matching so that "US$" wins over "$".
 * A bare "$" reads USD and "kr" reads SEK: the most common readings, not certain ones.
 */
export const CURRENCY_SIGNS: Record<string, string> = {
  'US$': 'USD', 'U$S': 'USD', 'USD$': 'USD', 'CA$': 'CAD', C$: 'CAD', 'AU$': 'AUD', A$: 'AUD', 'NZ$': 'NZD',
  'HK$': 'HKD', 'S$': 'SGD', 'NT$': 'TWD', R$: 'BRL', 'MX$': 'MXN', 'RD$': 'DOP', $: 'USD',
  '£': 'GBP', '€': 'EUR', '¥': 'JPY', '円': 'JPY', '元': 'CNY', 'CN¥': 'CNY', RMB: 'CNY', '₹': 'INR', Rs: 'INR',
  'Rs.': 'INR', '₽': 'RUB', 'руб': 'RUB', 'р.': 'RUB', '₩': 'KRW', '₺': 'TRY', TL: 'TRY', '₪': 'ILS', '₫': 'VND',
  '₱': 'PHP', '฿': 'THB', '₴': 'UAH', '₦': 'NGN', '₡': 'CRC', '₲': 'PYG', '₵': 'GHS', '₸': 'KZT', '₼': 'AZN',
  '₾': 'GEL', 'zł': 'PLN', 'zl': 'PLN', 'Kč': 'CZK', Ft: 'HUF', lei: 'RON', лв: 'BGN', kn: 'HRK', kr: 'SEK',
  'kr.': 'DKK', CHF: 'CHF', 'Fr.': 'CHF', R: 'ZAR', RM: 'MYR', Rp: 'IDR', 'E£': 'EGP', 'ج.م': 'EGP',
  'د.إ': 'AED', 'ر.س': 'SAR', '﷼': 'SAR', '₨': 'PKR', '৳': 'BDT', '₭': 'LAK', '៛': 'KHR', '₮': 'MNT',
  '원': 'KRW', '圓': 'TWD', 'тг': 'KZT', '₸.': 'KZT', 'грн': 'UAH', 'ש"ח': 'ILS', 'ש״ח': 'ILS', 'ریال': 'IRR',
  euro: 'EUR', euros: 'EUR', dollar: 'USD', dollars: 'USD', pound: 'GBP', pounds: 'GBP', yen: 'JPY',
};

/**
 * ISO 4217 codes, to recognise a code written in a text ("EUR 12.00", "IRR"): every code the
 * runtime's Intl knows, less the few that are also everyday capitalised English words.
 */
const CODES_THAT_ARE_WORDS = new Set(['TOP', 'CUP', 'SOS', 'MOP']);
const ISO_CODES = new Set(Intl.supportedValuesOf('currency').filter((c) => !CODES_THAT_ARE_WORDS.has(c)));

const SIGNS_BY_LENGTH = Object.keys(CURRENCY_SIGNS).sort((a, b) => b.length - a.length);

/** ISO 4217 code for a sign, name or code found in the text; null when none is recognised. */
export function currencyCode(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (!text) return null;
  const code = /(?:^|[^A-Za-z])([A-Z]{3})(?![A-Za-z])/.exec(text);
  if (code && ISO_CODES.has(code[1])) return code[1];
  if (/^[a-z]{3}$/i.test(text) && ISO_CODES.has(text.toUpperCase())) return text.toUpperCase();
  for (const sign of SIGNS_BY_LENGTH) {
    const isWord = /^[A-Za-z.]+$/.test(sign);
    if (isWord) {
      const re = new RegExp(`(?:^|[^A-Za-z])${sign.replace(/[.$]/g, '\\$&')}(?![A-Za-z])`, sign.length <= 2 ? '' : 'i');
      if (re.test(text)) return CURRENCY_SIGNS[sign];
    } else if (text.includes(sign)) return CURRENCY_SIGNS[sign];
  }
  return null;
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SIGN_ALTERNATION = [...SIGNS_BY_LENGTH.filter((s) => !/^[A-Za-z.]+$/.test(s)), ...ISO_CODES].map(escapeRe).join('|');
const AMOUNT = '(\\d[\\d.,\'\u2019\\s\u00a0\u202f]*\\d|\\d)';
/** A sign of two letters or more written as a word ("RM19.97", "Rp 1.299.000"): not inside another word. */
const WORD_SIGN_ALTERNATION = SIGNS_BY_LENGTH.filter((s) => /^[A-Za-z.]{2,}$/.test(s)).map(escapeRe).join('|');
/**
 * A number right after a currency sign, code or sign word ("£279", "EUR 12,50", "RM19.97"), or
 * right before a sign ("12,50 €").
 */
const SIGNED_AFTER = new RegExp(`(?:${SIGN_ALTERNATION}|(?<!\\p{L})(?:${WORD_SIGN_ALTERNATION}))\\s?${AMOUNT}`, 'u');
const SIGNED_BEFORE = new RegExp(`${AMOUNT}\\s?(?:${SIGN_ALTERNATION}|zł|kr|Kč|Ft|lei|лв)`);

/**
 * The amount of a price text as a number; a dot followed by three digits groups thousands.
 * In a longer text ("Mirror, 2 doors, 100x14 cm £279") the number next to the currency sign wins.
 */
export function currencyAmount(input: unknown): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  if (typeof input !== 'string') return null;
  // The first signed amount of the text: "345.000 € 3.632 €/m²" is 345000, not the price per m².
  const after = SIGNED_AFTER.exec(input);
  const before = SIGNED_BEFORE.exec(input);
  const signed = after && before ? (before.index < after.index ? before : after) : (after ?? before);
  if (signed) return parseNumber(signed[1], { threeDigitDot: 'grouping' });
  return parseNumber(input, { threeDigitDot: 'grouping' });
}

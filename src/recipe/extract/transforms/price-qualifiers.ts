/**
 * Amounts a price text qualifies as something else than what the item costs: a price per unit
 * of measure ("€4.99/kg", "(€1.20 / 100 g)", "3,49 € le kg"), an instalment ("4 x R$ 25,00",
 * "or 4 payments of $12.50 with Klarna", "12x de R$ 8,33"), a monthly rate ("€19/mo"), and a
 * starting price ("from $26", "ab 12 €", "à partir de 9 €", "desde $ 100"). Shops print them
 * beside the price a buyer pays; they are never it.
 */
import { escapeRegExp as escapeRegex } from '../../../util/regex.js';

export type PriceQualifier = 'per-unit' | 'instalment' | 'from';

/** Units a price is given per: weight, volume, length, area, count. */
const UNIT = '(?:\\d+\\s?)?(?:kg|g|gr|mg|lb|lbs|oz|l|ltr|litre|liter|cl|ml|dl|m|cm|mm|m²|m2|m³|sq\\.?\\s?ft|ft|pc|pcs|piece|unit|ea|each|stk|st|stück|pièce|unidad|unità|шт|кг|л|個|本|枚)';
/** Periods a rate is given per. */
const PERIOD = '(?:mo|month|mth|monat|mois|mes|mese|maand|miesiąc|mies|мес|月|week|wk|woche|semaine|semana|year|yr|jahr|an|año|anno)';
/** What a price per unit or period is written with after its amount: "/kg", " per 100 g", " le kg", "/mo". */
const PER = '(?:/|per\\s|pro\\s|je\\s|le\\s|la\\s|por\\s|al\\s|за\\s)';
const AFTER_UNIT = new RegExp(`^\\s*${PER}\\s*${UNIT}(?![\\p{L}])`, 'iu');
const AFTER_PERIOD = new RegExp(`^\\s*${PER}\\s*${PERIOD}(?![\\p{L}])`, 'iu');
/** "4 x", "12x de", "3 × ", "4 payments of", "12 cuotas de", "10 parcelas de", "3 Raten à", "en 3 fois" before the amount. */
const INSTALMENT_WORDS = ['payments', 'installments', 'instalments', 'interest-free payments', 'cuotas', 'parcelas', 'prestações', 'raten', 'rate', 'mensualités', 'termijnen', 'rat', 'taksit', 'bayaran', 'cicilan'];
const BEFORE_INSTALMENT = new RegExp(
  `(?:\\d+\\s?[x×]\\s?(?:de\\s|of\\s|à\\s|a\\s|von\\s|da\\s)?|\\d+\\s(?:${INSTALMENT_WORDS.map(escapeRegex).join('|')})\\s(?:of|de|à|a|von|da|x|sin interés de|sem juros de)?\\s?)[^\\d]{0,6}$`,
  'iu',
);
/** Words of a starting price, in the languages of the web's largest shares, right before the amount (a sign may sit between). */
export const FROM_PRICE_WORDS = [
  'from', 'starting at', 'starting from', 'as low as', 'ab', 'schon ab', 'à partir de', 'dès', 'desde', 'a partir de', 'a partire da', 'da', 'vanaf', 'od', 'från', 'fra',
  'alkaen', 'от', 'від', 'od', 'już od', 'itibaren', 'mulai', 'từ', '起', 'から', '부터',
];
const BEFORE_FROM = new RegExp(`(?:^|[^\\p{L}])(?:${FROM_PRICE_WORDS.map(escapeRegex).join('|')})\\s*:?\\s*[^\\d\\p{L}]{0,6}$`, 'iu');
/** Starting prices written after the amount: "12 € 起", "1,000円から", "10.000원부터". */
const AFTER_FROM = /^\s*[^\s\d]{0,3}?\s*(?:起|から|부터|~|～)/u;

/**
 * What qualifies the amount written at `start`..`end` of `text`, if anything: the words right
 * before it (an instalment count, "from") and right after it (a unit or period).
 */
export function qualifierAt(text: string, start: number, end: number): PriceQualifier | null {
  const before = text.slice(Math.max(0, start - 40), start);
  const after = text.slice(end, end + 24);
  if (AFTER_PERIOD.test(after)) return 'instalment';
  if (AFTER_UNIT.test(after)) return 'per-unit';
  if (BEFORE_INSTALMENT.test(before)) return 'instalment';
  if (BEFORE_FROM.test(before) || AFTER_FROM.test(after)) return 'from';
  return null;
}

const NUMBER = /\d(?:[\d.,'\u2019]|[\s\u00a0](?=\d))*/g;
/** A sign written right after an amount: "€", "zł", "USD", "円", "kr." */
const SIGN_AFTER = /^[\s\u00a0]?(?:[^\s\d\p{L}/()]{1,3}|\p{L}{1,3}\.?)/u;

/**
 * What qualifies `amount` where a short price line writes it ("4 x R$ 25,00" qualifies 25 as an
 * instalment, "ab 12,90 €" 12.9 as a starting price); null when it is written plainly, or not at
 * all. `read` reads a written number as an amount.
 */
export function qualifierOf(line: string, amount: number, read: (written: string) => number | null): PriceQualifier | null {
  let plain = false;
  for (const m of line.matchAll(NUMBER)) {
    const written = m[0].replace(/[\s\u00a0.,]+$/, '');
    if (read(written) !== amount) continue;
    const start = m.index;
    const end = start + written.length;
    const sign = SIGN_AFTER.exec(line.slice(end))?.[0].length ?? 0;
    const q = qualifierAt(line, start, end) ?? (sign > 0 ? qualifierAt(line, start, end + sign) : null);
    if (!q) plain = true;
    else if (!plain) return q;
  }
  return null;
}

/**
 * How bench/prices.ts reads one example: the price text as a price field's transforms read it
 * (currency_amount, currency_code) in the page's locale. What the data knows of the page is its
 * locale: `currency_hint` (a currency named elsewhere on the page, as a JSON-LD priceCurrency
 * would) and `decimal_separator` (the page's number format); the currency falls back to the
 * hint's when the text names none.
 */
import { currencyAmount, currencyCode } from '../../src/recipe/extract/index.js';
import { UNKNOWN_LOCALE, type PageLocale } from '../../src/recipe/language/index.js';

/** One entry of real-price-strings.json. */
export interface PriceExample {
  text: string | null;
  currency_hint: string | null;
  currency: string | null;
  amount_text: string | null;
  amount: string | number | null;
  decimal_separator?: string;
  digit_group_separator?: string;
}

export interface BenchReading {
  amount: number | null;
  currency: string | null;
}

/** The page's locale as the example states it. */
export function exampleLocale(example: PriceExample): PageLocale {
  const currency = currencyCode(example.currency_hint);
  const decimal = example.decimal_separator === '.' || example.decimal_separator === ',' ? example.decimal_separator : null;
  const from: PageLocale['from'] = {};
  if (currency) from.currency = 'price_currency';
  if (decimal) from.decimal = 'given';
  return { ...UNKNOWN_LOCALE, currency, decimal, from };
}

export function readBenchPrice(example: PriceExample): BenchReading {
  const locale = exampleLocale(example);
  const text = example.text ?? '';
  const amount = example.text === null ? null : currencyAmount(text, locale);
  const currency = currencyCode(text, locale) ?? locale.currency;
  return { amount, currency };
}

/** The ISO code of the sign the data names, read in the same locale. */
export function signCode(sign: string, example: PriceExample): string | null {
  return currencyCode(sign, exampleLocale(example));
}

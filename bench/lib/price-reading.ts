/**
 * How bench/prices.ts reads one example: the price text as a price field's transforms read it
 * (currency_amount, currency_code), the currency falling back to what the page says elsewhere
 * (the example's `currency_hint`).
 */
import { currencyAmount, currencyCode } from '../../src/recipe/extract/index.js';

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

export function readBenchPrice(example: PriceExample): BenchReading {
  const text = example.text ?? '';
  const amount = example.text === null ? null : currencyAmount(text);
  const currency = currencyCode(text) ?? currencyCode(example.currency_hint);
  return { amount, currency };
}

/** The ISO code of the sign the data names, read as our own reading would read it alone. */
export function signCode(sign: string, _example: PriceExample): string | null {
  return currencyCode(sign);
}

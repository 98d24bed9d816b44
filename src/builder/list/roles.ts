/**
 * What a record's values are: prices ("£51.77", "1.299,00 €"), availability phrases, ratings
 * (class words, "4.5/5", "★★★★"), dates, numbers, and "Label: value" texts. Each recogniser
 * looks at the values of one candidate field across all training records.
 */
import { currencyAmount, currencyCode, fold, parseDate, parseNumber } from '../../recipe/extract/index.js';
import { NUMBER_WORDS } from '../../util/number-words.js';

const share = (values: string[], test: (v: string) => boolean): number =>
  values.length === 0 ? 0 : values.filter(test).length / values.length;

export function isPriceText(v: string): boolean {
  if (v.length > 40) return false;
  return currencyCode(v) !== null && currencyAmount(v) !== null && /\d/.test(v);
}

export function looksLikePrice(values: string[]): boolean {
  return share(values, isPriceText) >= 0.8;
}

const AVAILABILITY = [
  /\bin stock\b/, /\bout of stock\b/, /\bsold out\b/, /\bavailable\b/, /\bunavailable\b/, /\bpre-?order\b/, /\bbackorder/,
  /\ben stock\b/, /\bagotado\b/, /\bdisponible\b/, /\bop voorraad\b/, /\buitverkocht\b/, /\bniet leverbaar\b/, /\bauf lager\b/,
  /\bausverkauft\b/, /\bnicht verfugbar\b/, /\besaurito\b/, /\bdisponibile\b/, /\brupture de stock\b/, /\bsin stock\b/,
  /\bem estoque\b/, /\besgotado\b/, /\bdostepny\b/, /\blast items?\b/, /\blow stock\b/, /\bonly \d+ left\b/,
];

export function isAvailabilityText(v: string): boolean {
  const t = fold(v);
  return t.length <= 60 && AVAILABILITY.some((re) => re.test(t));
}

export function looksLikeAvailability(values: string[]): boolean {
  return share(values, isAvailabilityText) >= 0.8;
}

/** "4.5/5", "4.5 out of 5", "4 stars", "★★★★☆": the rating's number pattern for a regex transform. */
export const RATING_TEXT = /^(\d(?:[.,]\d+)?)\s*(?:\/\s*(?:5|10)|out of (?:5|10)|stars?|★)/i;

export function looksLikeRatingText(values: string[]): boolean {
  return share(values, (v) => RATING_TEXT.test(v.trim()) || /^[★☆]{3,10}$/.test(v.trim())) >= 0.8;
}

export function starCount(values: string[]): boolean {
  return values.every((v) => /^[★☆]{3,10}$/.test(v.trim()));
}

export function looksLikeDate(values: string[]): boolean {
  return share(values, (v) => v.length <= 40 && /\d/.test(v) && !/^\d+$/.test(v.trim()) && !isPriceText(v) && parseDate(v.trim()) !== null) >= 0.8;
}

/** Numbers written plainly ("1,234", "87%", "123 reviews"); not prices, dates or codes. */
export function looksLikeNumber(values: string[]): boolean {
  return share(values, (v) => /^[\s(]*[-+]?\d[\d\s.,]*%?\s*[\p{L}]{0,12}[\s)]*$/u.test(v) && parseNumber(v) !== null && !isPriceText(v)) >= 0.9;
}

/** A label every value starts with ("Author: X", "By X"), or null. */
export function commonLabel(values: string[]): string | null {
  if (values.length < 2) return null;
  const labels = values.map((v) => /^([^:：]{1,25})[:：]\s*\S/.exec(v)?.[1]?.trim() ?? null);
  if (labels.every((l) => l !== null && l === labels[0])) return labels[0];
  const by = values.every((v) => /^by\s+\S/i.test(v));
  return by ? 'by' : null;
}

/** Class words are number words (One..Five): the rating table for class_word. */
export const CLASS_WORD_TABLE: Record<string, number> = NUMBER_WORDS;

/** Texts ending in "..." or "…" are truncated: a fuller value elsewhere (title attr) wins. */
export function looksTruncated(values: string[]): boolean {
  return values.some((v) => /(?:\.\.\.|…)\s*$/.test(v));
}

/** Phrases that label an action, not a value ("Read more", "Add to basket"). */
export function isActionText(v: string): boolean {
  return /^(?:read more|more|view|details|view details|add to (?:basket|cart|bag)|buy(?: now)?|learn more|see more|shop now|continue reading|leer mas|ver mas|meer info|lees meer|mehr|en savoir plus)$/i.test(fold(v));
}

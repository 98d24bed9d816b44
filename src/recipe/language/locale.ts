/**
 * A page's locale as the values of the page need it: the language and country it is written
 * for, its currency, and how it writes numbers and dates; each part says which signal of the
 * page decided it (recipe/extract/page-locale.ts reads them).
 */

/** Where a part of the locale was read. */
export type LocaleSignal =
  | 'html_lang' // <html lang="es-CL">
  | 'og_locale' // <meta property="og:locale" content="es_CL">
  | 'hreflang' // <link rel="alternate" hreflang="es-CL" href="(this page)">
  | 'tld' // the host's country domain (.cl)
  | 'price_currency' // JSON-LD / microdata priceCurrency on the page
  | 'site_price_currency' // priceCurrency the site's other pages state (the builder's training pages)
  | 'number_format' // how the page's own prices are written ("1.299,00")
  | 'language' // derived: the country or the number format the language usually has
  | 'given'; // set by the caller (a test, a benchmark's known separator)

export type DateOrder = 'dmy' | 'mdy' | 'ymd';

export interface PageLocale {
  /** BCP 47 language ("es"), lower case. */
  language: string | null;
  /** ISO 3166 region ("CL"), upper case. */
  region: string | null;
  /** ISO 4217 code of the page's prices, when the page names it. */
  currency: string | null;
  /** The decimal separator of the page's numbers. */
  decimal: '.' | ',' | null;
  /** The order of a numeric date's day, month and year. */
  dateOrder: DateOrder | null;
  /** The signal that decided each part. */
  from: Partial<Record<'language' | 'region' | 'currency' | 'decimal' | 'dateOrder', LocaleSignal>>;
}

export const UNKNOWN_LOCALE: PageLocale = Object.freeze({ language: null, region: null, currency: null, decimal: null, dateOrder: null, from: {} });

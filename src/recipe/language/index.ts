/**
 * Language data for reading values: generated from ICU/CLDR (generated/), hand-written words
 * only where CLDR has none (packs/), and the page's locale that decides shared readings.
 */
export { LANGUAGES, type Language } from './locales.js';
export type { LanguagePack } from './pack.js';
export { DURATION_UNITS, HALF_WORDS, UNIT_LENGTH_MINUTES } from './durations.js';
export { monthOfWord } from './months.js';
export { SIGN_CODES, TEXT_SIGNS, isWordSign, signCurrency, minorDigits, type SignDecision } from './currencies.js';
export { UNKNOWN_LOCALE, type PageLocale, type LocaleSignal, type DateOrder } from './locale.js';
export { DIGIT_ZEROS } from './generated/digits.js';

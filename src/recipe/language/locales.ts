/**
 * The languages whose words the extraction reads (BCP 47 codes, ICU's spelling). The generator
 * (src/recipe/language/generate.ts) writes generated/*.ts for each from Node's Intl; a language's
 * hand-written words (concept labels, abbreviations CLDR lacks) live in packs/<code>.ts.
 *
 * Order matters where two languages write one word for different things (hr "listopad" is
 * October, pl "listopad" November): without the page's language the earlier one wins, so the
 * languages most pages are written in come first.
 */
export const LANGUAGES = [
  'en', 'es', 'fr', 'de', 'nl', 'it', 'pt', 'pl', 'sv', 'da', 'nb', 'nn', 'fi', 'cs', 'sk', 'tr', 'ro', 'hu', 'ru', 'uk',
  'be', 'bg', 'sr', 'sr-Latn', 'hr', 'bs', 'sl', 'mk', 'sq', 'el', 'lt', 'lv', 'et', 'is', 'ga', 'cy', 'mt', 'eu', 'ca', 'gl',
  'he', 'ar', 'fa', 'ur', 'hi', 'ne', 'mr', 'bn', 'ta', 'te', 'si', 'th', 'km', 'lo', 'my', 'vi', 'id', 'ms', 'fil', 'sw',
  'zu', 'xh', 'af', 'am', 'ja', 'zh', 'zh-Hant', 'ko', 'ka', 'hy', 'az', 'kk', 'ky', 'uz', 'mn', 'tk', 'tg',
] as const;

export type Language = (typeof LANGUAGES)[number];

/**
 * A deliberately light stemmer for several languages at once. The marketplace does not know the
 * language of a query or a listing, so one set of rules runs on every word; it only has to map the
 * forms people actually type onto one key, on both sides:
 *   plurals  books/book, companies/company, boxes/box, hoteles/hotel, wohnungen/wohnung, boeken/boek
 *   -ing     booking/book, shopping/shop
 *   endings  recipe/recipes/receta/recetas share "recip"/"recet"; libro/libri -> "libr" (final vowel)
 * Over-stemming is tolerable (both sides collide the same way); under-stemming loses matches.
 * Input is already folded (lower case, no diacritics).
 */

/** Words whose final "s" is not a plural. */
const KEEP_S = new Set(['news', 'series', 'species', 'always', 'physics', 'economics', 'politics', 'mathematics', 'tennis', 'paris', 'texas', 'kansas', 'ios', 'macos', 'sms', 'gps', 'dns', 'rss', 'aws', 'css']);

/** -ing words whose stem means something else ("booking" is a reservation, "book" a volume). */
const KEEP_ING = new Set(['booking', 'housing', 'clothing', 'wedding', 'building', 'pudding', 'morning', 'evening', 'meeting']);

const VOWEL = /[aeiouy]/;

/** -ies -> -y (then -i below, like the singular), -sses -> -ss, sibilant + es -> stem, -s -> stem, Germanic -en -> stem. */
function stripPlural(word: string): string {
  if (KEEP_S.has(word)) return word;
  if (word.length >= 5 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.length >= 5 && /(?:x|ch|sh|z)es$/.test(word)) return word.slice(0, -2);
  if (word.length >= 4 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  // German/Dutch plural -en; not after "e" (screen, between, green) and only on longer words.
  if (word.length >= 6 && word.endsWith('en') && word[word.length - 3] !== 'e') return word.slice(0, -2);
  return word;
}

/** English -ing (booking, shopping -> shopp -> shop); keeps words whose rest has no vowel (string). */
function stripIng(word: string): string {
  if (word.length < 6 || !word.endsWith('ing') || KEEP_ING.has(word)) return word;
  let rest = word.slice(0, -3);
  if (!VOWEL.test(rest)) return word;
  if (/([bdfgklmnprt])\1$/.test(rest)) rest = rest.slice(0, -1);
  return rest;
}

/** Final vowel (recipe, receta, ricetta, libro) and consonant + y (company -> compani, like companies). */
function stripFinalVowel(word: string): string {
  if (word.length >= 4 && /[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}i`;
  if (word.length >= 5 && /[aeio]$/.test(word)) return word.slice(0, -1);
  return word;
}

export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  return stripFinalVowel(stripIng(stripPlural(word)));
}

/**
 * Text to search terms, identical for documents and queries (a term only matches if both sides
 * went through the same steps): split identifiers (snake_case, kebab-case, camelCase, digits),
 * lower-case, fold diacritics and ligatures, drop stop words, then stem lightly (stem.ts).
 */
import { stem } from './stem.js';

/** Letters the NFKD decomposition leaves whole, folded by hand. */
const SPECIAL_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const SPECIAL_FOLD_RE = /[ßæœøłđðþı]/g;

const ASCII_ONLY = /^[\x00-\x7f]*$/;

/** Lower-case and strip diacritics: "Crème Brûlée" -> "creme brulee", "Straße" -> "strasse". */
export function foldText(text: string): string {
  if (ASCII_ONLY.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(SPECIAL_FOLD_RE, (ch) => SPECIAL_FOLDS[ch] ?? ch);
}

// One pass: a boundary after a lower-case letter before an upper-case one (getBooks), inside an
// upper-case run before a capitalised word (HTMLParser), between letters and digits (v2, 24h),
// and at identifier punctuation (snake_case, kebab-case, dotted.names).
const IDENTIFIER_BOUNDARY = /(\p{Ll})(?=\p{Lu})|(\p{Lu})(?=\p{Lu}\p{Ll})|(\p{L})(?=\p{N})|(\p{N})(?=\p{L})|[_\-./]+/gu;

/**
 * Break identifiers before lower-casing loses the case boundaries:
 * "getBooksByAuthor" -> "get Books By Author", "HTMLParser" -> "HTML Parser", "list_books2" -> "list books 2".
 */
export function splitIdentifiers(text: string): string {
  return text.replace(IDENTIFIER_BOUNDARY, (match, lower?: string, upper?: string, letter?: string, digit?: string) => {
    const kept = lower ?? upper ?? letter ?? digit;
    return kept === undefined ? ' ' : `${kept} `;
  });
}

/** Function words of the languages the marketplace sees most; they only add noise to ranking. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be by for from has have how i in into is it its of on or our the their this that to was what ' +
    'when where which who will with you your all any can get via using use uses api apis data ' +
    'der die das den dem des ein eine einen und oder mit von fur auf im ist zu bei aus nach uber ' +
    'le la les un une des et ou du de au aux en pour par sur avec dans est ' +
    'el los las unos unas y o del al con por para sobre es en ' +
    'il lo gli di da e per con su nel della delle dei ' +
    'het een en van voor met op in is te bij uit ' +
    'o os as um uma do da dos das em no na com por para'
  ).split(' '),
);

/** Han, Hiragana, Katakana, Thai: scripts written without spaces; each character becomes a term. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

/** Words of a text, folded but neither stemmed nor filtered (used by the n-gram hashing and the lexicons). */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const raw of foldText(splitIdentifiers(text)).split(/[^\p{L}\p{N}]+/u)) {
    if (!raw) continue;
    if (UNSPACED_SCRIPT.test(raw)) {
      for (const ch of raw) out.push(ch);
    } else {
      out.push(raw);
    }
  }
  return out;
}

/** word -> its stem; the vocabulary is bounded, so is the cache. */
const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 200_000;

function cachedStem(word: string): string {
  let term = stemCache.get(word);
  if (term === undefined) {
    term = stem(word);
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stemCache.set(word, term);
  }
  return term;
}

function termOf(word: string): string {
  return STOP_WORDS.has(word) ? '' : cachedStem(word);
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** Search terms of a text: words minus stop words, stemmed. Order (and repeats) kept for term frequencies. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    const term = termOf(word);
    if (term) out.push(term);
  }
  return out;
}

/**
 * Terms of a document for the lexical index: stop words kept (idf makes them nearly free, and a
 * query made only of stop words, "The Who", must still find its listing).
 */
export function indexTerms(text: string): string[] {
  return words(text).map(cachedStem);
}

/** Terms of a query: without its stop words, or all its words when it has nothing else. */
export function queryTerms(text: string): string[] {
  const list = terms(text);
  return list.length > 0 ? list : indexTerms(text);
}

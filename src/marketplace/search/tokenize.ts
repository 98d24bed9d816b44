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

/** Lower-case and strip diacritics: "Crème Brûlée" -> "creme brulee", "Straße" -> "strasse". */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(SPECIAL_FOLD_RE, (ch) => SPECIAL_FOLDS[ch] ?? ch);
}

/**
 * Break identifiers before lower-casing loses the case boundaries:
 * "getBooksByAuthor" -> "get Books By Author", "HTMLParser" -> "HTML Parser", "list_books2" -> "list books 2".
 */
export function splitIdentifiers(text: string): string {
  return text
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .replace(/(\p{N})(\p{L})/gu, '$1 $2')
    .replace(/[_\-./]+/g, ' ');
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

/** Search terms of a text: words minus stop words, stemmed. Order (and repeats) kept for term frequencies. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    if (STOP_WORDS.has(word)) continue;
    out.push(stem(word));
  }
  return out;
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

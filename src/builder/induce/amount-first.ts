/**
 * Ingredient lines are written amount first ("275 g Kritharaki"). Shop-like recipe pages (meal
 * kits, supermarkets' recipe sections) show each ingredient as a card with the name over its
 * amount, so the card reads "Kritharaki 275 g". When most lines of a site read so, every source
 * of the field gets a transform that moves the trailing amount to the front; lines that state
 * their amount first, or none ("Salz"), are left as they are.
 */
import type { PageContext } from '../../recipe/extract/index.js';
import type { Transform } from '../../recipe/types.js';
import type { Concept } from '../knowledge/index.js';
import { measure, type ScoredCandidate } from './score-candidates.js';

const NUMBER = String.raw`[\d½¼¾⅓⅔⅛][\d.,/½¼¾⅓⅔⅛]*`;
/**
 * A name with no number that ends in a letter or bracket (not a separator: "Échalote - 1" is
 * written so), white space, then an amount and at most one unit word ("Zehen", "Stk.", "el").
 */
const AMOUNT_LAST = String.raw`^([^\d½¼¾⅓⅔⅛\s](?:[^\d½¼¾⅓⅔⅛]*[\p{L}\p{M})])?)\s+(${NUMBER}(?:\s*[-–]\s*${NUMBER})?(?:\s*[^\s\d,;:()]{1,8})?)$`;
const AMOUNT_LAST_RE = new RegExp(AMOUNT_LAST, 'u');
const HAS_NUMBER = /[\d½¼¾⅓⅔⅛]/u;
/**
 * Chinese, Japanese and Korean write every ingredient line name first ("雞腿肉 2 隻", "牛こま切れ肉
 * 200g", "돼지고기 300g"), in print as on cards: such a line is how the language writes it, not a card.
 */
const NAME_FIRST_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export const AMOUNT_FIRST: Transform = { op: 'replace', pattern: AMOUNT_LAST, flags: 'u', replacement: '$2 $1' };

/** Lines with an amount at least; the share of them that must state it last. */
const MIN_LINES = 3;
const MIN_SHARE = 0.6;

/** Whether the lines state their amounts after the names, as cards do. */
export function amountsLast(lines: string[]): boolean {
  const counted = lines.filter((l) => HAS_NUMBER.test(l));
  const last = counted.filter((l) => AMOUNT_LAST_RE.test(l) && !NAME_FIRST_SCRIPT.test(l)).length;
  return last >= MIN_LINES && last >= MIN_SHARE * counted.length;
}

/** Re-measures every candidate with the reordering when the best one reads the site's lines amount last. */
export function putAmountsFirst(scored: ScoredCandidate[], concept: Concept, pages: PageContext[]): void {
  if (!concept.amountFirst || scored.length === 0) return;
  const best = scored.reduce((a, b) => (b.score > a.score ? b : a));
  const lines = best.values.flatMap((v) => (Array.isArray(v) ? v : v === null ? [] : [v])).filter((v): v is string => typeof v === 'string');
  if (!amountsLast(lines)) return;
  scored.forEach((s, i) => {
    scored[i] = measure({ ...s.candidate, clean: [...(s.candidate.clean ?? []), AMOUNT_FIRST] }, concept, pages);
  });
}

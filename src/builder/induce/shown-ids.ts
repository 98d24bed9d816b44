/**
 * What a person copies is what the page shows. Structured data sometimes states a value the page
 * never prints: a shop's internal key as the sku (the id in its URLs) where the page prints the
 * product code under its own label ("Cod produs: 5099873388655"), a job's city in another
 * spelling ("Tirana" where the page says "Qyteti: Tiranë"), a date in ISO form (or a stale one)
 * where the page says "Publikuar më: 8 korrik 2025". When the structured value is never shown
 * on the training pages and a labelled one is, on every page, the labelled one is what the page
 * calls that field. Only for codes, short texts, titles, names of people and organisations and
 * dates: prices, amounts and stock states are always written differently from their structured
 * form and have rules of their own.
 *
 * An element whose class names the field ("company-name") speaks as a label does: its author
 * wrote what it holds; so does the page's h1 for its title. Where no label is known in the page's
 * language (a Nepali job board whose JSON-LD gives the employer's English name, a Sinhala h1 where
 * the JSON-LD names the product in English), it is what the page shows for the field; a label
 * still goes first.
 */
import type { PageContext } from '../../recipe/extract/index.js';
import type { Concept } from '../knowledge/index.js';
import { JUST_ABOVE, NEXT_ABOVE, rankAbove } from './preference.js';
import { bestStructured, type ScoredCandidate } from './score-candidates.js';

const MIN_FIT = 0.8;

/**
 * Text as a reader compares it: case and compatibility forms aside, but marks kept. "Durres" is
 * not what a page printing "Durrës" shows (and not what a person copies from it).
 */
const asRead = (text: string): string => text.normalize('NFKC').toLowerCase();

const visibleText = new WeakMap<PageContext, string>();
function shownText(page: PageContext): string {
  let text = visibleText.get(page);
  if (text === undefined) {
    const body = page.$('body')[0];
    text = body ? asRead(page.text(body)) : '';
    visibleText.set(page, text);
  }
  return text;
}

/** A value's texts: one, or each name of a list (several authors). */
const texts = (v: unknown): string[] =>
  typeof v === 'string' || typeof v === 'number' ? [String(v)] : Array.isArray(v) ? v.filter((x) => typeof x === 'string' || typeof x === 'number').map(String) : [];
const one = (v: unknown): string | null => {
  const all = texts(v);
  return all.length > 0 ? all.join(', ') : null;
};

export const SHOWN_SHAPES = new Set<Concept['shape']>(['identifier', 'isbn13', 'text', 'title', 'date', 'organization', 'person']);

export function preferShownValue(scored: ScoredCandidate[], concept: Concept, pages: PageContext[]): void {
  if (!SHOWN_SHAPES.has(concept.shape)) return;
  const best = bestStructured(scored, MIN_FIT);
  if (!best) return;
  const hidden = best.values.every((v, i) => texts(v).every((t) => !shownText(pages[i]).includes(asRead(t))));
  if (!hidden) return;
  for (const s of scored) {
    const margin = s.candidate.kind === 'label' ? JUST_ABOVE : s.candidate.named || isPageHeading(s, concept) ? NEXT_ABOVE : 0;
    if (margin === 0 || s.coverage < best.coverage || s.fit < MIN_FIT) continue;
    const differs = s.values.every((v, i) => {
      const mine = one(v);
      const theirs = one(best.values[i]);
      return mine !== null && theirs !== null && asRead(mine) !== asRead(theirs) && (!WRITTEN_OVER.has(concept.shape) || scriptOf(mine) !== scriptOf(theirs));
    });
    if (differs) rankAbove(s, best.score, margin);
  }
}

/**
 * Titles and people's names: structured data often words them otherwise than the page (a SEO
 * name, "Recipe by" added), and the structured form is then what a person copies. Only one in
 * another script (a translation or transliteration kept for search engines: an English product
 * name over a Sinhala h1, Łacinka authors over Cyrillic ones) is not what a reader of the page sees.
 */
const WRITTEN_OVER = new Set<Concept['shape']>(['title', 'person']);
const SCRIPTS = ['Latin', 'Cyrillic', 'Greek', 'Arabic', 'Hebrew', 'Devanagari', 'Bengali', 'Tamil', 'Sinhala', 'Thai', 'Khmer', 'Han', 'Hangul', 'Georgian', 'Armenian', 'Ethiopic'];
const SCRIPT_PATTERNS = SCRIPTS.map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'gu')] as const);

/** The script most of a text's letters are written in. */
function scriptOf(text: string): string {
  let best = '';
  let most = 0;
  for (const [name, pattern] of SCRIPT_PATTERNS) {
    const n = text.match(pattern)?.length ?? 0;
    if (n > most) [best, most] = [name, n];
  }
  return best;
}

/** The page's visible h1 for a title (not the document's <title>, which carries the site's name). */
function isPageHeading(s: ScoredCandidate, concept: Concept): boolean {
  const css = (s.candidate.source as { css?: string }).css ?? '';
  return concept.shape === 'title' && s.candidate.kind === 'heading' && /^h1(?:[.#[:]|$)/.test(css);
}

/**
 * What a person copies is what the page shows. Structured data sometimes states a value the page
 * never prints: a shop's internal key as the sku (the id in its URLs) where the page prints the
 * product code under its own label ("Cod produs: 5099873388655"), a job's city in another
 * spelling ("Tirana" where the page says "Qyteti: Tiranë"), a date in ISO form (or a stale one)
 * where the page says "Publikuar më: 8 korrik 2025". When the structured value is never shown
 * on the training pages and a labelled one is, on every page, the labelled one is what the page
 * calls that field. Only for codes, short texts and dates: prices, amounts and stock states are
 * always written differently from their structured form and have rules of their own.
 */
import type { PageContext } from '../../recipe/extract/index.js';
import type { Concept } from '../knowledge/index.js';
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

const one = (v: unknown): string | null => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

const SHOWN_SHAPES = new Set<Concept['shape']>(['identifier', 'text', 'date']);

export function preferShownValue(scored: ScoredCandidate[], concept: Concept, pages: PageContext[]): void {
  if (!SHOWN_SHAPES.has(concept.shape)) return;
  const best = bestStructured(scored, MIN_FIT);
  if (!best) return;
  const hidden = best.values.every((v, i) => {
    const t = one(v);
    return t === null || !shownText(pages[i]).includes(asRead(t));
  });
  if (!hidden) return;
  for (const s of scored) {
    if (s.candidate.kind !== 'label' || s.coverage < best.coverage || s.fit < MIN_FIT) continue;
    const differs = s.values.every((v, i) => {
      const mine = one(v);
      const theirs = one(best.values[i]);
      return mine !== null && theirs !== null && asRead(mine) !== asRead(theirs);
    });
    if (differs) s.score = Math.max(s.score, best.score * 1.02);
  }
}

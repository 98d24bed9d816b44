/**
 * The code a shopper can read. Structured data sometimes states a shop's internal key as the
 * sku (the id in its URLs) while the page prints the product code under its own label
 * ("Cod produs: 5099873388655"). When the structured identifier is never shown on the training
 * pages and a labelled one is, on every page, the labelled one is what the page calls its code.
 */
import { fold, type PageContext } from '../../recipe/extract/index.js';
import type { Concept } from '../knowledge/index.js';
import { bestStructured, type ScoredCandidate } from './score-candidates.js';

const MIN_FIT = 0.8;

const visibleText = new WeakMap<PageContext, string>();
function shownText(page: PageContext): string {
  let text = visibleText.get(page);
  if (text === undefined) {
    const body = page.$('body')[0];
    text = body ? fold(page.text(body)) : '';
    visibleText.set(page, text);
  }
  return text;
}

const one = (v: unknown): string | null => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

export function preferShownIdentifier(scored: ScoredCandidate[], concept: Concept, pages: PageContext[]): void {
  if (concept.shape !== 'identifier') return;
  const best = bestStructured(scored, MIN_FIT);
  if (!best) return;
  const hidden = best.values.every((v, i) => {
    const t = one(v);
    return t === null || !shownText(pages[i]).includes(fold(t));
  });
  if (!hidden) return;
  for (const s of scored) {
    if (s.candidate.kind !== 'label' || s.coverage < best.coverage || s.fit < MIN_FIT) continue;
    const differs = s.values.every((v, i) => {
      const mine = one(v);
      const theirs = one(best.values[i]);
      return mine !== null && theirs !== null && fold(mine) !== fold(theirs);
    });
    if (differs) s.score = Math.max(s.score, best.score * 1.02);
  }
}

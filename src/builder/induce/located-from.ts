/**
 * Candidates found through other candidates' values: the HTML elements showing what the best
 * structured candidate states (so pages of the template without the data still get a value),
 * and those of a concept this one borrows from (a price text states its currency too).
 */
import type { PageContext } from '../../recipe/extract/index.js';
import { conceptById, type Concept } from '../knowledge/index.js';
import { gatherCandidates } from './candidates.js';
import { locatable, locatedCandidates } from './located.js';
import { bestStructured, measure, type ScoredCandidate } from './score-candidates.js';
import type { Candidate } from './types.js';

/** A borrowed concept's candidate is a little less likely this field's than its own. */
const BORROWED_PRIOR = 0.9;

/** HTML selectors for the values the best structured candidate states on the training pages. */
export function locatedFromStructured(scored: ScoredCandidate[], concept: Concept, pages: PageContext[]): Candidate[] {
  if (!locatable(concept.shape)) return [];
  const best = bestStructured(scored, 0.8);
  if (!best) return [];
  const values = best.values.map((v) => (Array.isArray(v) ? (v.length === 1 ? v[0] : null) : v));
  const known = new Set(scored.map((s) => JSON.stringify(s.candidate.source)));
  return locatedCandidates(pages, values, concept.shape).filter((c) => !known.has(JSON.stringify(c.source)));
}

/** The located elements of the concepts this one borrows from, measured as this concept's (with their cleaning). */
export function borrowedCandidates(scored: ScoredCandidate[], concept: Concept, pages: PageContext[], mainTypes: string[]): ScoredCandidate[] {
  const out: ScoredCandidate[] = [];
  for (const { concept: id, clean } of concept.borrowFrom ?? []) {
    const other = conceptById(id);
    if (!other) continue;
    const theirs = gatherCandidates({ pages, concept: other, mainTypes, fieldName: id }).map((c) => measure(c, other, pages));
    const known = new Set([...scored, ...out].map((x) => JSON.stringify(x.candidate.source)));
    for (const c of locatedFromStructured(theirs, other, pages)) {
      if (!known.has(JSON.stringify(c.source))) out.push(measure({ ...c, clean, prior: c.prior * BORROWED_PRIOR }, concept, pages));
    }
  }
  return out;
}

/**
 * Candidates found through other candidates' values: the HTML elements showing what the best
 * structured candidate states (so pages of the template without the data still get a value).
 */
import type { PageContext } from '../../recipe/extract/index.js';
import type { Concept } from '../knowledge/index.js';
import { locatable, locatedCandidates } from './located.js';
import { bestStructured, type ScoredCandidate } from './score-candidates.js';
import type { Candidate } from './types.js';

/** HTML selectors for the values the best structured candidate states on the training pages. */
export function locatedFromStructured(scored: ScoredCandidate[], concept: Concept, pages: PageContext[]): Candidate[] {
  if (!locatable(concept.shape)) return [];
  const best = bestStructured(scored, 0.8);
  if (!best) return [];
  const values = best.values.map((v) => (Array.isArray(v) ? (v.length === 1 ? v[0] : null) : v));
  const known = new Set(scored.map((s) => JSON.stringify(s.candidate.source)));
  return locatedCandidates(pages, values, concept.shape).filter((c) => !known.has(JSON.stringify(c.source)));
}

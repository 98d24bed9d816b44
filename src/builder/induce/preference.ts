/**
 * The two ways a rule states a preference between a field's candidates, so that no rule writes
 * its own arithmetic on scores:
 * - `rankAbove(s, other)`: s is what a person would copy rather than `other` (a fuller text, the
 *   printed code): s ranks just above other, whatever their measures said.
 * - `weigh(s, factor)`: the evidence against (factor < 1) or for (factor > 1) s, as a factor on
 *   its score.
 */
import type { ScoredCandidate } from './score-candidates.js';

/** How far above the candidate it is preferred to a preferred one ranks: enough to win, not to outrank a third. */
export const JUST_ABOVE = 1.02;
/** Preferred, but after what ranks JUST_ABOVE (a class named after the field, after a printed label). */
export const NEXT_ABOVE = 1.01;

export function rankAbove(s: ScoredCandidate, otherScore: number, margin: number = JUST_ABOVE): void {
  s.score = Math.max(s.score, otherScore * margin);
}

export function weigh(s: ScoredCandidate, factor: number): void {
  s.score *= factor;
}

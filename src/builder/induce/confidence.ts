/**
 * Agreement between a field's chosen source and the other kinds of source on the training pages
 * (builder/field-confidence.ts turns it into the field's confidence). The witnesses are the
 * fallbacks chosen with it and, of every other kind of source, the strongest candidate that is
 * a serious rival (nearly as strong as the winner, its values fitting the field): the printed
 * price beside the JSON-LD one, the heading beside og:title. Weak candidates are no witnesses:
 * every page has text that disagrees with any value.
 */
import type { Concept } from '../knowledge/index.js';
import { fitValue, valueKey } from './shapes.js';
import type { ScoredCandidate } from './score-candidates.js';

/** A rival scores at least this share of the winner's score. */
const RIVAL_SHARE = 0.5;
const RIVAL_FIT = 0.3;

export function witnessesOf(best: ScoredCandidate, chosen: ScoredCandidate[], scored: ScoredCandidate[]): ScoredCandidate[] {
  const witnesses = new Set(chosen.filter((c) => c !== best));
  const strongestOfKind = new Map<string, ScoredCandidate>();
  for (const s of scored) {
    if (s === best || s.candidate.kind === best.candidate.kind || s.coverage === 0 || s.fit < RIVAL_FIT) continue;
    if (s.score < RIVAL_SHARE * best.score) continue;
    const kept = strongestOfKind.get(s.candidate.kind);
    if (!kept || s.score > kept.score) strongestOfKind.set(s.candidate.kind, s);
  }
  for (const s of strongestOfKind.values()) witnesses.add(s);
  return [...witnesses];
}

/**
 * Mean, over the training pages where the best candidate and some witness both give a value, of
 * the share of those witnesses giving the same value; undefined when no witness ever gives one.
 */
export function agreementOf(best: ScoredCandidate, witnesses: ScoredCandidate[]): number | undefined {
  let pages = 0;
  let total = 0;
  best.values.forEach((v, page) => {
    if (v === null) return;
    const seen = witnesses.map((w) => w.values[page]).filter((w) => w !== null && w !== undefined);
    if (seen.length === 0) return;
    const mine = valueKey(v);
    pages++;
    total += seen.filter((w) => valueKey(w) === mine).length / seen.length;
  });
  return pages === 0 ? undefined : total / pages;
}

/**
 * How well the chosen source's values look like the field's shape (a price parses, an ISBN checks
 * out), without the ranking's own adjustments (a brand that is not in the title ranks lower, but
 * is not less surely a brand).
 */
export function shapeFit(best: ScoredCandidate, concept: Concept): number {
  const present = best.values.filter((v) => v !== null);
  return present.length === 0 ? 0 : present.reduce((acc: number, v) => acc + fitValue(concept.shape, v), 0) / present.length;
}

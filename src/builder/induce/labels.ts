/**
 * Candidates from visible labels ("Publisher: X", `<th>ISBN</th><td>…</td>`, `<dt>Zutaten</dt>`):
 * the concept's label words, in every language we know, that occur as a label on some
 * training page. Each label that hits is tried alone and all of them together.
 */
import { labelValues } from '../../recipe/extract/index.js';
import type { Candidate, InduceContext } from './types.js';

export function labelCandidates(ctx: InduceContext): Candidate[] {
  const words = [...new Set(ctx.concept.labels.map((l) => l.trim()).filter(Boolean))];
  const hits: string[] = [];
  for (const word of words) {
    if (ctx.pages.some((p) => labelValues(p, [word], null).length > 0)) hits.push(word);
  }
  if (hits.length === 0) return [];
  const out: Candidate[] = hits.map((word, i) => ({
    source: { label: word },
    kind: 'label',
    prior: 0.8 - Math.min(0.1, 0.02 * i),
    describe: `label "${word}"`,
  }));
  if (hits.length > 1) out.push({ source: { label: hits }, kind: 'label', prior: 0.78, describe: `label ${hits.map((h) => `"${h}"`).join('|')}` });
  return out;
}

/**
 * The fuller text the page shows. Structured data often holds a fragment of what a person
 * reads: the city of "Chicago, IL", the lower bound of "$70,000 - $85,000 a year". For a
 * plain-text field, an HTML candidate whose value contains the structured value on every
 * training page (and is not much longer) is the one a person would copy, so it is raised just
 * above the structured one.
 */
import { currencyAmount, fold } from '../../recipe/extract/index.js';
import type { Concept } from '../knowledge/index.js';
import type { ScoredCandidate } from './score-candidates.js';

const STRUCTURED = new Set(['jsonld', 'microdata', 'meta', 'embedded']);
const MIN_FIT = 0.8;
/** The fuller text may add this many characters, plus three times the fragment's length. */
const SLACK = 40;

function text(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v) && v.length === 1) return text(v[0]);
  return null;
}

/** Whether `full` shows `part` and more: as whole words, or (a number) as the amount it starts with. */
function richer(full: unknown, part: unknown): boolean {
  const f = text(full);
  const p = text(part);
  if (!f || !p || f.length <= p.length || f.length > 4 * p.length + SLACK) return false;
  if (typeof part === 'number') return currencyAmount(f) === part;
  const folded = fold(p).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|[^\\p{L}\\p{N}])${folded}(?:$|[^\\p{L}\\p{N}])`, 'u').test(fold(f));
}

export function preferRicherText(scored: ScoredCandidate[], concept: Concept): void {
  if (concept.shape !== 'text') return;
  const best = scored.filter((s) => STRUCTURED.has(s.candidate.kind) && s.coverage > 0 && s.fit >= MIN_FIT).sort((a, b) => b.score - a.score)[0];
  if (!best) return;
  for (const h of scored) {
    if (STRUCTURED.has(h.candidate.kind) || h.coverage < best.coverage || h.fit < MIN_FIT) continue;
    let overlap = 0;
    let fuller = 0;
    h.values.forEach((v, i) => {
      const s = best.values[i];
      if (v === null || s === null) return;
      overlap++;
      if (richer(v, s)) fuller++;
    });
    if (overlap > 0 && fuller === overlap) h.score = Math.max(h.score, best.score * 1.02);
  }
}

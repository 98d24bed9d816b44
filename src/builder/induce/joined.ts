/**
 * Several values written as one text ("A, B and C"): people get a split on every candidate
 * reading them as one text (so it agrees with candidates reading names one by one); a list
 * read as one text per page gets a split variant of that candidate.
 */
import type { PageContext } from '../../recipe/extract/index.js';
import type { Concept } from '../knowledge/index.js';
import { agreesWith, measure, type ScoredCandidate } from './score-candidates.js';
import { listSplit, peopleSplit } from './split.js';
import type { Candidate } from './types.js';

/** How many good candidates speak for the values a split is judged on. */
const SPLIT_JUDGES = 4;
const LIST_SPLIT_TRIES = 8;

export function splitJoinedValues(scored: ScoredCandidate[], concept: Concept, pages: PageContext[]): void {
  if (!concept.many) return;
  const ranked = [...scored].filter((s) => s.coverage > 0 && s.fit >= 0.5).sort((a, b) => b.score - a.score);
  if (concept.shape === 'person' && ranked.length > 0) {
    // The best source and those reading the same people on some page (not a stray "by").
    const judges = ranked.filter((s) => s === ranked[0] || (s.score >= 0.5 * ranked[0].score && agreesWith(s, ranked[0]).agree > 0)).slice(0, SPLIT_JUDGES);
    const split = peopleSplit(judges.flatMap((s) => s.values), pages);
    if (!split) return;
    // Only sources reading everyone as one text: a list of names (one per link) is split already ("Sam & the Wrens").
    scored.forEach((s, i) => {
      if (s.values.some((v) => Array.isArray(v) && v.length > 1) || namesOneEntity(s.candidate)) return;
      scored[i] = measure({ ...s.candidate, clean: [...(s.candidate.clean ?? []), split] }, concept, pages);
    });
    return;
  }
  if (concept.shape !== 'list') return;
  for (const s of ranked.slice(0, LIST_SPLIT_TRIES)) {
    const split = listSplit(s.values);
    if (!split) continue;
    const c = s.candidate;
    scored.push(measure({ ...c, clean: [...(c.clean ?? []), split], describe: `${c.describe} (split)` }, concept, pages));
  }
}

/**
 * A source reading the `name` of a structured object (`author.name`): the data says one person
 * ("delf et dom" is one account), so its text is never split at a conjunction.
 */
export function namesOneEntity(c: Candidate): boolean {
  const source = c.source as { jsonld?: { path?: string }; microdata?: { itemprop?: string } };
  return /(?:^|\.)name$/.test(source.jsonld?.path ?? '') || /(?:^|\.)name$/.test(source.microdata?.itemprop ?? '');
}

/**
 * Titles that carry the site's name: a page's <title> or og:title is often the entity's name plus
 * " | Site" or " - Site". When one candidate's value is another candidate's value plus such a tail
 * on every training page, the longer reading is demoted; when the tail is the same on every page
 * (the site's name), a variant of it with the tail cut is offered too, for pages where the
 * shorter source is missing.
 */
import { KIND_WORDS, type Concept } from '../knowledge/index.js';
import type { Candidate } from './types.js';
import { weigh } from './preference.js';
import type { ScoredCandidate } from './score-candidates.js';
import { escapeRegExp } from '../../util/regex.js';

const DEMOTION = 0.7;
const MIN_FIT = 0.8;
/** What starts a site suffix: a separator, then a word. */
const SUFFIX_START = /^\s*[|\-–—:·•»]\s+\S/;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The tail `long` has beyond `short` when it is `short` plus a separated suffix, else null. */
function suffixOf(long: string, short: string): string | null {
  if (short.length < 3 || long.length <= short.length || !long.startsWith(short)) return null;
  const tail = long.slice(short.length);
  return SUFFIX_START.test(tail) ? tail.trim() : null;
}

/** The tails `s` has beyond `o` on each page where `s` has a value, or null when one page has none. */
function tailsBeyond(s: ScoredCandidate, o: ScoredCandidate): string[] | null {
  const tails: string[] = [];
  for (let i = 0; i < s.values.length; i++) {
    const long = text(s.values[i]);
    if (long === null) continue;
    const short = text(o.values[i]);
    const tail = short === null ? null : suffixOf(long, short);
    if (tail === null) return null;
    tails.push(tail);
  }
  return tails.length > 0 ? tails : null;
}

export function demoteSiteSuffixed(scored: ScoredCandidate[], concept: Concept): Candidate[] {
  if (concept.shape !== 'title') return [];
  const variants: Candidate[] = [];
  for (const s of scored) {
    if (s.coverage === 0) continue;
    const tails = scored
      .filter((o) => o !== s && o.coverage > 0 && o.fit >= MIN_FIT)
      .map((o) => tailsBeyond(s, o))
      .find((t): t is string[] => t !== null);
    if (!tails) continue;
    weigh(s, DEMOTION);
    if (new Set(tails).size !== 1) continue;
    const pattern = `\\s*${escapeRegExp(tails[0]).replace(/\s+/g, '\\s+')}$`;
    variants.push({
      ...s.candidate,
      clean: [...(s.candidate.clean ?? []), { op: 'replace', pattern, replacement: '' }],
      prior: s.candidate.prior * 0.95,
      describe: `${s.candidate.describe} (site suffix cut)`,
    });
  }
  return variants;
}

/** A tag of the page's kind after the name is stronger evidence than a site name: demoted harder. */
const KIND_DEMOTION = 0.5;

/**
 * Titles tagged with the page's kind ("Arretjescake – Recept"): the name is what comes before the
 * tag. A candidate whose value ends so on every training page where it has one is demoted, and a
 * variant with the tag cut is offered (a no-op on pages written without the tag).
 */
export function cutKindSuffix(scored: ScoredCandidate[], concept: Concept, mainTypes: string[]): Candidate[] {
  if (concept.shape !== 'title') return [];
  const words = mainTypes.flatMap((t) => KIND_WORDS[t] ?? []);
  if (words.length === 0) return [];
  const pattern = `\\s*[|\\-–—:·•»]\\s*(?:${words.map(escapeRegExp).join('|')})\\s*$`;
  const tagged = new RegExp(pattern, 'iu');
  const variants: Candidate[] = [];
  for (const s of scored) {
    const values = s.values.map(text).filter((v): v is string => v !== null);
    if (values.length === 0 || !values.every((v) => tagged.test(v) && v.replace(tagged, '').length >= 3)) continue;
    weigh(s, KIND_DEMOTION);
    variants.push({
      ...s.candidate,
      clean: [...(s.candidate.clean ?? []), { op: 'replace', pattern, replacement: '', flags: 'iu' }],
      prior: s.candidate.prior * 0.95,
      describe: `${s.candidate.describe} (kind tag cut)`,
    });
  }
  return variants;
}

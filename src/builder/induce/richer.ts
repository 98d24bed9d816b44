/**
 * The fuller text the page shows. Structured data often holds a fragment of what a person
 * reads: the city of "Chicago, IL", the lower bound of "$70,000 - $85,000 a year". For a
 * plain-text field, an HTML candidate whose value contains the structured value on every
 * training page (and is not much longer) is the one a person would copy, so it is raised just
 * above the structured one.
 */
import { currencyAmount, fold, isHeaderLine } from '../../recipe/extract/index.js';
import type { Concept } from '../knowledge/index.js';
import { rankAbove } from './preference.js';
import { bestStructured, measure, type ScoredCandidate } from './score-candidates.js';
import { STRUCTURED_KINDS } from './types.js';
import type { PageContext } from '../../recipe/extract/index.js';
import { escapeRegExp } from '../../util/regex.js';

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
  const folded = escapeRegExp(fold(p));
  return new RegExp(`(?:^|[^\\p{L}\\p{N}])${folded}(?:$|[^\\p{L}\\p{N}])`, 'u').test(fold(f));
}

export function preferRicherText(scored: ScoredCandidate[], concept: Concept): void {
  if (concept.shape !== 'text') return;
  const best = bestStructured(scored, MIN_FIT);
  if (!best) return;
  for (const h of scored) {
    if (STRUCTURED_KINDS.has(h.candidate.kind) || h.coverage < best.coverage || h.fit < MIN_FIT) continue;
    let overlap = 0;
    let fuller = 0;
    h.values.forEach((v, i) => {
      const s = best.values[i];
      if (v === null || s === null) return;
      overlap++;
      if (richer(v, s)) fuller++;
    });
    if (overlap > 0 && fuller === overlap) rankAbove(h, best.score);
  }
}

/** Words and numbers of an ingredient line, spelling aside: "400g" = "400 g", "½" = "1/2", "((x))" = "(x)". */
function lineTokens(v: string): Set<string> {
  const t = v.normalize('NFKC').toLowerCase().replace(/\u2044/g, '/').replace(/(\p{N})(\p{L})/gu, '$1 $2').replace(/(\p{L})(\p{N})/gu, '$1 $2');
  return new Set(t.split(/[^\p{L}\p{N}]+/u).filter(Boolean));
}
const CHECKBOX = /^[\u25A2\u2610\u25A1\u25FB\u2713\u2714]\s*/;
/** A line that starts with an amount: a digit or a vulgar fraction. */
const AMOUNT_FIRST = /^\s*[\p{N}\u00BC-\u00BE\u2150-\u215E]/u;

const items = (v: unknown): string[] => (Array.isArray(v) ? v : v == null ? [] : [v]).map(String);

/** Each structured line with the first later visible line holding all its words, in order; null when one has none. */
function alignLines(structured: string[], visible: string[]): Array<[string, string]> | null {
  const visibleTokens = visible.map(lineTokens);
  const pairs: Array<[string, string]> = [];
  let j = 0;
  for (const line of structured) {
    const want = [...lineTokens(line)];
    while (j < visible.length && !want.every((w) => visibleTokens[j].has(w))) j++;
    if (j >= visible.length) return null;
    pairs.push([line, visible[j++]]);
  }
  return pairs;
}

/** Whether a page's visible lines say more than its structured ones: amounts put first, or lines the structured list leaves out. */
function richerOnPage(structured: string[], visible: string[]): boolean {
  if (visible.length < structured.length || visible.some(isHeaderLine)) return false;
  const pairs = alignLines(structured, visible);
  if (!pairs) return false;
  const amountsFirst = pairs.filter(([s, v]) => !AMOUNT_FIRST.test(s) && AMOUNT_FIRST.test(v)).length >= Math.max(1, pairs.length / 2);
  const longest = Math.max(...structured.map((x) => x.length));
  const moreLines =
    structured.length > 0 &&
    visible.length >= Math.ceil(structured.length / 0.7) &&
    visible.length <= 2.5 * structured.length &&
    visible.every((x) => x.length <= Math.max(80, 1.5 * longest));
  return amountsFirst || moreLines;
}

/**
 * The visible list a person reads beats structured data that holds less of it: the same
 * ingredient lines with their amounts ("4 Eier" for "Eier"), spaces ("400 g"), fractions ("½")
 * and notes, or lines the structured list leaves out. An HTML list richer on every training
 * page where both have values is raised just above the structured one. Returns the variants it
 * measured (visible lists with their checkbox marks cut).
 */
export function preferRicherList(scored: ScoredCandidate[], concept: Concept, pages: PageContext[]): ScoredCandidate[] {
  if (concept.shape !== 'list' || !concept.many) return [];
  const best = scored.filter((s) => s.candidate.kind === 'jsonld' && s.coverage > 0 && s.fit >= MIN_FIT).sort((a, b) => b.score - a.score)[0];
  if (!best) return [];
  const out: ScoredCandidate[] = [];
  for (let h of [...scored]) {
    if (STRUCTURED_KINDS.has(h.candidate.kind) || h.coverage < best.coverage || h.fit < MIN_FIT) continue;
    if (h.values.some((v) => items(v).some((x) => CHECKBOX.test(x)))) {
      h = measure({ ...h.candidate, clean: [...(h.candidate.clean ?? []), { op: 'replace', pattern: CHECKBOX.source, replacement: '' }], describe: `${h.candidate.describe} (box cut)` }, concept, pages);
      out.push(h);
    }
    const both = h.values.map((v, i) => [v, best.values[i]] as const).filter(([v, s]) => v !== null && s !== null);
    if (both.length > 0 && both.every(([v, s]) => richerOnPage(items(s), items(v)))) rankAbove(h, best.score);
  }
  return out;
}

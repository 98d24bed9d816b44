/**
 * Template text around a value: " | Site name" after every page title, "Brand: " before every
 * brand. When all training values share such a prefix or suffix, cut at a separator, a variant
 * of the candidate removes it.
 */
import type { Transform } from '../../recipe/types.js';
import type { ScoredCandidate } from './score-candidates.js';
import type { Candidate } from './types.js';
import { escapeRegExp } from '../../util/regex.js';

const SEPARATOR = /\s[|\-–—:·•»]\s|\s[|·•»]|[|·•»]\s/;

function commonPrefix(values: string[]): string {
  let p = values[0];
  for (const v of values) while (!v.startsWith(p)) p = p.slice(0, -1);
  return p;
}

function commonSuffix(values: string[]): string {
  let s = values[0];
  for (const v of values) while (!v.endsWith(s)) s = s.slice(1);
  return s;
}

/** The part of a shared suffix from its first separator on (" | Deliciously Ella"). */
function suffixAtSeparator(suffix: string): string | null {
  const m = SEPARATOR.exec(suffix);
  return m ? suffix.slice(m.index) : null;
}

/** The part of a shared prefix up to its last separator ("Shop · "). */
function prefixAtSeparator(prefix: string): string | null {
  let end = -1;
  for (const m of prefix.matchAll(new RegExp(SEPARATOR.source, 'g'))) end = m.index + m[0].length;
  return end > 0 ? prefix.slice(0, end) : null;
}

const NAME_SHAPES = new Set(['person', 'organization']);
/** What often follows a name on its line: " · 10 March 2024", " | Editor". */
const AFTER_NAME = '\\s+[·|•–—]\\s.*$';

/**
 * Variants of people and organisation candidates whose values go on past the name
 * ("Kovács Eszter · 10. március 2024"): the part before the first separator.
 */
export function nameCutVariants(scored: ScoredCandidate[], shape: string): Candidate[] {
  if (!NAME_SHAPES.has(shape)) return [];
  const re = new RegExp(AFTER_NAME);
  return scored
    .filter((s) => s.coverage > 0 && s.values.some((v) => (Array.isArray(v) ? v : [v]).some((x) => typeof x === 'string' && re.test(x))))
    .map((s) => ({
      ...s.candidate,
      clean: [...(s.candidate.clean ?? []), { op: 'replace', pattern: AFTER_NAME, replacement: '' }],
      prior: s.candidate.prior * 0.95,
      describe: `${s.candidate.describe} (name only)`,
    }));
}

/** Variants of the candidates whose string values share template text, with that text removed. */
export function affixVariants(scored: ScoredCandidate[]): Candidate[] {
  const out: Candidate[] = [];
  for (const s of scored) {
    const values = s.values.filter((v): v is string => typeof v === 'string');
    if (values.length < 2 || new Set(values).size < 2) continue;
    const suffix = suffixAtSeparator(commonSuffix(values));
    const prefix = prefixAtSeparator(commonPrefix(values));
    const clean: Transform[] = [];
    if (suffix && suffix.trim().length >= 2) clean.push({ op: 'replace', pattern: `${escapeRegExp(suffix)}$`, replacement: '' });
    if (prefix && prefix.trim().length >= 2) clean.push({ op: 'replace', pattern: `^${escapeRegExp(prefix)}`, replacement: '' });
    if (clean.length === 0) continue;
    const c = s.candidate;
    out.push({ ...c, clean: [...(c.clean ?? []), ...clean], prior: c.prior * 0.95, describe: `${c.describe} (template text removed)` });
  }
  return out;
}

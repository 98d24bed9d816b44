/**
 * Text a page writes on a name's line after the name (" · 10 March 2024", " | Editor"): a variant
 * of people and organisation candidates without it.
 */
import type { ScoredCandidate } from './score-candidates.js';
import type { Candidate } from './types.js';
import { escapeRegExp } from '../../util/regex.js';

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

/**
 * The whole line of a list item. Pages often mark only part of an ingredient line: the name in
 * `<span itemprop="recipeIngredient">` after its amount, or an amount span and a name span side
 * by side. A person copies the line ("4 cl Tequila"), so for a many-valued text concept every
 * element source gets a variant reading the nearest repeated line around it (its `li`, or the
 * parent that holds the sibling parts), and that variant wins when each of its lines contains
 * the part and more on every training page.
 */
import type { Element } from 'domhandler';
import type { PageContext } from '../../recipe/extract/index.js';
import type { Concept } from '../knowledge/index.js';
import { rankAbove } from './preference.js';
import { measure, type ScoredCandidate } from './score-candidates.js';
import { cssEscape, stableClasses } from './selectors.js';

const MAX_UP = 3;

/** The line element around a part: the nearest li, else a parent with several element children. */
function lineOf(el: Element): Element | null {
  let cur: Element | null = el;
  for (let i = 0; i < MAX_UP && cur; i++) {
    const parent = cur.parent as Element | null;
    if (!parent || parent.type !== 'tag') return null;
    if (parent.name === 'li' || parent.name === 'tr') return parent;
    cur = parent;
  }
  const p = el.parent as Element | null;
  return p && p.type === 'tag' && p.children.filter((c) => c.type === 'tag').length >= 2 ? p : null;
}

function lineSelector(line: Element, part: string): string {
  if (line.name === 'li' || line.name === 'tr') return `${line.name}:has(${part})`;
  const classes = stableClasses(line);
  return classes.length ? `${line.name}.${cssEscape(classes[0])}:has(> ${part})` : `${line.name}:has(> ${part})`;
}

const fuller = (line: string, part: string): boolean => line.length > part.length && line.toLowerCase().includes(part.toLowerCase());

export function wholeItemVariants(scored: ScoredCandidate[], concept: Concept, pages: PageContext[]): ScoredCandidate[] {
  if (!concept.many || concept.shape !== 'list') return [];
  const out: ScoredCandidate[] = [];
  const best = [...scored].filter((s) => s.coverage > 0).sort((a, b) => b.score - a.score);
  const top = best[0]?.score ?? 0;
  // Only the reading induction would choose: widening a lesser one would overrule better sources.
  for (const s of best.slice(0, 1)) {
    const source = s.candidate.source;
    // Microdata marks elements too: its itemprop is a selector.
    const css = 'css' in source && !source.attr ? source.css : 'microdata' in source ? `[itemprop="${source.microdata.itemprop}"]` : null;
    if (!css) continue;
    const lines = pages.map((p) => (p.$(css).toArray() as Element[]).map((el) => ({ el, line: lineOf(el), ctx: p })));
    const first = lines.flat()[0];
    if (!first?.line) continue;
    const selector = lineSelector(first.line, css);
    // Every part's line holds it and more, on every page: the line is what a person reads.
    const ok = lines.every((items) => items.length > 0 && items.every(({ el, line, ctx }) => line !== null && fuller(ctx.text(line).trim(), ctx.text(el).trim())));
    if (!ok) continue;
    const variant = measure({ ...s.candidate, source: { css: selector }, describe: `${s.candidate.describe} (whole line)` }, concept, pages);
    const same = variant.values.every((v, i) => Array.isArray(v) && Array.isArray(s.values[i]) && (v as unknown[]).length === (s.values[i] as unknown[]).length);
    if (!same || variant.coverage < s.coverage) continue;
    // As good as the best reading of the part, raised just above it.
    rankAbove(variant, Math.max(s.score, top));
    out.push(variant);
  }
  return out;
}

/**
 * Text under a heading that names the field: `<h2>Product Description</h2><p>…</p>`, also when
 * the heading sits alone in a wrapper (`<div id="product_description"><h2>…</h2></div><p>…</p>`).
 * The source is the first element after the heading (or its wrapper), by the wrapper's id or
 * stable class, so it holds on every page of the template.
 */
import type { Element } from 'domhandler';
import { labelWords } from './page-labels.js';
import { classSelector, idSelector } from './selectors.js';
import type { Candidate, InduceContext } from './types.js';

function selectorOf(el: Element): string | null {
  return idSelector(el) ?? classSelector(el);
}

function nextElement(el: Element): Element | null {
  for (let n = el.next; n; n = n.next) if (n.type === 'tag') return n as Element;
  return null;
}

export function sectionCandidates(ctx: InduceContext): Candidate[] {
  if (ctx.concept.shape !== 'longtext') return [];
  const wanted = ctx.concept.labels.map((l) => labelWords(l).join(' ')).filter(Boolean);
  const found = new Map<string, number>();
  for (const page of ctx.pages) {
    const here = new Set<string>();
    for (const h of page.$('h2, h3, h4').toArray() as Element[]) {
      const words = labelWords(page.text(h)).join(' ');
      if (!wanted.some((w) => words === w || words.endsWith(` ${w}`))) continue;
      // The heading alone in its wrapper: the content follows the wrapper.
      const parent = h.parent as Element | null;
      const holder = parent && parent.type === 'tag' && page.text(parent).trim() === page.text(h).trim() ? parent : h;
      const next = nextElement(holder);
      const sel = selectorOf(holder);
      if (!sel || !next || page.text(next).trim().length < 20) continue;
      here.add(`${sel} + ${next.name}`);
    }
    for (const s of here) found.set(s, (found.get(s) ?? 0) + 1);
  }
  return [...found]
    .filter(([, n]) => n === ctx.pages.length)
    .map(([css]) => ({ source: { css }, kind: 'css' as const, prior: 0.75, describe: `section under heading ${css}` }));
}

/**
 * Page likeness: pages of one template share their structure (the same tag/class paths) and
 * differ in content (title, main heading). Detail pages are recognised as a group of such pages.
 */
import type { Element } from 'domhandler';
import type { PageContext } from '../../recipe/extract/index.js';

const MAX_ELEMENTS = 3000;

function stepOf(el: Element): string {
  const classes = (el.attribs?.class ?? '')
    .split(/\s+/)
    .filter((c) => c && !/\d{2,}/.test(c))
    .sort()
    .slice(0, 3);
  return classes.length > 0 ? `${el.name}.${classes.join('.')}` : el.name;
}

/** The set of parent>child tag/class steps of the page body (a cheap structural fingerprint). */
export function structureSignature(ctx: PageContext): Set<string> {
  const out = new Set<string>();
  if (ctx.isJson) return out;
  const elements = ctx.$('body *').toArray() as Element[];
  for (const el of elements.slice(0, MAX_ELEMENTS)) {
    const parent = el.parent && el.parent.type === 'tag' ? (el.parent as Element) : null;
    out.add(`${parent ? stepOf(parent) : '^'}>${stepOf(el)}`);
  }
  return out;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / (a.size + b.size - shared);
}

/** Mean pairwise likeness of pages (1 for fewer than two pages). */
export function meanSimilarity(pages: PageContext[]): number {
  const sigs = pages.map(structureSignature);
  let total = 0;
  let pairs = 0;
  for (let i = 0; i < sigs.length; i++) {
    for (let j = i + 1; j < sigs.length; j++) {
      total += jaccard(sigs[i], sigs[j]);
      pairs++;
    }
  }
  return pairs === 0 ? 1 : total / pairs;
}

/** What tells pages of a template apart: the main heading, else the title. */
export function pageHeadline(ctx: PageContext): string {
  if (ctx.isJson) return '';
  const h1 = ctx.$('h1').first();
  const text = h1.length > 0 ? ctx.text(h1[0] as Element) : '';
  return text || ctx.$('title').first().text().trim();
}

/**
 * Candidates from named anchors in the HTML: ids, classes, itemprops and data attributes whose
 * names contain a word of the field (`#priceblock`, `.author`, `[data-price]`). Names are
 * preferred over positions because they survive from one page of a template to the next.
 */
import type { Element } from 'domhandler';
import { nameTokens } from '../knowledge/index.js';
import { countMatches, cssEscape, isStableName, stableClasses } from './selectors.js';
import type { Candidate, InduceContext } from './types.js';

const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'path', 'head', 'link', 'iframe', 'input', 'button', 'form', 'select', 'option', 'textarea']);
const MAX_CANDIDATES = 60;

function anchorWords(ctx: InduceContext): string[] {
  const fromName = nameTokens(ctx.fieldName).filter((t) => t.length >= 3);
  const joined = nameTokens(ctx.fieldName);
  const words = [...ctx.concept.anchors, ...fromName, joined.join('-'), joined.join('_'), joined.join('')];
  return [...new Set(words.map((w) => w.toLowerCase()).filter((w) => w.length >= 3))];
}

export function anchorCandidates(ctx: InduceContext): Candidate[] {
  const words = anchorWords(ctx);
  if (words.length === 0) return [];
  const out = new Map<string, Candidate>();
  const add = (c: Candidate): void => {
    const key = JSON.stringify(c.source);
    if (!out.has(key) && out.size < MAX_CANDIDATES) out.set(key, c);
  };
  const matches = (s: string | undefined): boolean => !!s && words.some((w) => s.toLowerCase().includes(w));
  const many = ctx.concept.many === true;
  for (const page of ctx.pages) {
    const $ = page.$;
    for (const el of $('body *').toArray() as Element[]) {
      if (SKIP.has(el.name)) continue;
      const attrs = el.attribs ?? {};
      const selectors: Array<{ css: string; prior: number }> = [];
      if (attrs.id && isStableName(attrs.id) && matches(attrs.id)) selectors.push({ css: `#${cssEscape(attrs.id)}`, prior: 0.66 });
      for (const c of stableClasses(el)) if (matches(c)) selectors.push({ css: `.${cssEscape(c)}`, prior: 0.6 });
      if (attrs.itemprop && matches(attrs.itemprop)) selectors.push({ css: `[itemprop="${attrs.itemprop.replace(/"/g, '')}"]`, prior: 0.74 });
      for (const { css, prior } of selectors) {
        const count = countMatches($, css);
        if (count === 0 || (count > 30 && !many)) continue;
        const valueAttr = attrs.content !== undefined ? 'content' : undefined;
        add({ source: valueAttr ? { css, attr: valueAttr } : { css }, kind: 'css', prior, describe: `css ${css}` });
        if (el.children.some((c) => c.type === 'tag') && !valueAttr) {
          add({ source: { css, text_mode: 'own' }, kind: 'css', prior: prior - 0.05, describe: `css ${css} (own text)` });
        }
        if (many) childCandidates($(el).find('a').length, $(el).find('li').length, css, prior).forEach(add);
      }
      for (const name of Object.keys(attrs)) {
        if (!name.startsWith('data-') || !matches(name.slice(5)) || !attrs[name]?.trim()) continue;
        const css = `[${name}]`;
        add({ source: { css, attr: name }, kind: 'css', prior: 0.5, describe: `css ${css} @${name}` });
      }
    }
  }
  return [...out.values()];
}

/** For lists: the links or list items inside an anchored container. */
function childCandidates(links: number, items: number, css: string, prior: number): Candidate[] {
  const out: Candidate[] = [];
  if (items >= 2) out.push({ source: { css: `${css} li` }, kind: 'css', prior: prior + 0.04, describe: `css ${css} li` });
  if (links >= 1) out.push({ source: { css: `${css} a` }, kind: 'css', prior: prior + 0.02, describe: `css ${css} a` });
  return out;
}

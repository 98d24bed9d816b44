/**
 * Candidates located by value: where the training pages' structured data (JSON-LD, microdata,
 * embedded JSON) states a value, find the element showing that value in the HTML and learn a
 * selector for it. Those selectors keep working on pages of the template that lack the
 * structured data, and they are named by the data itself, not by guesses about class names.
 */
import type { Element } from 'domhandler';
import { currencyAmount, fold, type PageContext } from '../../recipe/extract/index.js';
import type { Shape } from '../knowledge/index.js';
import { inFurniture } from './furniture.js';
import { anchoredSelector, structuralSelector } from './selectors.js';
import type { Candidate } from './types.js';

/** Shapes whose value is shown as text we can recognise on the page. */
const LOCATABLE = new Set<Shape>(['title', 'text', 'person', 'organization', 'identifier', 'isbn13', 'isbn10', 'gtin', 'price', 'date', 'rating']);
const MAX_TEXT = 200;

export function locatable(shape: Shape): boolean {
  return LOCATABLE.has(shape);
}

/**
 * Selectors of elements showing `values[i]` on `pages[i]` (null values skipped). Semantic
 * selectors first; a page without one falls back to the element's own classes.
 */
export function locatedCandidates(pages: PageContext[], values: unknown[], shape: Shape): Candidate[] {
  const out = new Map<string, Candidate>();
  pages.forEach((page, i) => {
    const value = values[i];
    if (value === null || value === undefined || Array.isArray(value)) return;
    for (const el of elementsShowing(page, value, shape).slice(0, 3)) {
      const semantic = anchoredSelector(page.$, el);
      const selector = semantic ?? structuralSelector(page.$, el);
      if (!selector || out.has(selector)) continue;
      const prior = (semantic ? 0.56 : 0.46) * (inFurniture(el) ? 0.5 : 1);
      out.set(selector, { source: { css: selector }, kind: 'css', prior, describe: `css ${selector} (located)` });
    }
  });
  return [...out.values()].slice(0, 8);
}

/** Deepest visible elements whose text is the value (prices: whose amount is the value). */
function elementsShowing(page: PageContext, value: unknown, shape: Shape): Element[] {
  const wantedText = typeof value === 'string' ? fold(value) : null;
  const wantedNumber = typeof value === 'number' ? value : shape === 'price' ? currencyAmount(value) : null;
  if (!wantedText && wantedNumber === null) return [];
  const matches = (el: Element): boolean => {
    const text = page.text(el);
    if (!text || text.length > MAX_TEXT) return false;
    if (shape === 'price' || wantedText === null) {
      return text.length <= 30 && /\d/.test(text) && currencyAmount(text) === wantedNumber;
    }
    return fold(text) === wantedText;
  };
  const found: Element[] = [];
  for (const el of page.$('body *').toArray() as Element[]) {
    if (el.name === 'script' || el.name === 'style' || el.name === 'option' || el.name === 'title') continue;
    if (!matches(el)) continue;
    // Keep the deepest: drop an ancestor when its descendant matches too.
    const last = found[found.length - 1];
    if (last && isAncestor(last, el)) found[found.length - 1] = el;
    else found.push(el);
  }
  return found;
}

function isAncestor(a: Element, b: Element): boolean {
  for (let p = b.parent; p; p = p.parent) if (p === a) return true;
  return false;
}

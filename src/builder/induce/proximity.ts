/**
 * Candidates found by what a value looks like and where it sits, for pages whose markup names
 * nothing (generated class names, no structured data): the price printed near the title, the
 * brand written above it (and repeated in the document title), the stock message of the buy box.
 */
import type { AnyNode, Element, Text } from 'domhandler';
import { currencyCode, durationMinutes, fold, type PageContext } from '../../recipe/extract/index.js';
import { AVAILABILITY_PHRASES } from '../knowledge/index.js';
import { inChrome, inFurniture } from './furniture.js';
import { documentTitle } from './headings.js';
import { anchoredSelector, structuralSelector } from './selectors.js';
import type { Candidate, InduceContext } from './types.js';
import { escapeRegExp } from '../../util/regex.js';

const BEFORE_TITLE = 60;
const AFTER_TITLE = 400;
const PER_PAGE = 3;

const PRICE_TEXT = /^[^\d]{0,12}\d[\d.,'\s\u00a0]*[^\d]{0,12}$/;
// Folded like the texts they are tested on (accents stripped).
const PHRASE_ALTERNATION = AVAILABILITY_PHRASES.map(([p]) => escapeRegExp(fold(p))).join('|');
/** A stock message: a stock phrase as a whole word in a short text ("Sofort lieferbar, Lieferzeit 1-3 Werktage"). */
const STOCK_MESSAGE = new RegExp(`(?:^|[^\\p{L}])(?:${PHRASE_ALTERNATION})(?:$|[^\\p{L}])`, 'iu');
const MAX_STOCK_TEXT = 60;
const MAX_STOCK_WORDS = 8;
const YIELD_TEXT = /^\d+(?:\s*[-–]\s*\d+)?\s+(\p{L}+)\.?$/u;
const MAX_YIELD_TEXT = 30;
/** A time with its unit ("25 min", "1 Std. 20 Min."), nothing else. */
const MAX_TIME_TEXT = 20;
const TIME_TEXT = /^\d[\d.,]*\s*\p{L}/u;

/** Calls to action ("Add to cart") say a product can be bought, less directly than a stock message. */
const ACTIONS = new Set(['a', 'button', 'input', 'label']);

/** Whether the element shows the value: false, or true / a prior of its own. */
type Finder = (page: PageContext, el: Element, text: string) => boolean | number;

function finderFor(ctx: InduceContext): { find: Finder; prior: number } | null {
  const { shape, inTitle } = ctx.concept;
  if (shape === 'price') {
    return {
      prior: 0.5,
      find: (p, el, text) => text.length <= 25 && PRICE_TEXT.test(text) && (currencyCode(text) !== null || signBeside(p, el)),
    };
  }
  if (shape === 'availability') {
    return {
      prior: 0.5,
      find: (_p, el, text) => {
        if (text.length > MAX_STOCK_TEXT || text.split(/\s+/).length > MAX_STOCK_WORDS || !STOCK_MESSAGE.test(fold(text))) return false;
        return ACTIONS.has(el.name) || el.parent?.type === 'tag' && ACTIONS.has((el.parent as Element).name) ? 0.3 : true;
      },
    };
  }
  if (shape === 'yield') {
    // "4 personen", "4 portioner", "6-8 servings": a count followed by one of the concept's own words.
    const units = new Set([...ctx.concept.labels, ...ctx.concept.names].filter((w) => !/[\s_]/.test(w)).map(fold));
    return {
      prior: 0.55,
      find: (_p, _el, text) => {
        const m = text.length <= MAX_YIELD_TEXT ? YIELD_TEXT.exec(fold(text)) : null;
        return m !== null && units.has(m[1]);
      },
    };
  }
  if (ctx.concept.id === 'total_time') {
    // The one time a recipe prints by its title, with no label (a clock icon at most), is how
    // long it takes in all; a prep or cook time is always labelled as such.
    return {
      prior: 0.4,
      find: (_p, _el, text) => text.length <= MAX_TIME_TEXT && TIME_TEXT.test(text) && durationMinutes(text) !== null,
    };
  }
  if (shape === 'organization' && inTitle) {
    return {
      prior: 0.45,
      find: (page, el, text) =>
        text.length >= 2 && text.length <= 40 && el.name !== 'h1' && /\p{L}/u.test(text) && documentTitle(page).includes(fold(text)),
    };
  }
  return null;
}

/** The page's title element: the first h1 whose text is in the document title, else the first h1. */
function titleElement(page: PageContext): Element | null {
  const h1s = page.$('body h1').toArray() as Element[];
  const title = documentTitle(page);
  const h1 = h1s.find((h) => title.includes(fold(page.text(h))));
  if (h1) return h1;
  // No h1 naming the product: the first h2/h3 whose text (most of it) the document title repeats.
  const other = (page.$('body h2, body h3').toArray() as Element[]).find((h) => {
    const t = fold(page.text(h));
    return t.length >= 8 && title.includes(t.slice(0, Math.max(8, Math.ceil(t.length * 0.8))));
  });
  return other ?? h1s[0] ?? null;
}

export function proximityCandidates(ctx: InduceContext): Candidate[] {
  const finder = finderFor(ctx);
  if (!finder) return [];
  const out = new Map<string, Candidate>();
  for (const page of ctx.pages) {
    const all = page.$('body *').toArray() as Element[];
    const title = titleElement(page);
    const at = title ? all.indexOf(title) : 0;
    const start = Math.max(0, at - BEFORE_TITLE);
    // Nearest to the title first.
    const window = all
      .slice(start, at + AFTER_TITLE)
      .map((el, i) => ({ el, distance: Math.abs(start + i - at) }))
      .sort((a, b) => a.distance - b.distance);
    let found = 0;
    for (const { el } of window) {
      if (found >= PER_PAGE) break;
      if (el.name === 'script' || el.name === 'style' || el.name === 'option' || el.children.some((c) => c.type === 'tag' && !isInline(c as Element))) continue;
      const text = page.text(el);
      const hit = text ? finder.find(page, el, text) : false;
      // A stock phrase on a buy button (in a form, a cart box) is the entity's availability; elsewhere furniture is skipped.
      const buyButton = ctx.concept.shape === 'availability' && hit !== true;
      if (hit === false || (buyButton ? inChrome(el) : inFurniture(el))) continue;
      const selector = anchoredSelector(page.$, el) ?? structuralSelector(page.$, el);
      if (!selector) continue;
      found++;
      const prior = hit === true ? finder.prior : hit;
      if (!out.has(selector)) out.set(selector, { source: { css: selector }, kind: 'css', prior, describe: `css ${selector} (near title)` });
    }
  }
  return [...out.values()];
}

const INLINE = new Set(['span', 'b', 'strong', 'em', 'i', 'small', 'sup', 'sub', 'a', 'abbr', 'bdi', 'data', 'time', 'br']);

function isInline(el: Element): boolean {
  return INLINE.has(el.name);
}

/** "<span>294</span><span>元</span>", "€ <span>17,10</span>": the currency sign is the next or previous sibling's whole text. */
function signBeside(page: PageContext, el: Element): boolean {
  const sibling = (dir: 'next' | 'prev'): string => {
    let cur: AnyNode | null = dir === 'next' ? el.next : el.prev;
    while (cur && cur.type === 'text' && !(cur as Text).data.trim()) cur = dir === 'next' ? cur.next : cur.prev;
    if (!cur) return '';
    if (cur.type === 'text') return (cur as Text).data.trim();
    return cur.type === 'tag' ? page.text(cur as Element) : '';
  };
  return [sibling('next'), sibling('prev')].some((t) => t.length > 0 && t.length <= 4 && currencyCode(t) !== null);
}

/**
 * Prices a page shows struck out. During a sale a page shows the former price crossed out next
 * to the current one, and structured data fed from a stale catalogue may still state the former
 * price. Shared by the builder (which demotes sources reading struck prices on its training
 * pages) and the evaluator (a field with `unless_struck` passes over a value the page shows only
 * struck out, for a page on sale that no training page was).
 */
import type { Element } from 'domhandler';
import type { PageContext } from './page-context.js';
import { currencyAmount } from './transforms/index.js';

const STRUCK_TAGS = new Set(['s', 'del', 'strike']);
/** Class words of former prices, in the languages we meet. */
const STRUCK_WORDS = new Set(['old', 'was', 'regular', 'original', 'strike', 'striked', 'strikethrough', 'crossed', 'compare', 'streich', 'streichpreis', 'barre', 'tachado', 'rrp', 'uvp', 'msrp', 'before', 'previous']);
/** A longer text is a line or a block that mentions a price, not a price. */
export const MAX_PRICE_TEXT = 30;
/** How far up a struck-out mark or class word still speaks for a price. */
export const PRICE_ANCESTORS = 3;

function classWords(el: Element): string[] {
  const names = `${el.attribs?.class ?? ''} ${el.attribs?.id ?? ''}`;
  return names
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
}

/**
 * How an element says its price is a former one: struck-out markup (`<del>`, line-through)
 * says it outright; a class word ("price-old") only names it, and some shops use such names for
 * their one price.
 */
export function struckBy(el: Element): 'markup' | 'class' | null {
  let byClass = false;
  let current: Element | null = el;
  for (let depth = 0; current && current.type === 'tag' && depth <= PRICE_ANCESTORS; depth++) {
    if (STRUCK_TAGS.has(current.name) || /line-through/i.test(current.attribs?.style ?? '')) return 'markup';
    if (classWords(current).some((w) => STRUCK_WORDS.has(w))) byClass = true;
    current = current.parent as Element | null;
  }
  return byClass ? 'class' : null;
}

/**
 * An element whose text is one price: inside it only line breaks, raised cents and elements
 * without digits (the currency in its own span: `2.799<sup>99</sup> <span>Lei</span>`).
 */
export function isPriceText(el: Element, page: PageContext): boolean {
  return el.children.every((c) => {
    if (c.type !== 'tag') return true;
    const name = (c as Element).name;
    return name === 'br' || name === 'sup' || !/\d/.test(page.text(c));
  });
}

export interface ShownPrice {
  el: Element;
  amount: number;
}

const shownCache = new WeakMap<PageContext, ShownPrice[]>();

/** Every short text of the page that is one price, with its amount, in page order. */
export function shownPrices(page: PageContext): ShownPrice[] {
  const hit = shownCache.get(page);
  if (hit) return hit;
  const out: ShownPrice[] = [];
  for (const el of page.query('body *', null)) {
    if (el.name === 'script' || el.name === 'style') continue;
    const text = page.text(el);
    if (!text || text.length > MAX_PRICE_TEXT || !/\d/.test(text) || !isPriceText(el, page)) continue;
    const amount = currencyAmount(text);
    if (amount !== null) out.push({ el, amount });
  }
  shownCache.set(page, out);
  return out;
}

export const roundPrice = (n: number): number => Math.round(n * 100) / 100;

/** Raw characters (whitespace included) beyond which an element is no single price. */
const RAW_TEXT_LIMIT = 400;

/** Whether the element's raw text is at most `limit` characters, stopping as soon as it is not. */
function withinChars(el: Element, limit: number): boolean {
  let left = limit;
  const walk = (node: Element): boolean => {
    for (const child of node.children) {
      if (child.type === 'text') left -= (child as unknown as { data: string }).data.length;
      else if (child.type === 'tag' && !walk(child as Element)) return false;
      if (left < 0) return false;
    }
    return true;
  };
  return walk(el);
}

const STRUCK_HINT = new RegExp([...STRUCK_WORDS].join('|'), 'i');
const struckCache = new WeakMap<PageContext, Set<number>>();

/**
 * The amounts the page shows struck out, found from the struck-out marks and class words down
 * (a few elements), not by reading every element's text: this runs on every call that reads a
 * price with `unless_struck`.
 */
function struckAmounts(page: PageContext): Set<number> {
  const hit = struckCache.get(page);
  if (hit) return hit;
  const out = new Set<number>();
  const visit = (el: Element, depth: number): void => {
    // A struck-out class word on a wide block (a "compare" table, an "original" gallery) holds
    // no price of its own: its text is not read whole, only its small parts.
    if (!withinChars(el, RAW_TEXT_LIMIT)) {
      if (depth < PRICE_ANCESTORS) for (const child of el.children) if (child.type === 'tag') visit(child as Element, depth + 1);
      return;
    }
    const text = page.text(el);
    if (!text || !/\d/.test(text)) return;
    if (text.length <= MAX_PRICE_TEXT && isPriceText(el, page)) {
      const amount = currencyAmount(text);
      if (amount !== null) out.add(roundPrice(amount));
    }
    if (depth < PRICE_ANCESTORS) for (const child of el.children) if (child.type === 'tag') visit(child as Element, depth + 1);
  };
  // A walk of the tree, not a selector query: this is on every such call's path.
  const find = (node: Element): void => {
    for (const child of node.children) {
      if (child.type !== 'tag') continue;
      const el = child as Element;
      if (el.name === 'script' || el.name === 'style') continue;
      const marked =
        STRUCK_TAGS.has(el.name) ||
        (el.attribs.style !== undefined && /line-through/i.test(el.attribs.style)) ||
        ((el.attribs.class !== undefined || el.attribs.id !== undefined) && STRUCK_HINT.test(`${el.attribs.class ?? ''} ${el.attribs.id ?? ''}`) && classWords(el).some((w) => STRUCK_WORDS.has(w)));
      if (marked) visit(el, 0);
      find(el);
    }
  };
  const body = page.query('body', null)[0];
  if (body) find(body);
  struckCache.set(page, out);
  return out;
}

/**
 * Does the page show this amount struck out and nowhere plainly? Then it is a former price,
 * whatever source states it as the price. Most pages strike nothing out, or not this amount,
 * and are answered from the struck-out parts alone.
 */
export function shownOnlyStruck(page: PageContext, amount: number): boolean {
  const wanted = roundPrice(amount);
  if (!struckAmounts(page).has(wanted)) return false;
  let struck = false;
  for (const shown of shownPrices(page)) {
    if (roundPrice(shown.amount) !== wanted) continue;
    if (struckBy(shown.el) === null) return false;
    struck = true;
  }
  return struck;
}

/**
 * The first price shown inside `block` that is not struck out: a price block's current price. A
 * discount's label between the two ("-50%") is no price.
 */
export function currentPriceIn(page: PageContext, block: Element): Element | null {
  for (const shown of shownPrices(page)) {
    if (struckBy(shown.el) !== null || shown.amount <= 0 || page.text(shown.el).includes('%')) continue;
    for (let node: Element | null = shown.el; node; node = node.parent as Element | null) {
      if (node === block) return shown.el;
    }
  }
  return null;
}

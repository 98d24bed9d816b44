/**
 * Prices that are not what a buyer pays.
 * - Struck out: during a sale a page shows the former price crossed out next to the current one,
 *   and structured data fed from a stale catalogue may still state the former price.
 * - Net of tax: shops selling to consumers print the price without sales tax in small print
 *   beside the real one ("Brez DDV: 81.97 €", "36,50 € HT").
 * A price candidate whose value the page shows only in those ways reads the wrong price; a
 * "former price" field wants exactly the struck ones.
 */
import type { Element } from 'domhandler';
import { currencyAmount, currencyCode, type PageContext } from '../../recipe/extract/index.js';
import { isPriceText, MAX_PRICE_TEXT, PRICE_ANCESTORS, roundPrice, shownPrices, struckBy } from '../../recipe/extract/struck-prices.js';
import { NET_PRICE_PHRASES, type Concept } from '../knowledge/index.js';
import { inFurniture } from './furniture.js';
import { weigh } from './preference.js';
import type { ScoredCandidate } from './score-candidates.js';
import { escapeRegExp } from '../../util/regex.js';

/** How far up, and how long a text, still counts as the price's own line ("Brez DDV: 81.97€"). */
const NET_LABEL_ANCESTORS = 2;
const MAX_NET_LINE = 80;

/** Net-of-tax phrases as one pattern; scripts written without spaces match inside words. */
const NET_PATTERN = new RegExp(
  NET_PRICE_PHRASES.map((p) => (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(p) ? escapeRegExp(p) : `(?<![\\p{L}\\p{N}])${escapeRegExp(p)}(?![\\p{L}\\p{N}])`)).join('|'),
  'iu',
);

interface PriceDisplay {
  struck: Set<number>;
  net: Set<number>;
  plain: Set<number>;
}

const cache = new WeakMap<PageContext, PriceDisplay>();

/** Numbers in a text, tax rates ("zzgl. 19% MwSt.") left out. */
const amountsIn = (text: string): number => text.replace(/\d+(?:[.,]\d+)?\s?%/g, '').match(/\d[\d.,]*/g)?.length ?? 0;

/** Is the price's own line (the element or a short ancestor) labelled net of tax? */
function isNet(el: Element, page: PageContext): boolean {
  let current: Element | null = el;
  for (let depth = 0; current && current.type === 'tag' && depth <= NET_LABEL_ANCESTORS; depth++) {
    const line = page.text(current);
    // A line holding a second amount is a price block, not this price's line ("40.00€ Brez DDV: 36.53€").
    if (line.length > MAX_NET_LINE || amountsIn(line) > 1) return false;
    if (NET_PATTERN.test(line)) return true;
    current = current.parent as Element | null;
  }
  return false;
}

/**
 * A former price is shown beside the current one: an amount named former by its class with no
 * lower, plainly shown amount in its price block is the current price with an odd class name
 * ("price-old-live" on a shop showing one price and its net beside it).
 */
function hasCurrentBeside(el: Element, amount: number, page: PageContext): boolean {
  return pricesInBlock(el, page).some((p) => p.el !== el && p.amount < amount && struckBy(p.el) === null && !isNet(p.el, page));
}

/**
 * The prices shown in the element's price block (its ancestor PRICE_ANCESTORS levels up), in page
 * order: short price texts that state their currency (bare numbers nearby are sizes, codes and
 * delivery days) and a positive amount.
 */
function pricesInBlock(el: Element, page: PageContext, opts: { before?: boolean } = {}): Array<{ el: Element; amount: number }> {
  let block: Element = el;
  for (let depth = 0; block.parent && block.parent.type === 'tag' && depth < PRICE_ANCESTORS; depth++) block = block.parent as Element;
  const out: Array<{ el: Element; amount: number }> = [];
  for (const other of page.$(block).find('*').toArray() as Element[]) {
    // Document order: with `before`, the prices shown ahead of the element.
    if (opts.before && other === el) break;
    const text = page.text(other);
    if (!text || text.length > MAX_PRICE_TEXT || currencyCode(text) === null || !isPriceText(other, page)) continue;
    const amount = currencyAmount(text);
    if (amount !== null && amount > 0) out.push({ el: other, amount });
  }
  return out;
}

/**
 * A net price is small print under the price a consumer pays ("40,00 € / Brez DDV: 36,53 €"); a
 * shop selling to businesses shows its net price first, and that one is its price. So a net
 * amount counts as net only after another amount in its price block.
 */
function grossBefore(el: Element, page: PageContext): boolean {
  return pricesInBlock(el, page, { before: true }).some((p) => !isNet(p.el, page));
}

/** The amounts a page shows struck out, net of tax and plainly (short price texts only). */
function priceDisplay(page: PageContext): PriceDisplay {
  const hit = cache.get(page);
  if (hit) return hit;
  const out: PriceDisplay = { struck: new Set(), net: new Set(), plain: new Set() };
  for (const { el, amount } of shownPrices(page)) {
    const struck = struckBy(el);
    if (struck === 'markup' || (struck === 'class' && hasCurrentBeside(el, amount, page))) out.struck.add(roundPrice(amount));
    else if (isNet(el, page) && grossBefore(el, page)) out.net.add(roundPrice(amount));
    // A recommendation's price says nothing about this product's.
    else if (!inFurniture(el)) out.plain.add(roundPrice(amount));
  }
  cache.set(page, out);
  return out;
}

/**
 * Demote price candidates whose values the training pages show only struck out or net of tax
 * (promote the struck ones for a former-price field). Scores are changed in place.
 */
export function weighStruckPrices(scored: ScoredCandidate[], concept: Concept, pages: PageContext[]): void {
  if (concept.shape !== 'price') return;
  for (const s of scored) {
    let present = 0;
    let struck = 0;
    let net = 0;
    s.values.forEach((v, i) => {
      if (typeof v !== 'number') return;
      present++;
      const shown = priceDisplay(pages[i]);
      if (shown.plain.has(roundPrice(v))) return;
      if (shown.struck.has(roundPrice(v))) struck++;
      else if (shown.net.has(roundPrice(v))) net++;
    });
    if (present === 0) continue;
    const share = struck / present;
    const wrong = (struck + net) / present;
    // Reading a former or a net price on even one training page is a wrong value there: a strong demotion.
    if (concept.struck) weigh(s, 0.5 + 0.5 * share);
    else if (wrong > 0) weigh(s, 0.1 + 0.3 * (1 - wrong));
  }
}

/**
 * Prices a page writes as something else than what the item costs: a price per unit ("€4.99/kg"),
 * an instalment ("4 x R$ 25,00", "or 4 payments of $12.50"), a monthly rate, a starting price
 * ("ab 12,90 €", "desde $ 100"). Shops print them beside the price a buyer pays, often in an
 * element named "price" too; a candidate whose value the training pages show only that way reads
 * the wrong price, when the page shows a plain price of its main entity beside it. A ticket page
 * showing only "from £35" has no other price: that one is its price. (Struck and net prices:
 * struck.ts.)
 */
import type { Element } from 'domhandler';
import { currencyAmount, currencyCode, type PageContext } from '../../recipe/extract/index.js';
import { roundPrice, shownPrices } from '../../recipe/extract/struck-prices.js';
import { qualifierOf } from '../../recipe/extract/transforms/price-qualifiers.js';
import type { Concept } from '../knowledge/index.js';
import { clutterAround } from './main-region.js';
import { weigh } from './preference.js';
import type { ScoredCandidate } from './score-candidates.js';

/** How far up, and how long a text, still counts as the price's own line ("or 4 payments of $12.50 with Klarna"). */
const LINE_ANCESTORS = 2;
const MAX_LINE = 80;

interface Display {
  qualified: Set<number>;
  plain: Set<number>;
}

const cache = new WeakMap<PageContext, Display>();

/** The price's line: the widest of the element and its nearest ancestors whose text stays short. */
function priceLine(el: Element, page: PageContext): string {
  let line = page.text(el);
  let current = el.parent as Element | null;
  for (let depth = 0; current && current.type === 'tag' && depth < LINE_ANCESTORS; depth++) {
    const text = page.text(current);
    if (text.length > MAX_LINE) break;
    line = text;
    current = current.parent as Element | null;
  }
  return line;
}

/**
 * The amounts the page shows qualified (per unit, instalment, "from") and the ones it shows
 * plainly, outside clutter (a rail's prices are other products').
 */
function display(page: PageContext, mainTypes: string[]): Display {
  const hit = cache.get(page);
  if (hit) return hit;
  const out: Display = { qualified: new Set(), plain: new Set() };
  for (const { el, amount } of shownPrices(page)) {
    // Bare numbers are dates, counts and sizes: a price states its currency.
    if (amount <= 0 || currencyCode(page.text(el)) === null || clutterAround(el, page, mainTypes) !== null) continue;
    const q = qualifierOf(priceLine(el, page), amount, (written) => currencyAmount(written));
    (q ? out.qualified : out.plain).add(roundPrice(amount));
  }
  cache.set(page, out);
  return out;
}

/** Demote price candidates whose values the training pages show only qualified; in place. */
export function weighQualifiedPrices(scored: ScoredCandidate[], concept: Concept, pages: PageContext[], mainTypes: string[]): void {
  if (concept.shape !== 'price' || concept.struck) return;
  for (const s of scored) {
    let present = 0;
    let wrong = 0;
    s.values.forEach((v, i) => {
      if (typeof v !== 'number') return;
      present++;
      const shown = display(pages[i], mainTypes);
      if (shown.qualified.has(roundPrice(v)) && !shown.plain.has(roundPrice(v)) && shown.plain.size > 0) wrong++;
    });
    // Reading a qualified price on even one training page is a wrong value there: a strong demotion.
    if (present > 0 && wrong > 0) weigh(s, 0.1 + 0.3 * (1 - wrong / present));
  }
}

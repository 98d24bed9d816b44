/**
 * Struck-out prices. During a sale a page shows the former price crossed out next to the
 * current one, and structured data fed from a stale catalogue may still state the former price.
 * A price candidate whose value the page shows only struck out reads the wrong price; a
 * "former price" field wants exactly those.
 */
import type { Element } from 'domhandler';
import { currencyAmount, type PageContext } from '../../recipe/extract/index.js';
import type { Concept } from '../knowledge/index.js';
import { inFurniture } from './furniture.js';
import type { ScoredCandidate } from './score-candidates.js';

const STRUCK_TAGS = new Set(['s', 'del', 'strike']);
/** Class words of former prices, in the languages we meet. */
const STRUCK_WORDS = new Set(['old', 'was', 'strike', 'striked', 'strikethrough', 'crossed', 'compare', 'streich', 'streichpreis', 'barre', 'tachado', 'rrp', 'uvp', 'msrp', 'before', 'previous']);
const MAX_PRICE_TEXT = 30;
const ANCESTORS = 3;

interface PriceDisplay {
  struck: Set<number>;
  plain: Set<number>;
}

const cache = new WeakMap<PageContext, PriceDisplay>();

function classWords(el: Element): string[] {
  const names = `${el.attribs?.class ?? ''} ${el.attribs?.id ?? ''}`;
  return names
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
}

function isStruck(el: Element): boolean {
  let current: Element | null = el;
  for (let depth = 0; current && current.type === 'tag' && depth <= ANCESTORS; depth++) {
    if (STRUCK_TAGS.has(current.name) || classWords(current).some((w) => STRUCK_WORDS.has(w))) return true;
    const style = current.attribs?.style ?? '';
    if (/line-through/i.test(style)) return true;
    current = current.parent as Element | null;
  }
  return false;
}

/** The amounts a page shows struck out and those it shows plainly (short price texts only). */
function priceDisplay(page: PageContext): PriceDisplay {
  const hit = cache.get(page);
  if (hit) return hit;
  const out: PriceDisplay = { struck: new Set(), plain: new Set() };
  for (const el of page.$('body *').toArray() as Element[]) {
    if (el.name === 'script' || el.name === 'style' || el.children.some((c) => c.type === 'tag' && (c as Element).name !== 'br' && (c as Element).name !== 'sup')) continue;
    const text = page.text(el);
    if (!text || text.length > MAX_PRICE_TEXT || !/\d/.test(text)) continue;
    const amount = currencyAmount(text);
    if (amount === null) continue;
    if (isStruck(el)) out.struck.add(round(amount));
    // A recommendation's price says nothing about this product's.
    else if (!inFurniture(el)) out.plain.add(round(amount));
  }
  cache.set(page, out);
  return out;
}

const round = (n: number): number => Math.round(n * 100) / 100;

/**
 * Demote price candidates whose values the training pages show only struck out (promote them
 * for a former-price field). Scores are changed in place.
 */
export function weighStruckPrices(scored: ScoredCandidate[], concept: Concept, pages: PageContext[]): void {
  if (concept.shape !== 'price') return;
  for (const s of scored) {
    let present = 0;
    let struck = 0;
    s.values.forEach((v, i) => {
      if (typeof v !== 'number') return;
      present++;
      const shown = priceDisplay(pages[i]);
      if (shown.struck.has(round(v)) && !shown.plain.has(round(v))) struck++;
    });
    if (present === 0) continue;
    const share = struck / present;
    // Reading a former price on even one training page is a wrong value there: a strong demotion.
    if (concept.struck) s.score *= 0.5 + 0.5 * share;
    else if (share > 0) s.score *= 0.1 + 0.3 * (1 - share);
  }
}

/**
 * The page's main entity region, and the clutter around it. A detail page is written as one
 * entity's block (a `main`, an `article`, the microdata root of the entity's type, whatever holds
 * its h1) amid blocks about other things: a consent manager's banner, the site's navigation and
 * mega-menus, its header and footer, rails of other items ("also bought", "related"), and the
 * reviews and questions of buyers. A value read in one of those describes something else: a
 * consent sentence is no brand, a rail's price is another product's, a review's author is not
 * the recipe's.
 *
 * The region is found once per page (cached) from how pages are written: landmark tags and roles,
 * aria-labels, the consent managers' root ids, class and id words, and rails recognised by their
 * shape (three or more cards, each a link to another page with its image and text).
 */
import type { Element } from 'domhandler';
import { evaluateSource, withoutEntityParts, type PageContext } from '../../recipe/extract/index.js';
import type { Concept } from '../knowledge/index.js';
import { weigh } from './preference.js';
import type { ScoredCandidate } from './score-candidates.js';
import { STRUCTURED_KINDS } from './types.js';

export type ClutterKind = 'consent' | 'navigation' | 'page-header' | 'footer' | 'aside' | 'rail' | 'reviews';

/** Root ids and classes of the common consent managers (OneTrust, Cookiebot, Cookie Consent, Didomi, Usercentrics, Quantcast, TrustArc, Sourcepoint). */
const CONSENT_ROOT = /^(?:onetrust|cybotcookiebot|cookiebot|cc-window|cc-banner|didomi|usercentrics|uc-banner|qc-cmp|truste|sp_message|cookie|gdpr|consent)/i;
/** Words of class and id names, per kind of clutter (split at separators and case changes). */
const WORDS: Record<Exclude<ClutterKind, 'page-header' | 'aside'>, ReadonlySet<string>> = {
  consent: new Set(['cookie', 'cookies', 'consent', 'gdpr', 'onetrust', 'cookiebot', 'didomi', 'usercentrics']),
  navigation: new Set(['nav', 'navbar', 'navigation', 'menu', 'megamenu', 'submenu', 'menubar', 'hamburgermenu', 'breadcrumb', 'breadcrumbs', 'offcanvas']),
  footer: new Set(['footer']),
  rail: new Set(['recommend', 'recommended', 'recommendation', 'recommendations', 'related', 'similar', 'upsell', 'upsells', 'crosssell', 'crosssells', 'bought', 'viewed', 'recently']),
  reviews: new Set(['review', 'reviews', 'comment', 'comments', 'testimonial', 'testimonials', 'question', 'questions', 'answers', 'qa', 'qna', 'faq']),
};
const ASIDE_WORDS = new Set(['sidebar', 'aside']);
const REVIEW_TYPES = /schema\.org\/(?:Review|Comment|Question|Answer)$/i;
const CONSENT_LABEL = /cookie|consent|privacy|datenschutz|gdpr/i;

/** Words of a class or id: split at separators and case changes; generated names ("adFHlH") give none. */
function nameWords(name: string): string[] {
  const out: string[] = [];
  for (const part of withoutEntityParts(name).split(/[^A-Za-z0-9]+/).filter(Boolean)) {
    const camel = part.replace(/([a-z])([A-Z])/g, '$1 $2').split(' ');
    if (camel.length > 1 && camel.some((c) => c.length <= 2)) continue;
    out.push(...camel.map((c) => c.toLowerCase()));
  }
  return out;
}

/** What kind of clutter the element itself is a root of, judged by its tag, role, aria-label and names. */
function clutterOf(el: Element, inContent: boolean): ClutterKind | null {
  const a = el.attribs ?? {};
  const role = a.role ?? '';
  const names = [a.id ?? '', ...(a.class ?? '').split(/\s+/)].filter(Boolean);
  if (names.some((n) => CONSENT_ROOT.test(n)) || (/dialog|alertdialog|region/.test(role) && CONSENT_LABEL.test(a['aria-label'] ?? ''))) return 'consent';
  const words = new Set(names.flatMap(nameWords));
  const has = (set: ReadonlySet<string>): boolean => [...words].some((w) => set.has(w));
  if (has(WORDS.consent)) return 'consent';
  if (el.name === 'nav' || role === 'navigation' || role === 'menu' || role === 'menubar' || has(WORDS.navigation)) return 'navigation';
  // An article's own footer (its tags, its share buttons) is no page footer.
  if ((el.name === 'footer' || role === 'contentinfo' || has(WORDS.footer)) && !inContent) return 'footer';
  if (REVIEW_TYPES.test(a.itemtype ?? '') || a.itemprop === 'review' || has(WORDS.reviews)) return 'reviews';
  if (has(WORDS.rail)) return 'rail';
  // The entity's own header (inside its article or main) introduces it: only the page's is chrome.
  if ((el.name === 'header' || role === 'banner') && !inContent) return 'page-header';
  // A buy box is often an <aside> of the product's block: only a page-level aside is clutter.
  if ((el.name === 'aside' || role === 'complementary' || has(ASIDE_WORDS)) && !inContent) return 'aside';
  return null;
}

interface Region {
  /** The main entity's block, or null when the page does not mark one. */
  root: Element | null;
  /** The page's main heading (its entity's name). */
  h1: Element | null;
  /** Per element, the clutter it sits in (memo). */
  memo: WeakMap<Element, ClutterKind | null>;
  /** Per container, whether it is a rail (memo: many candidates share ancestors). */
  rails: WeakMap<Element, boolean>;
}

const regions = new WeakMap<PageContext, Region>();
const CONTENT_TAGS = new Set(['main', 'article']);

function isContentRoot(el: Element, mainTypes: string[]): boolean {
  const a = el.attribs ?? {};
  if (CONTENT_TAGS.has(el.name) || a.role === 'main') return true;
  const type = (a.itemtype ?? '').split(/[/#]/).pop() ?? '';
  return a.itemscope !== undefined && type !== '' && mainTypes.some((t) => t.toLowerCase() === type.toLowerCase());
}

const ancestors = (el: Element): Element[] => {
  const out: Element[] = [];
  for (let p = el.parent as Element | null; p && p.type === 'tag'; p = p.parent as Element | null) out.push(p);
  return out;
};

/** The page's main entity region: the nearest content root (main, article, [role=main], the entity type's microdata root) around its h1. */
export function mainRegion(page: PageContext, mainTypes: string[]): Region {
  const hit = regions.get(page);
  if (hit) return hit;
  const h1s = page.$('h1').toArray() as Element[];
  // The first h1 outside the page's chrome (a logo in the header may be an h1 too).
  const h1 = h1s.find((h) => !ancestors(h).some((a) => a.name === 'nav' || a.name === 'footer' || (a.name === 'header' && !ancestors(a).some((b) => isContentRoot(b, mainTypes))))) ?? h1s[0] ?? null;
  let root: Element | null = h1 ? (ancestors(h1).find((a) => isContentRoot(a, mainTypes)) ?? null) : null;
  if (!root) root = (page.$('main, [role="main"]').first().get(0) as Element | undefined) ?? null;
  const region: Region = { root, h1, memo: new WeakMap(), rails: new WeakMap() };
  regions.set(page, region);
  return region;
}

/** A rail: three or more cards, each a link to another page with an image and some text, not holding the h1. */
function isRail(container: Element, page: PageContext, h1: Element | null): boolean {
  const cards = container.children.filter((c): c is Element => c.type === 'tag');
  if (cards.length < 3) return false;
  if (h1 && ancestors(h1).includes(container)) return false;
  const hrefs = new Set<string>();
  let good = 0;
  for (const card of cards) {
    const $card = page.$(card);
    const link = card.name === 'a' ? card : ($card.find('a[href]').get(0) as Element | undefined);
    const href = link?.attribs?.href ?? '';
    if (!href || href.startsWith('#') || /\.(?:jpe?g|png|webp|gif|avif)(?:\?|$)/i.test(href)) continue;
    if (!(card.name === 'img' || $card.find('img, picture').length > 0)) continue;
    if (page.text(card).length < 8) continue;
    hrefs.add(href);
    good++;
  }
  return good >= 3 && hrefs.size >= 3 && good >= 0.6 * cards.length;
}

/**
 * The clutter an element sits in, or null. Inside the main region only the blocks below the
 * region's root count (reviews and rails inside the product's block are still clutter); the
 * page's heading is never clutter.
 */
export function clutterAround(el: Element, page: PageContext, mainTypes: string[]): ClutterKind | null {
  const region = mainRegion(page, mainTypes);
  if (region.memo.has(el)) return region.memo.get(el) ?? null;
  let kind: ClutterKind | null = null;
  const chain = [el, ...ancestors(el)];
  if (!(region.h1 && chain.includes(region.h1))) {
    const stop = region.root && chain.includes(region.root) ? chain.indexOf(region.root) : chain.length;
    const inContent = (i: number): boolean => stop < chain.length || chain.slice(i + 1).some((a) => isContentRoot(a, mainTypes));
    for (let i = 0; i < stop && !kind; i++) {
      kind = clutterOf(chain[i], inContent(i));
      if (!kind && i + 1 < stop && i <= 6) {
        const container = chain[i + 1];
        let rail = region.rails.get(container);
        if (rail === undefined) region.rails.set(container, (rail = isRail(container, page, region.h1)));
        if (rail) kind = 'rail';
      }
    }
  }
  region.memo.set(el, kind);
  return kind;
}

/** Clutter a concept may legitimately be read from: a category from the breadcrumb trail, a rating from the reviews' summary. */
function allowedFor(concept: Concept): ReadonlySet<ClutterKind> {
  if (concept.id === 'category') return new Set(['navigation']);
  if (concept.id === 'rating' || concept.id === 'review_count') return new Set(['reviews']);
  return new Set();
}

/** How strongly reading clutter on every training page counts against a candidate. */
const CLUTTER_WEIGHT = 0.9;

/** The element a candidate reads on a page (its first match with a value), or null for sources that read no element. */
function readElement(s: ScoredCandidate, page: PageContext): Element | null {
  try {
    const matches = evaluateSource(s.candidate.source, { kind: 'html', el: null }, { page, params: {}, vars: {} });
    return matches.find((m) => m.el && m.value !== null && m.value !== undefined && String(m.value).trim() !== '')?.el ?? null;
  } catch {
    return null;
  }
}

/**
 * Demote candidates that read their value inside clutter on the training pages, by the share of
 * pages where they do. Structured data states the entity's own values and is left alone.
 */
export function weighByRegion(scored: ScoredCandidate[], concept: Concept, pages: PageContext[], mainTypes: string[]): void {
  const allowed = allowedFor(concept);
  for (const s of scored) {
    if (STRUCTURED_KINDS.has(s.candidate.kind) && s.candidate.kind !== 'microdata') continue;
    let read = 0;
    let cluttered = 0;
    pages.forEach((page, i) => {
      if (s.values[i] === null) return;
      const el = readElement(s, page);
      if (!el) return;
      read++;
      const kind = clutterAround(el, page, mainTypes);
      if (kind && !allowed.has(kind)) cluttered++;
    });
    if (read > 0 && cluttered > 0) weigh(s, 1 - CLUTTER_WEIGHT * (cluttered / read));
  }
}

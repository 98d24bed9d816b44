/**
 * Page furniture: navigation, footers, carts, reviews, recommendations. A value found there
 * belongs to something else than the page's entity (a review's author is not the recipe's).
 */
import type { Element } from 'domhandler';
import { withoutEntityParts } from '../../recipe/extract/index.js';

const WORDS = new Set([
  'nav', 'navbar', 'navigation', 'menu', 'megamenu', 'hamburgermenu', 'header', 'footer', 'sidebar', 'aside', 'cart', 'basket', 'minicart',
  'user', 'account', 'login', 'signin', 'session', 'recommend', 'recommended', 'recommendations', 'related', 'similar', 'upsell',
  'crosssell', 'carousel', 'banner', 'promo', 'promotion', 'ads', 'advert', 'advertisement', 'newsletter', 'subscription',
  'subscribe', 'membership', 'seo', 'breadcrumb', 'breadcrumbs', 'review', 'reviews', 'comment', 'comments', 'testimonial',
  'testimonials', 'cookie', 'cookies', 'consent', 'modal', 'popup', 'share', 'social', 'widget', 'sponsored', 'featured',
  'trending', 'popular', 'latest', 'more', 'also',
]);

/**
 * Words of a class or id. Generated names ("adFHlH", "_7ckuOK") give none: split at case
 * changes they fall into one- and two-letter bits, which name nothing.
 */
function tokens(name: string): string[] {
  const parts = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const out: string[] = [];
  for (const part of parts) {
    const camel = part.replace(/([a-z])([A-Z])/g, '$1 $2').split(' ');
    if (camel.length > 1 && camel.some((c) => c.length <= 2)) continue;
    out.push(...camel.map((c) => c.toLowerCase()));
  }
  return out;
}

/**
 * The words of a class or id that say where an element sits. In BEM names only the block does:
 * `job__header` is the job's header, not the page's; an entity's own header or footer
 * ("product-footer") is none of the page's chrome either (withoutEntityParts).
 */
function placeWords(name: string): string[] {
  const block = name.includes('__') ? name.slice(0, name.indexOf('__')) : name;
  return tokens(withoutEntityParts(block));
}

export function isFurnitureName(name: string): boolean {
  return placeWords(name).some((t) => WORDS.has(t));
}

/**
 * Keys of embedded JSON that hold the site's own data rather than the entity's: a `shop` object
 * names the store, not the product's brand. (As an HTML class, "shop" names product pages too.)
 */
const PATH_WORDS = new Set(['shop', 'store', 'site', 'tracking', 'analytics']);

/** A JSON path through furniture keys (`root.shop.name`, `recommendations[0].title`); quoted keys are ignored. */
export function isFurniturePath(path: string): boolean {
  return path
    .split(/[.[\]]+/)
    .filter((seg) => /^[A-Za-z_$][\w$]*$/.test(seg))
    .some((seg) => isFurnitureName(seg) || tokens(seg).some((t) => PATH_WORDS.has(t)));
}

const TAGS = new Set(['nav', 'footer', 'aside', 'header', 'form', 'dialog']);

/**
 * The page's chrome proper: navigation, header, footer, dialogs, other products. Narrower than
 * furniture: a buy button sits in a form or a "cart" box, and its words still speak of the entity.
 */
const CHROME_TAGS = new Set(['nav', 'footer', 'aside', 'header', 'dialog']);
const CHROME_WORDS = new Set([
  'nav', 'navbar', 'navigation', 'menu', 'megamenu', 'hamburgermenu', 'header', 'footer', 'minicart', 'modal', 'popup',
  'recommend', 'recommended', 'recommendations', 'related', 'similar', 'carousel', 'upsell',
]);
const isChromeName = (name: string): boolean => tokens(withoutEntityParts(name)).some((t) => CHROME_WORDS.has(t));

/** Whether the element or one of its 12 nearest ancestors has one of the tags, a class/id word `named`, or a landmark role. */
function inside(el: Element, tags: Set<string>, named: (name: string) => boolean): boolean {
  let current: Element | null = el;
  for (let depth = 0; current && current.type === 'tag' && depth < 12; depth++) {
    if (tags.has(current.name) && !(current.name === 'header' && withinContent(current))) return true;
    const attrs = current.attribs ?? {};
    if ((attrs.id && named(attrs.id)) || (attrs.class && attrs.class.split(/\s+/).some(named))) return true;
    if (attrs.role === 'navigation' || attrs.role === 'banner' || attrs.role === 'contentinfo') return true;
    current = current.parent as Element | null;
  }
  return false;
}

/** An <article>'s or <main>'s own <header> introduces the entity (its title, byline, servings); the page's header is chrome. */
function withinContent(el: Element): boolean {
  for (let p = el.parent as Element | null; p && p.type === 'tag'; p = p.parent as Element | null) {
    if (p.name === 'article' || p.name === 'main') return true;
  }
  return false;
}

/** Whether the element sits inside furniture (tag or class/id words). */
export function inFurniture(el: Element): boolean {
  return inside(el, TAGS, isFurnitureName);
}

/** Whether the element sits inside the page's chrome (see CHROME_WORDS). */
export function inChrome(el: Element): boolean {
  return inside(el, CHROME_TAGS, isChromeName);
}

/**
 * Words of animation and effect settings (`data-aos-duration`, `moorlAnimation.duration`,
 * `data-transition-delay`): their numbers time the page's effects, never the entity.
 */
const EFFECT_WORDS = new Set(['aos', 'animation', 'animations', 'animate', 'animated', 'transition', 'easing', 'wow', 'parallax', 'slick', 'swiper', 'autoplay']);

/** Whether a class, attribute or JSON key name belongs to the page's visual effects. */
export function isEffectName(name: string): boolean {
  return tokens(name).some((t) => EFFECT_WORDS.has(t));
}

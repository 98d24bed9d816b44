/**
 * Page furniture: navigation, footers, carts, reviews, recommendations. A value found there
 * belongs to something else than the page's entity (a review's author is not the recipe's).
 */
import type { Element } from 'domhandler';

const WORDS = new Set([
  'nav', 'navbar', 'navigation', 'menu', 'megamenu', 'hamburgermenu', 'header', 'footer', 'sidebar', 'aside', 'cart', 'basket', 'minicart',
  'user', 'account', 'login', 'signin', 'session', 'recommend', 'recommended', 'recommendations', 'related', 'similar', 'upsell',
  'crosssell', 'carousel', 'banner', 'promo', 'promotion', 'ad', 'ads', 'advert', 'advertisement', 'newsletter', 'subscription',
  'subscribe', 'membership', 'seo', 'breadcrumb', 'breadcrumbs', 'review', 'reviews', 'comment', 'comments', 'testimonial',
  'testimonials', 'cookie', 'cookies', 'consent', 'modal', 'popup', 'share', 'social', 'widget', 'sponsored', 'featured',
  'trending', 'popular', 'latest', 'more', 'also', 'shop',
]);

function tokens(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export function isFurnitureName(name: string): boolean {
  return tokens(name).some((t) => WORDS.has(t));
}

/** A JSON path through furniture keys (`root.shop.name`, `recommendations[0].title`); quoted keys are ignored. */
export function isFurniturePath(path: string): boolean {
  return path
    .split(/[.[\]]+/)
    .filter((seg) => /^[A-Za-z_$][\w$]*$/.test(seg))
    .some(isFurnitureName);
}

const TAGS = new Set(['nav', 'footer', 'aside', 'header', 'form', 'dialog']);

/** Whether the element sits inside furniture (tag or class/id words), up to 12 ancestors. */
export function inFurniture(el: Element): boolean {
  let current: Element | null = el;
  for (let depth = 0; current && current.type === 'tag' && depth < 12; depth++) {
    if (TAGS.has(current.name)) return true;
    const attrs = current.attribs ?? {};
    if ((attrs.id && isFurnitureName(attrs.id)) || (attrs.class && attrs.class.split(/\s+/).some(isFurnitureName))) return true;
    if (attrs.role === 'navigation' || attrs.role === 'banner' || attrs.role === 'contentinfo') return true;
    current = current.parent as Element | null;
  }
  return false;
}

/**
 * Microdata lookup (itemscope / itemtype / itemprop). A dotted itemprop (`offers.price`,
 * `author.name`) walks nested items. Property values follow the HTML spec: meta -> content,
 * links -> href, media -> src, time -> datetime, data/meter -> value, otherwise the text.
 */
import type { Element } from 'domhandler';
import type { PageContext } from './page-context.js';
import { typeName } from './jsonld.js';

const URL_ATTR: Record<string, string> = {
  a: 'href', area: 'href', link: 'href', img: 'src', audio: 'src', video: 'src', source: 'src',
  iframe: 'src', embed: 'src', track: 'src', object: 'data',
};

/** The microdata value of a property element (a string; nested items yield their `name`). */
export function microdataValue(ctx: PageContext, el: Element): string {
  const attrs = el.attribs ?? {};
  if (attrs.itemscope !== undefined && attrs.content === undefined) {
    const name = ownedProps(ctx, el, 'name')[0];
    return name ? microdataValue(ctx, name) : ctx.text(el);
  }
  if (attrs.content !== undefined) return attrs.content;
  const urlAttr = URL_ATTR[el.name];
  if (urlAttr && attrs[urlAttr] !== undefined) return attrs[urlAttr];
  if (el.name === 'time' && attrs.datetime) return attrs.datetime;
  if ((el.name === 'data' || el.name === 'meter') && attrs.value !== undefined) return attrs.value;
  return ctx.text(el);
}

function hasProp(el: Element, name: string): boolean {
  const v = el.attribs?.itemprop;
  if (!v) return false;
  return v.split(/\s+/).some((p) => p === name || typeName(p) === name.toLowerCase());
}

/** The nearest ancestor carrying itemscope (the item the property belongs to). */
function owner(el: Element): Element | null {
  let p = el.parent;
  while (p && p.type === 'tag') {
    if ((p as Element).attribs?.itemscope !== undefined) return p as Element;
    p = p.parent;
  }
  return null;
}

/** Properties named `name` owned by `scope` (strictly; falls back to any descendant). */
function ownedProps(ctx: PageContext, scope: Element | null, name: string): Element[] {
  const $ = ctx.$;
  const all = (scope ? $(scope).find('[itemprop]') : $('[itemprop]')).toArray().filter((el) => hasProp(el, name));
  if (!scope || scope.attribs?.itemscope === undefined) return all;
  const strict = all.filter((el) => owner(el) === scope);
  return strict.length > 0 ? strict : all;
}

/** Item scopes of the given itemtype inside `within` (or the whole page). */
function itemScopes(ctx: PageContext, itemtype: string, within: Element | null): Element[] {
  const wanted = typeName(itemtype);
  const $ = ctx.$;
  const candidates = within ? $(within).find('[itemscope]').addBack('[itemscope]') : $('[itemscope]');
  return (candidates.toArray() as Element[])
    .filter((el) => (el.attribs?.itemtype ?? '').split(/\s+/).some((t) => t && typeName(t) === wanted));
}

/** Elements reached by the (dotted) itemprop, in document order. */
export function microdataElements(
  ctx: PageContext,
  spec: { itemtype?: string; itemprop: string },
  within: Element | null,
): Element[] {
  const steps = spec.itemprop.split('.').filter(Boolean);
  let scopes: Array<Element | null> = spec.itemtype ? itemScopes(ctx, spec.itemtype, within) : [within];
  let found: Element[] = [];
  for (let i = 0; i < steps.length; i++) {
    found = [];
    for (const scope of scopes) found.push(...ownedProps(ctx, scope, steps[i]));
    found = [...new Set(found)];
    scopes = found;
  }
  return found;
}

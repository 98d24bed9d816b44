/**
 * Ingredient lists under a heading in a language the knowledge base has no word for: a recipe
 * writes its ingredients as a list of short lines each stating a quantity, first ("250 ml
 * piena") or last ("буряк — 2 шт."), often as several lists under group titles; its steps are
 * longer sentences. So the items of the lists whose lines mostly state a quantity are the
 * ingredients, read by a selector every such list of the page answers and no other list does.
 * Used only where no word or structured data names the field on the training pages.
 */
import type { Element } from 'domhandler';
import { labelValues, type PageContext } from '../../recipe/extract/index.js';
import { classSelector, idSelector } from './selectors.js';
import type { Candidate, InduceContext } from './types.js';

/** Under a language's word for the field (0.8) and a heading section (0.75). */
const PRIOR = 0.5;
const MIN_SHARE = 0.6;
const MAX_LINE = 90;
/** A quantity at either end of a line: a number, a fraction or a digit of any script. */
const QUANTITY_FIRST = /^[\s(]*(?:\p{Nd}|[½¼¾⅓⅔⅛⅜⅝⅞])/u;
const QUANTITY_LAST = /(?:\p{Nd}|[½¼¾⅓⅔⅛])[\p{L}.\s)]{0,12}$/u;
const CHROME = 'header, nav, footer, aside, form';
const LABELLED = /^[^\d:：]{2,30}[:：]\s*\S/u;

export function quantityListCandidates(ctx: InduceContext): Candidate[] {
  if (ctx.concept.id !== 'ingredients') return [];
  // Only where nothing names the field: a page whose words or data say "ingredients" is read by
  // them, and a nutrition list of quantity lines beside the ingredients would only compete.
  if (ctx.pages.some((p) => labelValues(p, ctx.concept.labels, null).length > 0 || JSON.stringify(p.jsonLdBlocks()).includes('"recipeIngredient"'))) return [];
  let common: string[] | null = null;
  for (const page of ctx.pages) {
    const here = selectorsOn(page);
    common = common ? common.filter((s) => here.includes(s)) : here;
    if (common.length === 0) return [];
  }
  return (common ?? []).map((css) => ({ source: { css }, kind: 'css' as const, prior: PRIOR, describe: `quantity lines ${css}` }));
}

/** Item selectors that pick exactly the page's lists of quantity lines (at least one). */
function selectorsOn(page: PageContext): string[] {
  const lists = (page.$('ul, ol').toArray() as Element[]).filter((l) => page.$(l).closest(CHROME).length === 0);
  const quantityLists = new Set(lists.filter((l) => quantityLines(page, l)));
  if (quantityLists.size === 0) return [];
  const out: string[] = [];
  for (const list of quantityLists) {
    for (const css of itemSelectors(list)) {
      if (out.includes(css)) continue;
      let matched: Element[];
      try {
        matched = page.$(css).toArray() as Element[];
      } catch {
        continue;
      }
      const owners = new Set(matched.map((li) => li.parent as Element));
      // Three lines at least: a date and a reading time are no recipe.
      if (matched.length >= 3 && [...owners].every((o) => quantityLists.has(o))) out.push(css);
    }
  }
  return out;
}

/** Whether most of a list's own items are short lines stating a quantity. */
function quantityLines(page: PageContext, list: Element): boolean {
  const items = list.children.filter((c) => c.type === 'tag' && (c as Element).name === 'li') as Element[];
  if (items.length < 2) return false;
  const texts = items.map((li) => page.text(li));
  if (texts.some((t) => t.length > MAX_LINE)) return false;
  const stating = texts.filter((t) => QUANTITY_FIRST.test(t) || QUANTITY_LAST.test(t)).length;
  // "Preparazione: 10 min", "Dosi per: 4 persone": a list of labelled facts, not of ingredients.
  const labelled = texts.filter((t) => LABELLED.test(t)).length;
  return stating / items.length >= MIN_SHARE && labelled * 2 < items.length;
}

/** `ul.ingredients > li`, or by the list's holder when the list has no stable class. */
function itemSelectors(list: Element): string[] {
  const holder = list.parent?.type === 'tag' ? (list.parent as Element) : null;
  const own = classSelector(list);
  const named = holder ? [idSelector(holder), classSelector(holder)].map((h) => h && `${h} > ${list.name} > li`) : [];
  return [own && `${own} > li`, ...named].filter((s): s is string => s !== null);
}

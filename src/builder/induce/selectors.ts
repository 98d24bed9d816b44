/**
 * CSS selectors that survive from one page of a template to the next: ids and class names that
 * look hand-written (not generated hashes or per-item numbers), itemprops, and short paths
 * anchored on such names rather than on positions.
 */
import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { rethrowUnless } from '../../errors/expected.js';

/** A name that is probably stable across pages: letters, few digits, no hash-like runs. */
/** Long names made of words only (BEM: `recipe__ingredient-list__ingredient__title`) are written by hand. */
const WORDS_ONLY = /^[a-z]+(?:(?:-|__?)[a-z]+)*$/;

export function isStableName(name: string): boolean {
  if (name.length < 2 || name.length > (WORDS_ONLY.test(name) ? 120 : 60)) return false;
  if (!/^[A-Za-z_-][\w-]*$/.test(name)) return false;
  if (/\d{3,}/.test(name)) return false;
  const digits = (name.match(/\d/g) ?? []).length;
  if (digits > 2 && digits / name.length > 0.2) return false;
  // CSS-in-JS hashes: "css-1x2y3z", "sc-bdVaJa", "_3xkT9"; mixed case + digits in a short token.
  if (/^(?:css|sc|jsx|emotion|styled)-/i.test(name)) return false;
  if (/^_?[a-zA-Z0-9]{5,8}$/.test(name) && /\d/.test(name) && /[A-Z]/.test(name) && /[a-z]/.test(name)) return false;
  return true;
}

export function cssEscape(name: string): string {
  return name.replace(/([^\w-])/g, '\\$1');
}

/** Classes that say the element's state, not what it is: they change from page to page. */
const STATE_CLASSES = /^(?:is|has)-|^(?:active|selected|disabled|hidden|open|closed|current|visible|invisible|show|hide|collapsed|expanded)$/;

/**
 * The element's stable classes, without state classes and without BEM modifiers whose block is
 * there too (`lieferstatus--gruen` next to `lieferstatus`: green today, red tomorrow).
 */
export function stableClasses(el: Element): string[] {
  const classes = (el.attribs?.class ?? '').split(/\s+/).filter(isStableName);
  const all = new Set(classes);
  return classes.filter((c) => !changesWithState(c, all));
}

/** `#id` when the element's id looks hand-written (no runs of digits), else null. */
export function idSelector(el: Element): string | null {
  const id = el.attribs?.id;
  return id && /^[A-Za-z][\w-]*$/.test(id) && !/\d{3,}/.test(id) ? `#${cssEscape(id)}` : null;
}

/** `tag.class.class` by the element's stable classes, or null when it has none. */
export function classSelector(el: Element): string | null {
  const classes = stableClasses(el);
  return classes.length ? `${el.name}.${classes.map(cssEscape).join('.')}` : null;
}

function changesWithState(c: string, all: Set<string>): boolean {
  return STATE_CLASSES.test(c) || (c.includes('--') && all.has(c.slice(0, c.indexOf('--'))));
}

/** One step of a path: `tag#id`, `tag.class.class` or `tag`. */
function step(el: Element, useId: boolean): string {
  const id = el.attribs?.id;
  if (useId && id && isStableName(id)) return `#${cssEscape(id)}`;
  const classes = stableClasses(el).slice(0, 2);
  return el.name + classes.map((c) => `.${cssEscape(c)}`).join('');
}

function parentElement(el: Element): Element | null {
  const p = el.parent;
  return p && p.type === 'tag' ? (p as Element) : null;
}

/**
 * A selector for `el` anchored on the nearest stable id or classes, at most `maxDepth` steps,
 * that selects `el` first on this page. Null when no such selector exists.
 */
export function anchoredSelector($: CheerioAPI, el: Element, maxDepth = 4): string | null {
  const parts: string[] = [];
  let current: Element | null = el;
  for (let depth = 0; current && depth < maxDepth; depth++) {
    if (current.name === 'html' || current.name === 'body') break;
    const part = step(current, true);
    parts.unshift(part);
    const selector = parts.join(' > ');
    if (part.startsWith('#') || (depth > 0 && /[.#]/.test(part))) {
      if (selectsFirst($, selector, el)) return selector;
    } else if (depth === 0 && /[.#]/.test(part) && selectsFirst($, selector, el)) return selector;
    current = parentElement(current);
  }
  return null;
}

/** Whether the selector's first match on the page is `el`. */
export function selectsFirst($: CheerioAPI, selector: string, el: Element): boolean {
  try {
    return $(selector).first()[0] === el;
  } catch (err) {
    rethrowUnless(err, 'selector');
    return false;
  }
}

/** How many elements the selector matches on the page (0 on an invalid selector). */
export function countMatches($: CheerioAPI, selector: string): number {
  try {
    return $(selector).length;
  } catch (err) {
    rethrowUnless(err, 'selector');
    return 0;
  }
}

/** A step with every class of the element, generated ones too (`span.uqkIZw.ka2E9k`). */
function fullStep(el: Element, nth: boolean): string {
  const all = (el.attribs?.class ?? '').split(/\s+/).filter((c) => /^[A-Za-z_-][\w-]*$/.test(c));
  const classes = all.filter((c) => !changesWithState(c, new Set(all)));
  let step = el.name + classes.map((c) => `.${cssEscape(c)}`).join('');
  if (nth) {
    const parent = parentElement(el);
    const siblings = parent ? parent.children.filter((c): c is Element => c.type === 'tag' && (c as Element).name === el.name) : [el];
    if (siblings.length > 1) step += `:nth-of-type(${siblings.indexOf(el) + 1})`;
  }
  return step;
}

/**
 * A selector for `el` when no stable name anchors it: every class of the element and its
 * ancestors, then positions among siblings, up to `maxDepth` steps. Brittler than
 * `anchoredSelector`; used for values located from structured data.
 */
export function structuralSelector($: CheerioAPI, el: Element, maxDepth = 6): string | null {
  for (const nth of [false, true]) {
    const parts: string[] = [];
    let current: Element | null = el;
    for (let depth = 0; current && depth < maxDepth; depth++) {
      if (current.name === 'html' || current.name === 'body') break;
      const id = current.attribs?.id;
      parts.unshift(id && isStableName(id) && depth > 0 ? `#${cssEscape(id)}` : fullStep(current, nth));
      const selector = parts.join(' > ');
      if (selectsFirst($, selector, el)) return selector;
      if (parts[0].startsWith('#')) break;
      current = parentElement(current);
    }
  }
  return null;
}

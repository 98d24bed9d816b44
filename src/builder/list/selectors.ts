/**
 * Selectors that survive from one list page to the next: hand-written class names (not hashes,
 * per-record ids or state classes), anchored on the record rather than on positions; positions
 * (`:nth-of-type`) only as a last resort.
 */
import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { rethrowUnless } from '../../errors/expected.js';

/** Classes that say how an element looks right now, not what it is. */
const STATE_CLASSES = /^(?:active|selected|current|first|last|odd|even|hover|focus|open|show|in|visible|hidden|disabled|clearfix|is-\w+|has-\w+|js-\w+)$/i;

/** A class name that is probably the same on every page: words, not hashes or ids. */
export function isStableClass(name: string): boolean {
  if (name.length < 2 || name.length > 60) return false;
  if (!/^[A-Za-z_-][\w-]*$/.test(name)) return false;
  if (STATE_CLASSES.test(name)) return false;
  if (/\d{3,}/.test(name)) return false;
  if (/^(?:css|sc|jsx|emotion|styled|svelte)-/i.test(name)) return false;
  if (/^_?[a-zA-Z0-9]{5,8}$/.test(name) && /\d/.test(name) && /[A-Z]/.test(name) && /[a-z]/.test(name)) return false;
  if (/__[a-zA-Z0-9]{5}$/.test(name)) return false; // CSS modules: name__hash
  return true;
}

export function classesOf(el: Element): string[] {
  return (el.attribs?.class ?? '').split(/\s+/).filter(Boolean);
}

export function cssEscape(name: string): string {
  return name.replace(/([^\w-])/g, '\\$1');
}

/** `tag.class.class` from the given classes (sorted for a stable key). */
export function stepOf(el: Element, classes: string[]): string {
  return el.name + [...classes].sort().map((c) => `.${cssEscape(c)}`).join('');
}

export function parentOf(el: Element): Element | null {
  const p = el.parent;
  return p && p.type === 'tag' ? (p as Element) : null;
}

export function elementChildren(el: Element): Element[] {
  return (el.children ?? []).filter((c): c is Element => c.type === 'tag');
}

/** Words that make a class name a good anchor for records. */
const RECORD_WORDS = /product|item|card|result|post|article|entry|listing|offer|recipe|hit|teaser|tile|record|story|book|job|property|event|course/i;

/** Orders classes: record-like words first, then longer (more specific) names. */
export function rankClasses(classes: string[]): string[] {
  return [...classes].sort((a, b) => Number(RECORD_WORDS.test(b)) - Number(RECORD_WORDS.test(a)) || b.length - a.length);
}

/** Elements a selector matches on the page; an invalid selector matches nothing. */
export function selectAll($: CheerioAPI, selector: string, within?: Element): Element[] {
  try {
    return (within ? $(within).find(selector) : $(selector)).toArray() as Element[];
  } catch (err) {
    rethrowUnless(err, 'selector');
    return [];
  }
}

/** Same elements, same order. */
export function sameElements(a: Element[], b: Element[]): boolean {
  return a.length === b.length && a.every((el, i) => el === b[i]);
}

/** The element's position among siblings of its tag, 1-based (for :nth-of-type). */
export function nthOfType(el: Element): number {
  const parent = parentOf(el);
  if (!parent) return 1;
  return elementChildren(parent).filter((c) => c.name === el.name).indexOf(el) + 1;
}

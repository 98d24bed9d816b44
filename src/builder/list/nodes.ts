/**
 * Value nodes of records and the selectors that read them. Every record is walked; each
 * element that carries a value (own text, a link, an image, a data-* attribute, a class word
 * such as `Three`) becomes a node keyed by its path from the record (tags plus the classes a
 * fair share of records use). Nodes with the same key across records form a candidate field,
 * and a relative selector is searched that picks exactly that node in every record.
 */
import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { PageContext } from '../../recipe/extract/index.js';
import { resolveHref } from '../explore/links.js';
import { classesOf, cssEscape, elementChildren, isStableClass, nthOfType, parentOf, rankClasses, selectAll } from './selectors.js';
import { NUMBER_WORDS } from '../../util/number-words.js';

export type NodeKind = 'text' | 'link' | 'image' | 'attr' | 'classword';

export interface TrainingRecord {
  ctx: PageContext;
  el: Element;
  page: number;
}

export interface Candidate {
  kind: NodeKind;
  /** Attribute read (`href`, `src`/`data-src`, `title`, `class`, `data-id`...). */
  attr?: string;
  /** Record index -> the node in that record. */
  nodes: Map<number, Element>;
  /** Raw value per record index (text, absolute URL, attribute value). */
  values: Map<number, string>;
  /** Tag-only path, to merge candidates split by per-record classes. */
  tagPath: string;
  /** Relative selector, set by `chooseSelector`. */
  selector?: string;
  /** Inside a heading (h1-h6) of the record. */
  inHeading: boolean;
  /** Class names, itemprop, data-* name: what the page says the value is. */
  hints: string[];
}

const SKIP = new Set(['script', 'style', 'template', 'noscript', 'svg', 'path', 'br', 'hr', 'select', 'option', 'button', 'input', 'form']);
const IMAGE_ATTRS = ['data-src', 'data-lazy-src', 'data-original', 'data-lazy', 'src'];
const UI_DATA = /^data-(?:toggle|target|dismiss|bs-|ride|slide|placement|trigger|track|gtm|analytics|ga|event|testid|test|qa|cy|reactid|v-|src|srcset|lazy|original|sizes|index|position)/;

/** Classes that name a value (a number word), never part of a path. */
export function isValueClass(c: string): boolean {
  return Object.hasOwn(NUMBER_WORDS, c.toLowerCase());
}

function ownTextOf(el: Element): string {
  return (el.children ?? [])
    .filter((c) => c.type === 'text')
    .map((c) => (c as unknown as { data: string }).data)
    .join('')
    .trim();
}

export function imageAttr(el: Element): string | undefined {
  for (const attr of IMAGE_ATTRS) {
    const v = el.attribs[attr]?.trim();
    if (v && !v.startsWith('data:') && !/(?:blank|placeholder|spacer|pixel|lazy)\.(?:gif|png|svg)$/i.test(v)) return attr;
  }
  return undefined;
}

/**
 * Candidates over all records. `anchorShare`: a class is part of paths when at least this
 * share of records use it (default 0.15), so per-record classes do not split candidates.
 */
export function collectCandidates(records: TrainingRecord[], anchorShare = 0.15): Candidate[] {
  const classShare = new Map<string, number>();
  for (const r of records) {
    const seen = new Set<string>();
    for (const el of [r.el, ...(r.ctx.$(r.el).find('*').toArray() as Element[])]) for (const c of classesOf(el)) seen.add(c);
    for (const c of seen) classShare.set(c, (classShare.get(c) ?? 0) + 1);
  }
  const anchorClasses = (el: Element) =>
    classesOf(el)
      .filter((c) => isStableClass(c) && !isValueClass(c) && (classShare.get(c) ?? 0) >= records.length * anchorShare)
      .sort();
  const byKey = new Map<string, Candidate>();
  records.forEach((record, index) => {
    const occurrences = new Map<string, number>();
    const add = (el: Element, path: string, tagPath: string, kind: NodeKind, value: string | undefined, attr: string | undefined, inHeading: boolean) => {
      if (value === undefined || value.trim() === '') return;
      const base = `${path}|${kind}|${attr ?? ''}`;
      const n = occurrences.get(base) ?? 0;
      occurrences.set(base, n + 1);
      const key = `${base}#${n}`;
      const cand = byKey.get(key) ?? { kind, attr, nodes: new Map(), values: new Map(), tagPath: `${tagPath}|${kind}|${attr ?? ''}#${n}`, inHeading, hints: [] };
      cand.nodes.set(index, el);
      cand.values.set(index, value);
      byKey.set(key, cand);
    };
    const walk = (el: Element, path: string, tagPath: string, inHeading: boolean) => {
      if (SKIP.has(el.name)) return;
      const heading = inHeading || /^h[1-6]$/.test(el.name);
      const ctx = record.ctx;
      if (ownTextOf(el).replace(/[\s\p{P}]/gu, '') !== '') add(el, path, tagPath, 'text', ctx.text(el), undefined, heading);
      if (el.name === 'a' && el.attribs.href) add(el, path, tagPath, 'link', resolveHref(el.attribs.href, ctx.baseUrl()) ?? undefined, 'href', heading);
      if (el.attribs.title) add(el, path, tagPath, 'attr', el.attribs.title, 'title', heading);
      if (el.name === 'img') {
        const attr = imageAttr(el);
        if (attr) add(el, path, tagPath, 'image', resolveHref(el.attribs[attr], ctx.baseUrl()) ?? undefined, attr, heading);
      }
      if (classesOf(el).some(isValueClass)) add(el, path, tagPath, 'classword', el.attribs.class, 'class', heading);
      for (const [name, value] of Object.entries(el.attribs)) {
        if ((name.startsWith('data-') && !UI_DATA.test(name)) || (name === 'datetime' && el.name === 'time') || (name === 'content' && el.attribs.itemprop)) {
          add(el, path, tagPath, 'attr', value, name, heading);
        }
      }
      for (const child of elementChildren(el)) {
        const step = child.name + anchorClasses(child).map((c) => `.${c}`).join('');
        walk(child, `${path}>${step}`, `${tagPath}>${child.name}`, heading);
      }
    };
    walk(record.el, ':scope', ':scope', false);
  });
  const candidates = mergeExclusive([...byKey.values()]);
  for (const cand of candidates) cand.hints = hintsOf(cand);
  return candidates;
}

/**
 * Candidates with one tag path that never meet in a record (`p.instock` here, `p.outofstock`
 * there) are one field whose class varies by record.
 */
function mergeExclusive(candidates: Candidate[]): Candidate[] {
  const byTagPath = new Map<string, Candidate[]>();
  for (const c of candidates) byTagPath.set(c.tagPath, [...(byTagPath.get(c.tagPath) ?? []), c]);
  const out: Candidate[] = [];
  for (const group of byTagPath.values()) {
    const merged: Candidate[] = [];
    for (const c of group.sort((a, b) => b.nodes.size - a.nodes.size)) {
      const host = merged.find((m) => [...c.nodes.keys()].every((k) => !m.nodes.has(k)));
      if (!host) {
        merged.push(c);
        continue;
      }
      for (const [k, v] of c.nodes) host.nodes.set(k, v);
      for (const [k, v] of c.values) host.values.set(k, v);
    }
    out.push(...merged);
  }
  return out;
}

function hintsOf(cand: Candidate): string[] {
  const first = [...cand.nodes.values()][0];
  const hints: string[] = [];
  if (cand.attr && cand.attr.startsWith('data-')) hints.push(cand.attr.slice(5));
  if (first.attribs.itemprop) hints.push(first.attribs.itemprop);
  hints.push(...commonClasses([...cand.nodes.values()]));
  const parent = parentOf(first);
  if (parent && classesOf(first).length === 0) hints.push(...classesOf(parent).filter(isStableClass));
  return hints;
}

/** Stable classes every element has. */
export function commonClasses(elements: Element[]): string[] {
  if (elements.length === 0) return [];
  let common = classesOf(elements[0]).filter((c) => isStableClass(c) && !isValueClass(c));
  for (const el of elements.slice(1)) {
    const own = new Set(classesOf(el));
    common = common.filter((c) => own.has(c));
  }
  return common;
}

/** Relative selectors to try, simplest first. */
function selectorCandidates(nodes: Element[], records: Element[]): string[] {
  const first = nodes[0];
  if (nodes.every((n, i) => n === records[i])) return [':scope'];
  const tag = first.name;
  const classes = rankClasses(commonClasses(nodes));
  const out: string[] = [];
  for (const c of classes) out.push(`.${cssEscape(c)}`, `${tag}.${cssEscape(c)}`);
  if (classes.length > 1) out.push(`${tag}${classes.map((c) => `.${cssEscape(c)}`).join('')}`);
  // A bare tag is a weak anchor (the first link of a record may change); distinctive tags excepted.
  const distinctive = /^(?:h[1-6]|time|img|del|s|strike|figure|figcaption|address|dl)$/.test(tag);
  if (distinctive) out.push(tag);
  const parents = nodes.map(parentOf).filter((p): p is Element => p !== null);
  if (parents.length === nodes.length && !parents.some((p, i) => p === records[i])) {
    const parentClasses = rankClasses(commonClasses(parents));
    const ptag = parents[0].name;
    for (const pc of parentClasses.slice(0, 2)) {
      out.push(`.${cssEscape(pc)} ${tag}`, `.${cssEscape(pc)} > ${tag}`);
      for (const c of classes.slice(0, 1)) out.push(`.${cssEscape(pc)} .${cssEscape(c)}`);
    }
    if (parents.every((p) => p.name === ptag)) out.push(`${ptag} > ${tag}`, `${ptag} ${tag}`);
  }
  if (!distinctive) out.push(tag);
  out.push(fullPath(nodes[0], records[0], false), fullPath(nodes[0], records[0], true));
  return [...new Set(out)];
}

/** `div.a > p > span` from the record down; with positions when `nth`. */
function fullPath(node: Element, record: Element, nth: boolean): string {
  const steps: string[] = [];
  for (let cur: Element | null = node; cur && cur !== record; cur = parentOf(cur)) {
    const classes = classesOf(cur).filter((c) => isStableClass(c) && !isValueClass(c)).slice(0, 2);
    const step = cur.name + classes.map((c) => `.${cssEscape(c)}`).join('') + (nth ? `:nth-of-type(${nthOfType(cur)})` : '');
    steps.unshift(step);
  }
  return `:scope > ${steps.join(' > ')}`;
}

/**
 * The first selector that, inside every record, picks the candidate's node first and picks
 * nothing in records that lack the candidate. Null when none does.
 */
export function chooseSelector(cand: Candidate, records: TrainingRecord[]): string | null {
  const withNode = [...cand.nodes.entries()];
  const nodes = withNode.map(([, n]) => n);
  const owners = withNode.map(([i]) => records[i].el);
  for (const selector of selectorCandidates(nodes, owners)) {
    if (selector === ':scope') return selector;
    const ok = records.every((r, i) => {
      const $: CheerioAPI = r.ctx.$;
      const found = selectAll($, selector, r.el);
      const expected = cand.nodes.get(i);
      return expected ? found[0] === expected : found.length === 0;
    });
    if (ok) return selector;
  }
  return null;
}

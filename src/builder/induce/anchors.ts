/**
 * Candidates from named anchors in the HTML: ids, classes, itemprops and data attributes whose
 * names contain a word of the field (`#priceblock`, `.author`, `[data-price]`). Names are
 * preferred over positions because they survive from one page of a template to the next.
 */
import type { Element } from 'domhandler';
import type { PageContext } from '../../recipe/extract/index.js';
import { nameTokens } from '../knowledge/index.js';
import { countMatches, cssEscape, isStableName, stableClasses } from './selectors.js';
import { inFurniture, isEffectName } from './furniture.js';
import type { Candidate, InduceContext } from './types.js';
import { NOT_READING_TEXT } from './page-labels.js';

/** Besides what is not reading text, a form's own names (`form.price-filter`) and svg paths name no field. */
const SKIP = new Set([...NOT_READING_TEXT, 'path', 'link', 'form']);
const MAX_CANDIDATES = 60;

interface NamedAnchor {
  el: Element;
  kind: 'id' | 'class' | 'itemprop' | 'data' | 'input';
  name: string;
  parts: NameParts;
}

const anchorIndexes = new WeakMap<PageContext, NamedAnchor[]>();
const matchCounts = new WeakMap<PageContext, Map<string, number>>();

/** Every stable name on the page with its word parts, computed once per page. */
function anchorIndex(page: PageContext): NamedAnchor[] {
  const hit = anchorIndexes.get(page);
  if (hit) return hit;
  const out: NamedAnchor[] = [];
  for (const el of page.$('body *').toArray() as Element[]) {
    const attrs = el.attribs ?? {};
    if (el.name === 'input' && valueInput(el)) out.push({ el, kind: 'input', name: attrs.name, parts: nameParts(attrs.name) });
    if (SKIP.has(el.name)) continue;
    if (attrs.id && isStableName(attrs.id)) out.push({ el, kind: 'id', name: attrs.id, parts: nameParts(attrs.id) });
    for (const c of stableClasses(el)) out.push({ el, kind: 'class', name: c, parts: nameParts(c) });
    if (attrs.itemprop) out.push({ el, kind: 'itemprop', name: attrs.itemprop, parts: nameParts(attrs.itemprop) });
    for (const name of Object.keys(attrs)) {
      if (name.startsWith('data-') && attrs[name]?.trim() && !isEffectName(name)) out.push({ el, kind: 'data', name, parts: nameParts(name.slice(5)) });
    }
  }
  anchorIndexes.set(page, out);
  return out;
}

function cachedCount(page: PageContext, css: string): number {
  let counts = matchCounts.get(page);
  if (!counts) matchCounts.set(page, (counts = new Map()));
  let n = counts.get(css);
  if (n === undefined) counts.set(css, (n = countMatches(page.$, css)));
  return n;
}

/**
 * Words of a field name too common to find its element alone: `cook_time` must not take the
 * element named `prepTime`, `product_type` not every `product-*` block.
 */
const GENERIC_PARTS = new Set(['time', 'date', 'name', 'type', 'number', 'count', 'code', 'text', 'value', 'info', 'data', 'item', 'product',
  'total', 'main', 'full', 'list', 'page', 'title', 'label', 'detail', 'details', 'the', 'and']);

function anchorWords(ctx: InduceContext): string[] {
  const joined = nameTokens(ctx.fieldName);
  const fromName = joined.filter((t) => t.length >= 3 && (joined.length === 1 || !GENERIC_PARTS.has(t)));
  // The concept's one-word names in every language ("azienda", "lieferbar") name classes too.
  const names = ctx.concept.names.filter((n) => !n.includes('_') && n.length >= 4 && !GENERIC_PARTS.has(n));
  const words = [...ctx.concept.anchors, ...names, ...fromName, joined.join('-'), joined.join('_'), joined.join('')];
  return [...new Set(words.map((w) => w.toLowerCase()).filter((w) => w.length >= 3))];
}

export function anchorCandidates(ctx: InduceContext): Candidate[] {
  const words = anchorWords(ctx);
  if (words.length === 0) return [];
  const out = new Map<string, Candidate>();
  const add = (c: Candidate): void => {
    const key = JSON.stringify(c.source);
    if (!out.has(key) && out.size < MAX_CANDIDATES) out.set(key, c);
  };
  const many = ctx.concept.many === true;
  // Anchored text often starts with its own label ("Brand: Tefal").
  const clean: Candidate['clean'] = ctx.concept.labels.length > 0 ? [{ op: 'strip_label', labels: ctx.concept.labels }] : undefined;
  for (const page of ctx.pages) {
    for (const anchor of anchorIndex(page)) {
      if (!nameMatches(anchor.parts, words)) continue;
      const { el, kind, name } = anchor;
      // Inside navigation, reviews or recommendations the value belongs to something else.
      const damp = inFurniture(el) ? 0.5 : 1;
      if (kind === 'data') {
        add({ source: { css: `[${name}]`, attr: name }, kind: 'css', prior: 0.5 * damp, describe: `css [${name}] @${name}` });
        continue;
      }
      if (kind === 'input') {
        const css = `input[name="${name.replace(/"/g, '')}"]`;
        add({ source: { css, attr: 'value' }, kind: 'css', prior: 0.45 * damp, describe: `css ${css} @value` });
        continue;
      }
      const css = kind === 'id' ? `#${cssEscape(name)}` : kind === 'class' ? `.${cssEscape(name)}` : `[itemprop="${name.replace(/"/g, '')}"]`;
      const prior = (kind === 'id' ? 0.66 : kind === 'class' ? 0.6 : 0.74) * damp;
      const count = cachedCount(page, css);
      if (count === 0 || (count > 30 && !many)) continue;
      const valueAttr = el.attribs?.content !== undefined ? 'content' : undefined;
      // An itemprop selector reads the microdata again: not an independent confirmation, and gone where microdata is.
      const sourceKind = kind === 'itemprop' ? 'microdata' : 'css';
      const named = kind !== 'itemprop';
      add({ source: valueAttr ? { css, attr: valueAttr } : { css }, kind: sourceKind, clean, prior, describe: `css ${css}`, named });
      if (!valueAttr && el.children.some((c) => c.type === 'tag')) {
        add({ source: { css, text_mode: 'own' }, kind: sourceKind, clean, prior: prior - 0.05, describe: `css ${css} (own text)`, named });
      }
      // A brand or maker shown as its logo: the picture's alt text names it.
      if (ctx.concept.shape === 'organization' && !page.text(el) && page.$(el).find('img[alt]').length > 0) {
        add({ source: { css: `${css} img`, attr: 'alt' }, kind: 'css', prior: prior - 0.05, describe: `css ${css} img @alt` });
      }
      if (many) {
        const $el = page.$(el);
        childCandidates($el.find('a').length, $el.find('li').length, $el.find('tr:has(td)').length, css, prior).forEach((c) => add({ ...c, kind: sourceKind }));
      }
    }
  }
  return [...out.values()];
}

/** Types of input whose value states a fact of the page (servings in a calculator, an item id), not a user's entry. */
const VALUE_INPUTS = new Set(['number', 'hidden', 'text', '']);

/** A named form field with a preset value: `<input name="servings" value="4">`. */
function valueInput(el: Element): boolean {
  const a = el.attribs ?? {};
  return Boolean(a.name && isStableName(a.name) && a.value?.trim() && VALUE_INPUTS.has((a.type ?? '').toLowerCase()));
}

/** For lists: the links, list items or table rows (amount and name in two cells) inside an anchored container. */
function childCandidates(links: number, items: number, rows: number, css: string, prior: number): Candidate[] {
  const out: Candidate[] = [];
  if (items >= 2) out.push({ source: { css: `${css} li` }, kind: 'css', prior: prior + 0.04, describe: `css ${css} li` });
  if (rows >= 2) out.push({ source: { css: `${css} tr:has(td)` }, kind: 'css', prior: prior + 0.03, describe: `css ${css} tr` });
  if (links >= 1) out.push({ source: { css: `${css} a` }, kind: 'css', prior: prior + 0.02, describe: `css ${css} a` });
  return out;
}

/**
 * `priceBlock_ourPrice` -> its words ['price', 'block', 'our', 'price'] and runs of adjacent
 * words glued (`priceblock`, `ourprice`, `blockour`...), plus the whole name lower-cased.
 */
function nameParts(name: string): NameParts {
  const words = nameTokens(name);
  const joins = new Set([name.toLowerCase(), words.join('')]);
  for (let i = 0; i < words.length; i++) for (let n = 2; n <= 3 && i + n <= words.length; n++) joins.add(words.slice(i, i + n).join(''));
  return { words: [...new Set(words)], joins: [...joins] };
}

interface NameParts {
  /** Single words: a field word may be part of a compound (`preisbereich`, `ourprice`). */
  words: string[];
  /** Adjacent words glued: only the whole field word matches (`listPrice` for `list-price`), never a piece (`variationUnavailable` is not `available`). */
  joins: string[];
}

/** Whether a name names one of the words. */
function nameMatches(parts: NameParts, words: string[]): boolean {
  return words.some((w) => {
    const compact = w.replace(/[^a-z0-9]/g, '');
    return parts.words.some((part) => partMatches(part, w)) || parts.joins.some((j) => j === w || j === compact || j === `${compact}s`);
  });
}

/**
 * A name part matches a word when it is the word, its plural, or the word glued to another
 * word of at least three letters (`priceblock`, `ourprice`), not a longer unrelated word
 * (`marker` is not `marke`).
 */
export function partMatches(part: string, word: string): boolean {
  if (part === word || part === `${word}s` || part === `${word}es`) return true;
  const at = part.indexOf(word);
  if (at < 0 || word.length < 3) return false;
  const before = part.slice(0, at);
  const after = part.slice(at + word.length);
  return (before.length === 0 || before.length >= 3) && (after.length === 0 || after.length >= 3 || /^[-_]/.test(after));
}

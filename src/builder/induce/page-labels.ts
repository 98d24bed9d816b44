/**
 * The labels a page actually shows ("Auteur(s)", "Superficie construida", "Koch-/Backzeit",
 * "Pubblicato il"), and how well each one names a field. The knowledge base lists label words;
 * pages write them with plural markers, qualifiers and compounds, so an exact comparison misses
 * them. Matching here is by words: equal, equal after stripping plural endings, the field's
 * words first followed by a short qualifier, or the field's words inside a compound label.
 */
import type { Element } from 'domhandler';
import { collapseWhitespace, foldLabel, INVISIBLE_TAGS, type PageContext } from '../../recipe/extract/index.js';

export type LabelMatchKind = 'exact' | 'stem' | 'prefix' | 'contains';

export interface ShownLabel {
  /** The label as the page writes it (trailing colon removed), usable as a `label` source. */
  text: string;
  /** Word stems of the label. */
  stems: string[];
}

const MAX_LABEL = 50;
const MAX_WORDS = 6;
const MAX_PER_PAGE = 600;
/** Elements whose text is not the page's reading text: hidden ones, and form controls (a select's options, a button's caption). */
export const NOT_READING_TEXT: ReadonlySet<string> = new Set([...INVISIBLE_TAGS, 'option', 'select', 'textarea', 'button', 'input']);
/** Words too common to name a field unless the whole label is that word ("Date", not "Date of birth"). */
const GENERIC = new Set(['date', 'time', 'name', 'title', 'price', 'total', 'type', 'number', 'no', 'nr', 'code', 'data', 'info', 'de', 'la', 'el', 'le']);

/**
 * "Auteur(s)" -> ["auteur"], "Koch-/Backzeit:" -> ["koch", "backzeit"], "Afmetingen (b x d x h)"
 * -> ["afmetingen"]: folded words, without what brackets add (plural markers, units, qualifiers).
 */
export function labelWords(text: string): string[] {
  return foldLabel(text)
    .replace(/\([^()]*\)/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** A crude stem shared by singular and plural forms in the languages we meet (authors/author, zutaten/zutat). */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  return word.replace(/(?:ies|es|en|s|e|n)$/, '') || word;
}

const cache = new WeakMap<PageContext, ShownLabel[]>();

/** Every label-like text on the page: table header cells, dt, short elements before a value, "Label:" prefixes. */
export function shownLabels(page: PageContext): ShownLabel[] {
  const hit = cache.get(page);
  if (hit) return hit;
  const seen = new Set<string>();
  const out: ShownLabel[] = [];
  const add = (raw: string): void => {
    const text = collapseWhitespace(raw).replace(/[\s:：]+$/, '');
    if (!text || text.length > MAX_LABEL || !/\p{L}/u.test(text)) return;
    // "4 personen", "15 min": a text that starts with a number is a value, not the label of the next one.
    if (/^\p{N}/u.test(text)) return;
    const words = labelWords(text);
    if (words.length === 0 || words.length > MAX_WORDS) return;
    const key = words.join(' ');
    if (seen.has(key) || out.length >= MAX_PER_PAGE) return;
    seen.add(key);
    out.push({ text, stems: words.map(stem) });
  };
  for (const el of page.$('body *').toArray() as Element[]) {
    if (NOT_READING_TEXT.has(el.name)) continue;
    const own = el.children.filter((c) => c.type === 'text').map((c) => (c as unknown as { data: string }).data).join(' ');
    const colon = /^([^:：\n]{1,50}?)\s*[:：]/.exec(own.trimStart().slice(0, MAX_LABEL + 10));
    if (colon) add(colon[1]);
    // "Beküldte: Marika" is a label with its value, not a label.
    if (hasValueBeside(el) && !/[:：]\s*\S/.test(page.text(el))) add(page.text(el));
  }
  cache.set(page, out);
  return out;
}

const INLINE = new Set(['span', 'b', 'strong', 'em', 'i', 'small', 'abbr', 'sup', 'sub', 'u', 'bdi', 'font', 'br']);

/** Nothing but text and inline elements inside: a label, not a block that holds a form or a list. */
function labelLike(el: Element): boolean {
  return el.children.every((c) => c.type !== 'tag' || (INLINE.has((c as Element).name) && labelLike(c as Element)));
}

/** Short label-like elements followed by something: a sibling element or text (`<th>`, `<dt>`, `<strong>Label</strong> value`). */
function hasValueBeside(el: Element): boolean {
  if (!labelLike(el)) return false;
  if (el.name === 'th' || el.name === 'dt') return true;
  for (let n = el.next; n; n = n.next) {
    if (n.type === 'tag') return true;
    if (n.type === 'text' && (n as unknown as { data: string }).data.trim()) return true;
  }
  return false;
}

/** How `label` names a field whose label words are `wanted` (null when it does not). */
export function matchKind(label: ShownLabel, wanted: string): LabelMatchKind | null {
  const words = labelWords(wanted);
  if (words.length === 0) return null;
  const shown = labelWords(label.text);
  if (shown.join(' ') === words.join(' ')) return 'exact';
  const stems = words.map(stem);
  const same = (at: number): boolean => stems.every((s, i) => label.stems[at + i] === s);
  if (label.stems.length === stems.length && same(0)) return 'stem';
  const extra = label.stems.length - stems.length;
  if (extra < 1 || extra > 2) return null;
  // One generic word ("Date") is not enough to claim "Date of birth" or "Delivery date".
  if (stems.length === 1 && (GENERIC.has(words[0]) || words[0].length < 4)) return null;
  if (same(0)) return 'prefix';
  for (let at = 1; at <= extra; at++) if (same(at) && words.join('').length >= 5) return 'contains';
  return null;
}

/** Prior belief in a label source by how its words matched the field. */
export const MATCH_PRIOR: Record<LabelMatchKind, number> = { exact: 0.8, stem: 0.76, prefix: 0.66, contains: 0.6 };

/**
 * "The value next to a label": the way most detail pages show attributes to people.
 * Recognised layouts (labels compared case- and diacritic-insensitively, trailing colon optional):
 * - table rows: `<tr><th>Label</th><td>value</td></tr>` (or two tds), and header cells over a column;
 * - definition lists: `<dt>Label</dt><dd>value</dd>`;
 * - a label element followed by text: `<li><strong>Label</strong>: value</li>`, `<span>Label</span><span>value</span>`;
 * - "Label: value" as the start of an element's own text: `<li>Label: value</li>`.
 */
import type { AnyNode, Element } from 'domhandler';
import type { PageContext } from './page-context.js';
import { collapseWhitespace, fold, isBlock, isInvisible, ownText } from './text.js';

export interface LabelMatch {
  /** The element holding the value (the label's parent for inline values). */
  el: Element;
  /** The label element itself. */
  labelEl: Element;
  value: string;
}

/** Fold a label for comparison: case, diacritics, white space, trailing colon or dots. */
export function foldLabel(s: string): string {
  return fold(s).replace(/^[\s*•·\-–]+/, '').replace(/[\s:：.*\-–]+$/, '');
}

const SEPARATOR = /^\s*[:：]\s*/;
const OPENING = /^\s*[〈《【「『（［(\[]\s*/u;
const CLOSING = /\s*[〉》】」』）］)\]]\s*$/u;
/** What may follow a label in "Label: value" text: an abbreviation's dot may come first ("Art.-Nr.: 4711"). */
const LABEL_END = /^[\s.]*[:：]/;

/** Every value found next to one of the labels inside `within` (or the page), in document order. */
export function labelValues(ctx: PageContext, labels: string[], within: Element | null): LabelMatch[] {
  const wanted = new Set(labels.map(foldLabel).filter(Boolean));
  if (wanted.size === 0) return [];
  const maxLen = Math.max(...[...wanted].map((l) => l.length)) + 8;
  const out: LabelMatch[] = [];
  // The same value read twice from one element (via its <strong> label and via its own
  // "Label: value" text) counts once.
  const seen = new Map<Element, Set<string>>();
  const push = (m: LabelMatch | null): void => {
    if (!m) return;
    const value = collapseWhitespace(m.value.replace(SEPARATOR, ''));
    if (!value || wanted.has(foldLabel(value))) return;
    const values = seen.get(m.el) ?? new Set<string>();
    if (values.has(value)) return;
    values.add(value);
    seen.set(m.el, values);
    out.push({ ...m, value });
  };
  const index = labelIndex(ctx);
  const entries = within ? scopedEntries(ctx, index, within) : index.entries;
  for (const entry of entries) {
    if (entry.exact !== null && entry.exact.length <= maxLen && wanted.has(entry.exact)) {
      for (const m of valuesBesideLabel(ctx, entry.el)) push(m);
      continue;
    }
    if (entry.lead !== null && wanted.has(entry.lead)) {
      push(leadValue(ctx, entry.el));
      continue;
    }
    if (entry.ownPrefix === null) continue;
    for (const label of wanted) {
      if (!entry.ownPrefix.startsWith(label)) continue;
      const rest = entry.ownPrefix.slice(label.length);
      if (LABEL_END.test(rest)) {
        push(inlineValue(ctx, entry.el, label));
        break;
      }
      // "Serves 4", "Prep 10 mins": a short line whose label is followed by a number.
      if (entry.short && /^\s+\d/.test(rest)) {
        push({ el: entry.el, labelEl: entry.el, value: ctx.text(entry.el).slice(label.length) });
        break;
      }
    }
  }
  return out;
}

interface IndexEntry {
  el: Element;
  /** The element's whole text folded as a label, when short enough to be one. */
  exact: string | null;
  /** The start of its own text, folded, when it holds a separator ("Label: value") or a number. */
  ownPrefix: string | null;
  /**
   * The text before its first child element, folded, when the rest is inline elements: "Recipe
   * by" in `<p>Recipe by <a>Ann Lee</a></p>` labels the link's text.
   */
  lead: string | null;
  /** Its whole text is a short line ("Serves 4"): a label may be followed by the value without a colon. */
  short: boolean;
}

interface LabelIndex {
  entries: IndexEntry[];
  byElement: Map<Element, IndexEntry>;
}

const MAX_LABEL_TEXT = 120;
const FORM_CONTROLS = new Set(['select', 'option', 'optgroup', 'textarea', 'input', 'button', 'datalist']);
const indexes = new WeakMap<PageContext, LabelIndex>();

/** Folded label texts of every visible element, computed once per page (label search is hot during induction). */
function labelIndex(ctx: PageContext): LabelIndex {
  const hit = indexes.get(ctx);
  if (hit) return hit;
  const entries: IndexEntry[] = [];
  const byElement = new Map<Element, IndexEntry>();
  const visit = (el: Element, inNavigation: boolean): void => {
    // Form controls ("-- Author" in a search box's <select>) neither label nor hold values.
    if (isInvisible(el) || FORM_CONTROLS.has(el.name)) return;
    // Menus and footers repeat section names ("Ingredients", "Authors") that label nothing here.
    const navigation = inNavigation || isNavigation(el);
    const raw = ctx.rawText(el);
    const short = raw.length <= MAX_LABEL_TEXT * 4 ? collapseWhitespace(raw) : '';
    const exact = short && short.length <= MAX_LABEL_TEXT ? foldLabel(short) : null;
    const own = ownText(el);
    const shortLine = short.length > 0 && short.length <= 40 && /^[^\d]{2,30}\s\d/.test(short) && fold(own).trim().length > 0;
    const ownPrefix = /[:：]/.test(own) || shortLine ? fold(own.slice(0, MAX_LABEL_TEXT + 20)).trim().replace(OPENING, '') : null;
    const entry = navigation ? { el, exact: null, ownPrefix: null, lead: null, short: false } : { el, exact, ownPrefix, lead: leadingLabel(el), short: shortLine };
    entries.push(entry);
    byElement.set(el, entry);
    for (const child of el.children) if (child.type === 'tag') visit(child as Element, navigation);
  };
  const body = ctx.$('body')[0] as Element | undefined;
  if (body) for (const child of body.children) if (child.type === 'tag') visit(child as Element, false);
  const index = { entries, byElement };
  indexes.set(ctx, index);
  return index;
}

const NAVIGATION_WORDS = /(?:^|[-_\s])(?:nav|navbar|navigation|menu|megamenu|submenu|dropdown|footer|breadcrumbs?)(?:$|[-_\s])/i;

/** Site navigation: <nav>, <footer>, ARIA navigation landmarks, menus named as such. */
function isNavigation(el: Element): boolean {
  if (el.name === 'nav' || el.name === 'footer') return true;
  const role = el.attribs?.role;
  if (role === 'navigation' || role === 'contentinfo' || role === 'menu' || role === 'menubar') return true;
  const names = `${el.attribs?.id ?? ''} ${el.attribs?.class ?? ''}`;
  return NAVIGATION_WORDS.test(names);
}

function scopedEntries(ctx: PageContext, index: LabelIndex, within: Element): IndexEntry[] {
  const els = ctx.$(within).find('*').addBack().toArray() as Element[];
  return els.map((el) => index.byElement.get(el)).filter((e): e is IndexEntry => e !== undefined);
}

const MAX_LEAD = 30;
const LEAD_INLINE = new Set(['a', 'span', 'b', 'strong', 'em', 'i', 'bdi', 'cite']);

/** The folded text before the element's first child element, when all that follows is one or two inline elements. */
function leadingLabel(el: Element): string | null {
  const first = el.children.findIndex((c) => c.type === 'tag');
  if (first <= 0) return null;
  const rest = el.children.slice(first).filter((c) => c.type === 'tag') as Element[];
  if (rest.length > 2 || rest.some((c) => !LEAD_INLINE.has(c.name))) return null;
  const lead = el.children.slice(0, first).map((c) => (c.type === 'text' ? (c as unknown as { data: string }).data : '')).join('');
  const folded = foldLabel(collapseWhitespace(lead));
  return folded && lead.length <= MAX_LEAD ? folded : null;
}

/** The text after the leading label: the inline elements' text. */
function leadValue(ctx: PageContext, el: Element): LabelMatch {
  const first = el.children.findIndex((c) => c.type === 'tag');
  const value = el.children.slice(first).map((c) => ctx.rawText(c)).join('');
  return { el, labelEl: el, value };
}

/** "Label: value" in an element's own text: everything after the first separator. */
function inlineValue(ctx: PageContext, el: Element, label: string): LabelMatch | null {
  const text = ctx.text(el).replace(OPENING, '');
  const folded = fold(text);
  if (!folded.startsWith(label)) return null;
  // Map the folded position back: folding keeps one character per base letter in practice.
  const after = text.slice(Math.min(text.length, label.length));
  const m = /^[^:：]*[:：]/.exec(after);
  let value = m ? after.slice(m[0].length) : after;
  // "〈商品編號：M67296549〉", "(Art.-Nr.: 4711)": the bracket opened before the label closes after the value.
  if (text.length < ctx.text(el).length) value = value.replace(CLOSING, '');
  return { el, labelEl: el, value };
}

/** Values beside a label element (its text is the label). */
function valuesBesideLabel(ctx: PageContext, label: Element): LabelMatch[] {
  if (label.name === 'th' || label.name === 'td') return tableValue(ctx, label);
  if (label.name === 'dt') return definitionValues(ctx, label);
  let current: Element = label;
  // Climb while the ancestor holds nothing but the label (`<div><span>Label</span></div><div>v</div>`).
  for (let depth = 0; depth < 4; depth++) {
    const inline = followingText(ctx, current);
    if (inline) return [{ el: (current.parent as Element) ?? current, labelEl: label, value: inline }];
    const next = nextElement(current);
    if (next) {
      // A label over a list ("Ingredients:" then <ul>): each item is a value.
      if (next.name === 'ul' || next.name === 'ol') {
        const items = next.children.filter((c): c is Element => c.type === 'tag' && c.name === 'li');
        const values = items.map((li) => ({ el: li, labelEl: label, value: ctx.text(li) })).filter((m) => m.value);
        if (values.length > 0) return values;
      }
      // A label over a table of items (amount and name in two cells): each data row is a value.
      if (next.name === 'table') {
        const rows = ctx.$(next).find('tr').toArray() as Element[];
        const values = rows
          .filter((tr) => tr.children.some((c) => c.type === 'tag' && (c as Element).name === 'td'))
          .map((tr) => ({ el: tr, labelEl: label, value: ctx.text(tr) }))
          .filter((m) => m.value);
        if (values.length > 1) return values;
      }
      const value = ctx.text(next);
      if (value) return [{ el: next, labelEl: label, value }];
    }
    const parent = current.parent;
    if (!parent || parent.type !== 'tag') break;
    if (foldLabel(ctx.rawText(parent)) !== foldLabel(ctx.rawText(label))) {
      const above = captionedValue(ctx, current);
      return above ? [{ el: above, labelEl: label, value: ctx.text(above) }] : [];
    }
    if (parent.name === 'th' || parent.name === 'td') return tableValue(ctx, parent);
    if (parent.name === 'dt') return definitionValues(ctx, parent);
    current = parent;
  }
  return [];
}

const MAX_TILE_TEXT = 100;
const MAX_TILE_CHILDREN = 3;
/** Headings, paragraphs and lists end a block of prose; they do not caption a value. */
const NOT_TILE_PARTS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'table', 'section', 'article']);

/**
 * A key-fact tile whose label is a caption under its value (`<div><b>45.000 km</b><span>
 * Kilometerstand</span></div>`): the label is the last of at most three elements of a short
 * block, and the element before it holds the value.
 */
function captionedValue(ctx: PageContext, label: Element): Element | null {
  const parent = label.parent as Element | null;
  if (!parent || parent.type !== 'tag' || ctx.text(parent).length > MAX_TILE_TEXT) return null;
  const children = parent.children.filter((c): c is Element => c.type === 'tag' && !isInvisible(c as Element));
  if (children.length < 2 || children.length > MAX_TILE_CHILDREN || children[children.length - 1] !== label) return null;
  if (children.some((c) => NOT_TILE_PARTS.has(c.name))) return null;
  if (parent.children.some((c) => c.type === 'text' && (c as unknown as { data: string }).data.trim())) return null;
  const value = children[children.length - 2];
  return ctx.text(value) ? value : null;
}

/**
 * Text nodes and inline elements right after the label, up to a <br>, a block element, or
 * another element of the label's kind (the next label): `<b>A</b> x<br><b>B</b> y`.
 */
function followingText(ctx: PageContext, label: Element): string {
  let out = '';
  for (let n: AnyNode | null = label.next; n; n = n.next) {
    if (n.type === 'text') {
      out += (n as unknown as { data: string }).data;
      continue;
    }
    if (n.type !== 'tag') continue;
    const el = n as Element;
    if (el.name === 'br' || el.name === label.name || isInvisible(el)) break;
    if (isBlock(el)) break;
    out += ctx.rawText(el);
  }
  return collapseWhitespace(out.replace(SEPARATOR, ''));
}

function nextElement(el: Element): Element | null {
  for (let n = el.next; n; n = n.next) {
    // A form beside a label (a servings calculator under "Ingredients") is not its value.
    if (n.type !== 'tag' || isInvisible(n as Element) || (n as Element).name === 'form') continue;
    return FORM_CONTROLS.has((n as Element).name) ? null : (n as Element);
  }
  return null;
}

function tableValue(ctx: PageContext, cell: Element): LabelMatch[] {
  const next = nextElement(cell);
  if (next && (next.name === 'td' || next.name === 'th')) return [{ el: next, labelEl: cell, value: ctx.text(next) }];
  // A header cell over a column: the value is the cell at the same index in the next row.
  const row = cell.parent as Element | null;
  if (!row || row.name !== 'tr') return [];
  const index = row.children.filter((c) => c.type === 'tag').indexOf(cell);
  const $ = ctx.$;
  const table = $(row).closest('table');
  const rows = table.find('tr').toArray();
  const after = rows[rows.indexOf(row) + 1];
  if (!after) return [];
  const target = after.children.filter((c) => c.type === 'tag')[index] as Element | undefined;
  return target ? [{ el: target, labelEl: cell, value: ctx.text(target) }] : [];
}

function definitionValues(ctx: PageContext, dt: Element): LabelMatch[] {
  const out: LabelMatch[] = [];
  for (let n = nextElement(dt); n && n.name === 'dd'; n = nextElement(n)) {
    out.push({ el: n, labelEl: dt, value: ctx.text(n) });
  }
  return out;
}

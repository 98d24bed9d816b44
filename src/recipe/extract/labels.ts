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

/** Every value found next to one of the labels inside `within` (or the page), in document order. */
export function labelValues(ctx: PageContext, labels: string[], within: Element | null): LabelMatch[] {
  const wanted = new Set(labels.map(foldLabel).filter(Boolean));
  if (wanted.size === 0) return [];
  const maxLen = Math.max(...[...wanted].map((l) => l.length)) + 8;
  const out: LabelMatch[] = [];
  const seen = new Set<string>();
  const push = (m: LabelMatch | null): void => {
    if (!m) return;
    const value = collapseWhitespace(m.value.replace(SEPARATOR, ''));
    const key = `${value}\u0000${m.labelEl.startIndex ?? ''}`;
    if (!value || seen.has(key) || wanted.has(foldLabel(value))) return;
    seen.add(key);
    out.push({ ...m, value });
  };
  const $ = ctx.$;
  const elements = within ? $(within).find('*').addBack().toArray() : $('body *').toArray();
  for (const el of elements) {
    if (el.type !== 'tag' || isInvisible(el) || hasInvisibleAncestor(el)) continue;
    const raw = ctx.rawText(el);
    if (raw.length <= maxLen * 3 && wanted.has(foldLabel(raw))) {
      for (const m of valuesBesideLabel(ctx, el)) push(m);
      continue;
    }
    const own = ownText(el);
    const ownFolded = fold(own.slice(0, maxLen + 4));
    for (const label of wanted) {
      if (!ownFolded.startsWith(label)) continue;
      const rest = fold(own).slice(label.length);
      if (!SEPARATOR.test(rest) || isInvisible(el)) continue;
      push(inlineValue(ctx, el, label));
      break;
    }
  }
  return out;
}

function hasInvisibleAncestor(el: Element): boolean {
  for (let p = el.parent; p && p.type === 'tag'; p = p.parent) if (isInvisible(p as Element)) return true;
  return false;
}

/** "Label: value" in an element's own text: everything after the first separator. */
function inlineValue(ctx: PageContext, el: Element, label: string): LabelMatch | null {
  const text = ctx.text(el);
  const folded = fold(text);
  if (!folded.startsWith(label)) return null;
  // Map the folded position back: folding keeps one character per base letter in practice.
  const after = text.slice(Math.min(text.length, label.length));
  const m = /^[^:：]*[:：]/.exec(after);
  const value = m ? after.slice(m[0].length) : after;
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
      const value = ctx.text(next);
      if (value) return [{ el: next, labelEl: label, value }];
    }
    const parent = current.parent;
    if (!parent || parent.type !== 'tag') break;
    if (foldLabel(ctx.rawText(parent)) !== foldLabel(ctx.rawText(label))) break;
    if (parent.name === 'th' || parent.name === 'td') return tableValue(ctx, parent);
    if (parent.name === 'dt') return definitionValues(ctx, parent);
    current = parent;
  }
  return [];
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
  for (let n = el.next; n; n = n.next) if (n.type === 'tag' && !isInvisible(n as Element)) return n as Element;
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

/**
 * Recipe times under labels in a language the knowledge base lacks. Recipe pages show their times
 * as a row of labelled facts in one order, the one schema.org and every recipe card plugin use:
 * preparation, cooking, total; and the total is the sum of the others when nothing else (resting,
 * marinating) is counted in. So where one fact of a page's row equals the sum of the others, it
 * is the total, the first of the others is the preparation and, of two, the second the cooking.
 * The label each one has on the page ("Підготовка", "Kuhanje", "Kopā") is learned from the
 * training pages and read as a label source, which keeps working when a page leaves a fact out.
 */
import type { AnyNode, Element } from 'domhandler';
import { durationMinutes, labelValues, type PageContext } from '../../recipe/extract/index.js';
import type { Candidate, InduceContext } from './types.js';
import { NOT_READING_TEXT } from './page-labels.js';

type TimeRole = 'prep_time' | 'cook_time' | 'total_time';
const ROLES = new Set<string>(['prep_time', 'cook_time', 'total_time']);

/** Below the labels the knowledge base knows (0.8 exact): a learned label is a weaker claim. */
const PRIOR = 0.6;
const MAX_VALUE = 30;
const MAX_LABEL = 40;

export interface TimeFact {
  label: string;
  minutes: number;
}

export function timeRoleCandidates(ctx: InduceContext): Candidate[] {
  if (!ROLES.has(ctx.concept.id)) return [];
  const role = ctx.concept.id as TimeRole;
  const labels = new Set<string>();
  for (const page of ctx.pages) {
    for (const row of timeRows(page)) {
      const label = rolesOf(row).get(role);
      if (label) labels.add(label);
    }
  }
  if (labels.size === 0) return [];
  const label = [...labels];
  return [{ source: { label: label.length === 1 ? label[0] : label }, kind: 'label', prior: PRIOR, describe: `label ${label.map((l) => `"${l}"`).join('|')} (time row)` }];
}

/** Which fact plays which role, when one of them is the sum of the others (else none). */
function rolesOf(facts: TimeFact[]): Map<TimeRole, string> {
  const roles = new Map<TimeRole, string>();
  if (facts.length < 3) return roles;
  const sum = facts.reduce((a, f) => a + f.minutes, 0);
  const total = facts.find((f) => f.minutes > 0 && f.minutes * 2 === sum);
  if (!total) return roles;
  roles.set('total_time', total.label);
  const parts = facts.filter((f) => f !== total);
  // Preparation comes first; the cooking is the other of two, but among three or more (a
  // resting or rising time too) pages put the extra time before it or after it alike.
  roles.set('prep_time', parts[0].label);
  if (parts.length === 2) roles.set('cook_time', parts[1].label);
  return roles;
}

const cache = new WeakMap<PageContext, TimeFact[][]>();

/**
 * The page's rows of labelled times, each in document order: the innermost elements whose text
 * is a duration with a unit ("20 хв", "1 h 30 min") with the short text beside them as their
 * label ("Label: value" in one text counts too), kept only when that label, read as a label
 * source, gives the same time back. Facts are one row when their label-and-value pairs (with
 * the wrappers that hold nothing else) share a parent: a related recipe's card with its own
 * time is not part of the page's row.
 */
export function timeRows(page: PageContext): TimeFact[][] {
  const hit = cache.get(page);
  if (hit) return hit;
  const rows = new Map<AnyNode | null, TimeFact[]>();
  const seen = new Set<string>();
  for (const el of page.$('body *').toArray() as Element[]) {
    if (NOT_READING_TEXT.has(el.name)) continue;
    const text = page.text(el);
    if (!text || text.length > MAX_VALUE + MAX_LABEL || !/\d/.test(text) || !/\p{L}/u.test(text)) continue;
    // The innermost element holding the number ("<b>20 хв</b>", not its <li>).
    if (el.children.some((c) => c.type === 'tag' && /\d/.test(page.text(c as Element)))) continue;
    const inline = /^([^:：\d]{1,40})[:：]\s*(\S.*)$/u.exec(text);
    const valueText = inline ? inline[2] : text;
    if (valueText.length > MAX_VALUE) continue;
    const minutes = durationMinutes(valueText);
    if (!minutes) continue;
    const label = inline ? inline[1].trim() : labelBeside(page, el);
    if (!label || seen.has(label)) continue;
    const read = labelValues(page, [label], null)[0];
    if (!read || durationMinutes(read.value) !== minutes) continue;
    seen.add(label);
    // The pair is the element itself ("Prep: 20 min") or the parent holding label and value; its
    // wrappers (a paragraph in a block of a page builder) hold nothing else.
    const pair = unitOf(page, inline ? el : ((el.parent as Element | null) ?? el));
    const row = rows.get(pair.parent) ?? [];
    row.push({ label, minutes });
    rows.set(pair.parent, row);
  }
  const out = [...rows.values()];
  cache.set(page, out);
  return out;
}

/** The outermost element around `el` whose text is the same as its own (wrappers only). */
function unitOf(page: PageContext, el: Element): Element {
  const text = page.text(el);
  let unit = el;
  while (unit.parent && unit.parent.type === 'tag' && page.text(unit.parent as Element) === text) unit = unit.parent as Element;
  return unit;
}

/** The short wordy sibling before the value ("Prep: <b>20 min</b>"), or after it (a tile with the label under the value). */
function labelBeside(page: PageContext, el: Element): string | null {
  for (const step of ['prev', 'next'] as const) {
    let n = el[step];
    // Past blank text and comments to the next text or element.
    while (n && ((n.type === 'text' && !(n as unknown as { data: string }).data.trim()) || n.type === 'comment')) n = n[step];
    const text = n?.type === 'text' ? (n as unknown as { data: string }).data : n?.type === 'tag' ? page.text(n as Element) : '';
    const label = text.replace(/\s+/g, ' ').trim().replace(/[\s:：]+$/, '');
    if (label && label.length <= MAX_LABEL && /\p{L}/u.test(label) && !/\d/.test(label)) return label;
  }
  return null;
}

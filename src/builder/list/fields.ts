/**
 * Fields of list records from candidate value nodes (nodes.ts): the record's main link (the one
 * leading to a detail page) becomes `url`, its heading or link text `title` (a fuller `title`
 * attribute first when the text is truncated), then images, prices (+ currency), ratings,
 * availability, dates, numbers and the remaining varying texts named from their classes.
 * Constant texts ("Add to basket"), duplicates of another field and sparse nodes are left out.
 */
import type { Element } from 'domhandler';
import type { FieldSpec, Source, Transform } from '../../recipe/types.js';
import { recordKey } from '../knowledge/index.js';
import { nameFromHints, nameTokens, preferWanted, fieldKey, uniqueName } from './names.js';
import { isMoneyName } from '../money.js';
import { chooseSelector, collectCandidates, type Candidate, type TrainingRecord } from './nodes.js';
import {
  CLASS_WORD_TABLE,
  commonLabel,
  isActionText,
  isAvailabilityText,
  looksLikeAvailability,
  looksLikeDate,
  looksLikeNumber,
  looksLikePrice,
  looksLikeRatingText,
  looksTruncated,
  starCount,
} from './roles.js';

export interface FieldOptions {
  isDetailUrl?: (url: string) => boolean;
  wantedFields?: string[];
}

export interface PlannedField {
  name: string;
  spec: FieldSpec;
  describe: string;
}

const MIN_COVERAGE = 0.3;

const cssSource = (c: Candidate, attr?: string): Source => {
  const source: { css: string; attr?: string } = { css: c.selector! };
  const a = attr ?? (c.kind === 'text' ? undefined : c.attr);
  if (a) source.attr = a;
  return source;
};

const describeOf = (c: Candidate, attr?: string): string => `css "${c.selector}"${(attr ?? c.attr) && c.kind !== 'text' ? ` @${attr ?? c.attr}` : ''}`;

function coverage(c: Candidate, total: number): number {
  return total === 0 ? 0 : c.nodes.size / total;
}

function valuesOf(c: Candidate): string[] {
  return [...c.values.values()];
}

function distinctShare(c: Candidate): number {
  const values = valuesOf(c);
  return values.length === 0 ? 0 : new Set(values).size / values.length;
}

function meanLength(c: Candidate): number {
  const values = valuesOf(c);
  return values.length === 0 ? 0 : values.reduce((s, v) => s + v.length, 0) / values.length;
}

/** Same value in (almost) every record both have. */
function sameValues(a: Candidate, b: Candidate): boolean {
  let shared = 0;
  let equal = 0;
  for (const [i, v] of a.values) {
    const w = b.values.get(i);
    if (w === undefined) continue;
    shared++;
    if (w === v || w.startsWith(v.replace(/(?:\.\.\.|…)\s*$/, '')) || v.startsWith(w.replace(/(?:\.\.\.|…)\s*$/, ''))) equal++;
  }
  return shared > 0 && equal / shared >= 0.9;
}

export function planFields(records: TrainingRecord[], options: FieldOptions = {}): { fields: PlannedField[]; notes: string[] } {
  const notes: string[] = [];
  const total = records.length;
  const all = collectCandidates(records).filter((c) => {
    if (coverage(c, total) < MIN_COVERAGE) return false;
    c.selector = chooseSelector(c, records) ?? undefined;
    if (!c.selector) notes.push(`no stable selector for a ${c.kind} node (${c.hints.join(' ') || 'no class'}); left out`);
    return c.selector !== undefined;
  });
  const used = new Set<Candidate>();
  const fields: PlannedField[] = [];
  const taken = new Set<string>();
  const accept = (name: string, spec: FieldSpec, describe: string, ...cands: Candidate[]) => {
    cands.forEach((c) => used.add(c));
    fields.push({ name: uniqueName(preferWanted(name, options.wantedFields), taken), spec, describe });
  };

  const mainLink = pickMainLink(all.filter((c) => c.kind === 'link'), total, options);
  const title = pickTitle(all, mainLink);
  if (mainLink) {
    // Other links to the same page (image link, title link) are the same field.
    all.filter((c) => c.kind === 'link' && sameValues(c, mainLink)).forEach((c) => used.add(c));
    const spec: FieldSpec = { sources: [cssSource(mainLink)], transforms: [{ op: 'absolute_url' }] };
    if (coverage(mainLink, total) === 1) spec.required = true;
    accept('url', spec, describeOf(mainLink), mainLink);
  }
  if (title) {
    const spec: FieldSpec = { sources: title.map((c) => cssSource(c)) };
    if (title.some((c) => coverage(c, total) === 1)) spec.required = true;
    accept('title', spec, title.map((c) => describeOf(c)).join(' | '), ...title);
  }
  const titleCand = title?.[0];
  addImages(all, used, accept);
  let currencyDone = false;
  for (const c of all) {
    if (used.has(c) || c.kind === 'link' || c.kind === 'image') continue;
    if (titleCand && sameValues(c, titleCand)) continue;
    // A value already read by another field (an image's alt = the title, a data-* copy of a text).
    if ([...used].some((u) => u.kind !== 'link' && u.kind !== 'image' && sameValues(c, u))) continue;
    const values = valuesOf(c);
    if (c.kind === 'classword') {
      if (values.every((v) => v.split(/\s+/).some((w) => Object.hasOwn(CLASS_WORD_TABLE, w.toLowerCase())))) {
        const name = nameFromHints(c.hints) ?? 'rating';
        accept(recordKey(nameTokens(name)) === 'rating' || /star|rat/i.test(c.hints.join(' ')) ? 'rating' : name, { sources: [cssSource(c, 'class')], transforms: [{ op: 'class_word', words: CLASS_WORD_TABLE }] }, `${describeOf(c, 'class')} class_word`, c);
      }
      continue;
    }
    if (c.kind === 'attr' && c.attr === 'title') continue;
    const isConstant = new Set(values).size === 1 && values.length >= 3;
    if (c.kind === 'text' && values.some(isActionText)) continue;
    if (c.kind === 'text' && looksLikePrice(values)) {
      const old = c.hints.some((h) => /old|was|regular|original|strike|before|compare|rrp|msrp/i.test(h)) || ['del', 's', 'strike'].includes([...c.nodes.values()][0].name);
      accept(old ? 'original_price' : 'price', { sources: [cssSource(c)], transforms: [{ op: 'currency_amount' }] }, `${describeOf(c)} currency_amount`, c);
      if (!currencyDone && !old) {
        currencyDone = true;
        fields.push({ name: uniqueName('currency', taken), spec: { sources: [cssSource(c)], transforms: [{ op: 'currency_code' }] }, describe: `${describeOf(c)} currency_code` });
      }
      continue;
    }
    if (c.kind === 'text' && (looksLikeAvailability(values) || (isConstant && isAvailabilityText(values[0])))) {
      accept('availability', { sources: [cssSource(c)] }, describeOf(c), c);
      continue;
    }
    if (isConstant) continue;
    planValueField(c, values, accept);
  }
  return { fields: orderFields(fields), notes };
}

function planValueField(c: Candidate, values: string[], accept: (name: string, spec: FieldSpec, describe: string, ...cands: Candidate[]) => void): void {
  const hinted = nameFromHints(c.hints);
  // Star glyphs ("★★★☆☆") cannot be counted by a transform; they stay text.
  if (c.kind === 'text' && looksLikeRatingText(values) && !starCount(values)) {
    const transforms: Transform[] = [{ op: 'regex', pattern: '(\\d+(?:[.,]\\d+)?)', group: 1 }, { op: 'number' }];
    accept('rating', { sources: [cssSource(c)], transforms }, `${describeOf(c)} number`, c);
    return;
  }
  if ((c.kind === 'attr' && c.attr === 'datetime') || (c.kind === 'text' && looksLikeDate(values))) {
    accept(hinted && hinted !== 'time' ? hinted : 'date', { sources: [cssSource(c)], transforms: [{ op: 'iso_date' }] }, `${describeOf(c)} iso_date`, c);
    return;
  }
  if (!hinted && values.every((v) => /^\s*(?:1[89]|20)\d\d\s*$/.test(v))) {
    accept('year', { sources: [cssSource(c)], transforms: [{ op: 'integer' }] }, describeOf(c), c);
    return;
  }
  if (looksLikeNumber(values)) {
    // Money read as a whole number would round the cents a later page shows (builder/money.ts).
    const integer = !(hinted && isMoneyName(hinted)) && values.every((v) => !/\d[.,]\d{1,2}(?!\d)/.test(v));
    accept(hinted ?? (values.some((v) => /review/i.test(v)) ? 'reviews' : 'number'), { sources: [cssSource(c)], transforms: [{ op: integer ? 'integer' : 'number' }] }, describeOf(c), c);
    return;
  }
  const label = c.kind === 'text' ? commonLabel(values) : null;
  if (label) {
    const name = label === 'by' ? 'author' : (recordKey(nameTokens(label)) ?? fieldKey(label));
    accept(name, { sources: [cssSource(c)], transforms: label === 'by' ? [{ op: 'replace', pattern: '^\\s*by\\s+', replacement: '', flags: 'i' }] : [{ op: 'strip_label', labels: [label] }] }, `${describeOf(c)} minus "${label}"`, c);
    return;
  }
  const fallback = c.kind === 'attr' ? fieldKey(c.attr!.replace(/^data-/, '')) : 'text';
  accept(hinted ?? fallback, { sources: [cssSource(c)] }, describeOf(c), c);
}

function pickMainLink(links: Candidate[], total: number, options: FieldOptions): Candidate | null {
  if (links.length === 0) return null;
  const detail = (c: Candidate) => (options.isDetailUrl ? valuesOf(c).filter((v) => options.isDetailUrl!(v)).length / c.values.size : 0);
  const scored = links.map((c) => ({
    c,
    score: coverage(c, total) * 2 + detail(c) * 3 + distinctShare(c) + (c.inHeading ? 0.5 : 0) + (hasText(c) ? 0.2 : 0),
  }));
  scored.sort((a, b) => b.score - a.score);
  return scored[0].c;
}

function hasText(link: Candidate): boolean {
  return [...link.nodes.values()].some((n) => (n.children ?? []).some((ch) => ch.type === 'text' && (ch as unknown as { data: string }).data.trim() !== ''));
}

/** Title sources best first: a fuller title attribute, the heading text, the main link's text. */
function pickTitle(all: Candidate[], mainLink: Candidate | null): Candidate[] | null {
  const texts = all.filter((c) => c.kind === 'text' && !valuesOf(c).some(isActionText) && distinctShare(c) >= 0.5);
  const linkNodes = new Set(mainLink ? [...mainLink.nodes.values()] : []);
  // On the main link: the link itself or an element inside it (`<a><b>Title</b></a>`).
  const onLink = (c: Candidate) => [...c.nodes.values()].some((n) => insideAny(n, linkNodes));
  const byName = (c: Candidate) => c.hints.some((h) => recordKey(nameTokens(h)) === 'title');
  const ranked = [...texts].sort(
    (a, b) =>
      Number(b.inHeading) - Number(a.inHeading) ||
      Number(byName(b)) - Number(byName(a)) ||
      Number(onLink(b)) - Number(onLink(a)) ||
      b.nodes.size - a.nodes.size ||
      meanLength(b) - meanLength(a),
  );
  const text = ranked.find((c) => c.inHeading || byName(c) || onLink(c)) ?? null;
  const attrs = all.filter((c) => c.kind === 'attr' && c.attr === 'title' && (onLink(c) || c.inHeading) && distinctShare(c) >= 0.5);
  const attr = attrs.sort((a, b) => b.nodes.size - a.nodes.size)[0];
  if (!text) {
    if (attr) return [attr];
    // Without a heading, a name or a link text, records usually open with their title.
    const first = texts.find((c) => distinctShare(c) >= 0.8 && meanLength(c) >= 3);
    return first ? [first] : null;
  }
  if (attr && (looksTruncated(valuesOf(text)) || meanLength(attr) > meanLength(text)) && sameValues(attr, text)) return [attr, text];
  return [text];
}

function insideAny(node: Element, ancestors: Set<Element>): boolean {
  for (let cur: Element | null = node; cur; cur = cur.parent && cur.parent.type === 'tag' ? (cur.parent as Element) : null) {
    if (ancestors.has(cur)) return true;
  }
  return false;
}

function addImages(all: Candidate[], used: Set<Candidate>, accept: (name: string, spec: FieldSpec, describe: string, ...cands: Candidate[]) => void): void {
  const images = all.filter((c) => c.kind === 'image').sort((a, b) => b.nodes.size - a.nodes.size);
  const bySelector = new Map<string, Candidate[]>();
  for (const c of images) bySelector.set(c.selector!, [...(bySelector.get(c.selector!) ?? []), c]);
  for (const [selector, group] of bySelector) {
    // Lazy images keep the real URL in data-*; src may be a placeholder on some records.
    const attrs = [...new Set([...group.map((c) => c.attr!).filter((a) => a !== 'src'), 'src'])];
    const sources: Source[] = attrs.map((attr) => ({ css: selector, attr }));
    accept('image', { sources, transforms: [{ op: 'absolute_url' }] }, `css "${selector}" @${attrs.join('|')}`, ...group);
  }
}

const ORDER = ['url', 'title', 'price', 'currency', 'original_price', 'image', 'rating', 'availability', 'date'];

function orderFields(fields: PlannedField[]): PlannedField[] {
  const rank = (f: PlannedField) => {
    const i = ORDER.indexOf(f.name.replace(/_\d+$/, ''));
    return i === -1 ? ORDER.length : i;
  };
  return [...fields].sort((a, b) => rank(a) - rank(b));
}

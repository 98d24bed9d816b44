/**
 * `induceList`: a `list` extraction from several list pages of one template (page 1, 2, ...).
 * 1. Record regions are found on the first page (regions.ts); the best region whose records can
 *    be selected by one class-based selector on every training page wins.
 * 2. Fields are planned over the records of all pages together (fields.ts), so every selector
 *    holds on every page.
 * 3. The extraction is run on the training pages to report counts, samples and coverage.
 * 4. Pagination comes from the pages' next links or numbered URLs (pagination.ts).
 */
import type { Element } from 'domhandler';
import { createPageContext, evaluateExtraction, type PageContext, type PageInput } from '../../recipe/extract/index.js';
import type { FieldSpec } from '../../recipe/types.js';
import { matchTemplate, type UrlTemplate } from '../explore/url-template.js';
import { planFields } from './fields.js';
import { typeHintOf } from './names.js';
import { commonClasses, type TrainingRecord } from './nodes.js';
import { paginationOptions } from './pagination.js';
import { findRecordRegions, recordLinks, type RecordRegion } from './regions.js';
import { classesOf, cssEscape, elementChildren, isStableClass, parentOf, rankClasses, sameElements, selectAll } from './selectors.js';
import type { InducedField, InducedList } from './types.js';

export interface InduceListOptions {
  /** The detail pages' URL template: records linking there are preferred, their link is `url`. */
  detailTemplate?: UrlTemplate;
  /** Same role as detailTemplate, as a predicate (either may be given). */
  isDetailUrl?: (url: string) => boolean;
  wantedFields?: string[];
  /** Fewest records a region must repeat. Default 3. */
  minRecords?: number;
  /** An items selector to try before searching regions (e.g. the list pages' one for search results). */
  itemsHint?: string;
  /** Skip pagination induction (search results of one probe). */
  noPagination?: boolean;
}

/** Thrown when no record region holds across the pages. */
export class NoListFound extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoListFound';
  }
}

export function induceList(pages: PageInput[], options: InduceListOptions = {}): InducedList {
  if (pages.length === 0) throw new NoListFound('induceList needs at least one page');
  const ctxs = pages.map((p) => createPageContext(p));
  const isDetailUrl = options.isDetailUrl ?? (options.detailTemplate ? (url: string) => matchTemplate(options.detailTemplate!, url) !== null : undefined);
  const notes: string[] = [];
  const items = chooseItems(ctxs, { ...options, isDetailUrl }, notes);
  if (!items) throw new NoListFound('No repeated records with links were found on the list pages');
  const records: TrainingRecord[] = ctxs.flatMap((ctx, page) => selectAll(ctx.$, items, undefined).map((el) => ({ ctx, el, page })));
  const planned = planFields(records, { isDetailUrl, wantedFields: options.wantedFields });
  notes.push(...planned.notes);
  const fields: Record<string, FieldSpec> = {};
  for (const f of planned.fields) fields[f.name] = f.spec;
  const extraction = { kind: 'list' as const, items, fields };
  let produced = ctxs.map((ctx) => evaluateExtraction(extraction, ctx) as Array<Record<string, unknown>>);
  const duplicates = duplicateFields(planned.fields, produced.flat());
  let kept = planned.fields;
  if (duplicates.size > 0) {
    notes.push(`left out ${[...duplicates].join(', ')}: same values as another field`);
    kept = renumber(planned.fields.filter((f) => !duplicates.has(f.name)));
    for (const name of Object.keys(fields)) delete fields[name];
    for (const f of kept) fields[f.name] = f.spec;
    produced = ctxs.map((ctx) => evaluateExtraction(extraction, ctx) as Array<Record<string, unknown>>);
  }
  const report = reportFields(kept, produced.flat());
  for (const f of report) if (f.coverage === 0) delete fields[f.name];
  const itemCount = produced.map((p) => p.length);
  const paginations = options.noPagination ? [] : paginationOptions(pages, itemCount[0]);
  const pagination = paginations[0] ?? null;
  if (pagination) notes.push(`pagination: ${paginations.map((p) => p.describe).join('; or ')}`);
  return {
    extraction,
    pagination: pagination?.strategy ?? null,
    request: pagination?.request ?? { url: pages[0].url },
    paginationOptions: paginations,
    fields: report.filter((f) => f.coverage > 0),
    itemCount,
    confidence: confidenceOf(itemCount, report),
    notes,
  };
}

/** `date_2` becomes `date` again when `date` was left out. */
function renumber<T extends { name: string }>(fields: T[]): T[] {
  const names = new Set(fields.map((f) => f.name));
  return fields.map((f) => {
    const base = /^(.+)_\d+$/.exec(f.name)?.[1];
    if (!base || names.has(base)) return f;
    names.delete(f.name);
    names.add(base);
    return { ...f, name: base };
  });
}

/**
 * Fields giving the same values as another on every record (a date read from the text and from
 * `datetime`). The one read from an attribute (machine-readable) is kept, else the first.
 */
function duplicateFields(planned: Array<{ name: string; spec: FieldSpec }>, rows: Array<Record<string, unknown>>): Set<string> {
  const drop = new Set<string>();
  const fromAttr = (spec: FieldSpec) => spec.sources.some((s) => 'css' in s && s.attr !== undefined);
  for (let i = 0; i < planned.length; i++) {
    for (let j = i + 1; j < planned.length; j++) {
      const a = planned[i];
      const b = planned[j];
      if (drop.has(a.name) || drop.has(b.name) || ['url', 'title'].includes(b.name) && ['url', 'title'].includes(a.name)) continue;
      const same = rows.length > 0 && rows.every((r) => JSON.stringify(r[a.name] ?? null) === JSON.stringify(r[b.name] ?? null)) && rows.some((r) => r[a.name] != null);
      if (!same) continue;
      const keepB = !['url', 'title'].includes(a.name) && fromAttr(b.spec) && !fromAttr(a.spec);
      drop.add(keepB ? a.name : b.name);
    }
  }
  return drop;
}

function reportFields(planned: Array<{ name: string; describe: string }>, rows: Array<Record<string, unknown>>): InducedField[] {
  return planned.map(({ name, describe }) => {
    const values = rows.map((r) => r[name] ?? null);
    const present = values.filter((v) => v !== null && v !== '' && !(Array.isArray(v) && v.length === 0));
    return {
      name,
      type: typeHintOf(values, name),
      samples: [...new Set(present.map((v) => JSON.stringify(v)))].slice(0, 5).map((s) => JSON.parse(s) as unknown),
      values: values.slice(0, 200),
      coverage: rows.length === 0 ? 0 : present.length / rows.length,
      describe,
    };
  });
}

function confidenceOf(itemCount: number[], fields: InducedField[]): number {
  const pagesWithRecords = itemCount.filter((n) => n >= 3).length / Math.max(1, itemCount.length);
  const core = fields.filter((f) => f.name === 'url' || f.name === 'title');
  const coreCoverage = core.length === 0 ? 0 : core.reduce((s, f) => s + f.coverage, 0) / 2;
  return Math.round(Math.min(1, 0.4 * pagesWithRecords + 0.4 * coreCoverage + 0.2 * Math.min(1, fields.length / 4)) * 100) / 100;
}

/** The items selector: the hint when it holds, else the best region with a selector holding on every page. */
function chooseItems(ctxs: PageContext[], options: InduceListOptions, notes: string[]): string | null {
  if (options.itemsHint && ctxs.every((ctx) => validSelection(ctx, selectAll(ctx.$, options.itemsHint!)))) return options.itemsHint;
  const min = options.minRecords ?? 3;
  for (const [index, ctx] of ctxs.entries()) {
    const regions = findRecordRegions(ctx, { minRecords: min, isDetailUrl: options.isDetailUrl }).slice(0, 5);
    for (const region of regions) {
      const selector = itemSelector(region, ctx, ctxs);
      if (selector) {
        notes.push(`records: ${region.records.length} x ${region.signature} on page ${index + 1} (score ${region.score.toFixed(1)}), items "${selector}"`);
        return selector;
      }
      notes.push(`region ${region.signature} (${region.records.length} records) has no selector holding on every page`);
    }
  }
  return null;
}

function validSelection(ctx: PageContext, elements: Element[]): boolean {
  return elements.length > 0 && elements.every((el) => recordLinks(ctx, el).length > 0 || ctx.text(el).length > 0);
}

/** Descends through single wrappers (li > article) while the wrapper holds all the record's content. */
function levels(ctx: PageContext, records: Element[]): Element[][] {
  const out = [records];
  let current = records;
  for (let depth = 0; depth < 2; depth++) {
    const inner = current.map((r) => elementChildren(r).filter((c) => !['script', 'style', 'noscript'].includes(c.name)));
    if (!inner.every((kids) => kids.length === 1)) break;
    const next = inner.map((kids) => kids[0]);
    if (!next.every((el, i) => el.name === next[0].name && ctx.text(el) === ctx.text(current[i]))) break;
    out.push(next);
    current = next;
  }
  return out;
}

function stepFor(el: Element): string {
  const id = el.attribs.id;
  if (id && isStableClass(id)) return `#${cssEscape(id)}`;
  const classes = classesOf(el).filter(isStableClass).slice(0, 2);
  return el.name + classes.map((c) => `.${cssEscape(c)}`).join('');
}

function selectorsFor(elements: Element[]): string[] {
  const tag = elements[0].name;
  const classes = rankClasses(commonClasses(elements));
  const out: string[] = [];
  const itemtype = elements[0].attribs.itemtype;
  if (itemtype && elements.every((e) => e.attribs.itemtype === itemtype)) out.push(`${tag}[itemtype="${itemtype}"]`);
  for (const c of classes) out.push(`${tag}.${cssEscape(c)}`, `.${cssEscape(c)}`);
  if (classes.length > 1) out.push(tag + classes.map((c) => `.${cssEscape(c)}`).join(''));
  const parent = parentOf(elements[0]);
  if (parent && elements.every((e) => parentOf(e) && stepFor(parentOf(e)!) === stepFor(parent))) {
    const p = stepFor(parent);
    const grand = parentOf(parent);
    for (const c of classes.slice(0, 1)) out.push(`${p} > ${tag}.${cssEscape(c)}`);
    out.push(`${p} > ${tag}`);
    if (grand) out.push(`${stepFor(grand)} > ${p} > ${tag}`);
  }
  // A header row or an ad among the records has no link: keep only records with one.
  return [...out, ...out.map((s) => `${s}:has(a[href])`)];
}

/** The first selector choosing exactly the region's records here, and valid records on every page. */
function itemSelector(region: RecordRegion, ctx: PageContext, ctxs: PageContext[]): string | null {
  const options = levels(ctx, region.records);
  // The inner level first when it names the record (li > article.product): a better anchor.
  const ordered = options.length > 1 && commonClasses(options[options.length - 1]).length > 0 ? [...options].reverse() : options;
  for (const elements of ordered) {
    for (const selector of selectorsFor(elements)) {
      if (!sameElements(selectAll(ctx.$, selector), elements)) continue;
      if (ctxs.every((other) => other === ctx || validSelection(other, selectAll(other.$, selector)))) return selector;
    }
  }
  return null;
}

/**
 * The record-region finder: where a list page repeats one record (product card, table row,
 * search hit). Candidates are groups of sibling elements sharing a tag and the classes most of
 * them carry (per-record classes such as `post-123` or `instock` do not split a group), repeated
 * at least `minRecords` times, each with a link and text. Score: repetition (square root, so a
 * long menu does not win on length alone) x content richness, favouring semantic containers,
 * records whose links lead to detail pages, and penalising page chrome (nav, header, footer).
 */
import type { Element } from 'domhandler';
import type { PageContext } from '../../recipe/extract/index.js';
import { resolveHref } from '../explore/links.js';
import { classesOf, elementChildren, isStableClass, parentOf, stepOf } from './selectors.js';

export interface RecordRegion {
  parent: Element;
  /** The records in document order (siblings without a link or text are left out). */
  records: Element[];
  /** `tag.class` signature shared by the records (their common stable classes). */
  signature: string;
  /** The common classes, for selector building. */
  classes: string[];
  score: number;
  /** Mean number of value-bearing elements per record. */
  richness: number;
  /** Share of records whose links match the detail template (0 when none given). */
  detailShare: number;
}

export interface RegionOptions {
  /** Default 3. */
  minRecords?: number;
  /** Whether a URL is a detail page (boosts regions linking to them). */
  isDetailUrl?: (url: string) => boolean;
}

const SKIP = new Set(['script', 'style', 'template', 'noscript', 'br', 'hr', 'meta', 'link', 'option', 'svg', 'path', 'head', 'select']);
const SEMANTIC = new Set(['article', 'li', 'tr', 'dd']);

function inChrome(el: Element): boolean {
  for (let cur: Element | null = parentOf(el); cur; cur = parentOf(cur)) {
    if (cur.name === 'nav' || cur.name === 'header' || cur.name === 'footer' || cur.name === 'aside') return true;
    const cls = `${cur.attribs?.class ?? ''} ${cur.attribs?.id ?? ''}`.toLowerCase();
    if (/\b(?:nav|navbar|menu|breadcrumb|pagination|pager|footer|sidebar)\b/.test(cls)) return true;
  }
  return false;
}

/**
 * Rows of a table body that hold records without pages of their own (a bank's transactions, a
 * payroll's lines): no row links anywhere, each row two or more cells with text.
 */
function isLinklessTable(ctx: PageContext, members: Element[]): boolean {
  if (members[0]?.name !== 'tr' || members.some((el) => recordLinks(ctx, el).length > 0)) return false;
  return members.every((el) => elementChildren(el).filter((c) => c.name === 'td' && ctx.text(c).trim() !== '').length >= 2);
}

/** Links of a record (itself when it is a link). */
export function recordLinks(ctx: PageContext, record: Element): Element[] {
  const inner = ctx.$(record).find('a[href]').toArray() as Element[];
  return record.name === 'a' && record.attribs.href ? [record, ...inner] : inner;
}

/** Value-bearing elements: own text, images, links (distinct), capped so a huge record cannot win alone. */
function richnessOf(ctx: PageContext, record: Element): number {
  let n = 0;
  const hrefs = new Set<string>();
  const visit = (el: Element) => {
    if (SKIP.has(el.name)) return;
    if (el.name === 'img') n++;
    if (el.name === 'a' && el.attribs.href) hrefs.add(el.attribs.href);
    const own = (el.children ?? []).some((c) => c.type === 'text' && (c as unknown as { data: string }).data.trim().length > 1);
    if (own) n++;
    for (const c of elementChildren(el)) visit(c);
  };
  visit(record);
  return Math.min(n + hrefs.size, 12);
}

/** Splits children of one tag into groups by the classes most of them carry. */
function siblingGroups(children: Element[]): Array<{ classes: string[]; members: Element[] }> {
  const counts = new Map<string, number>();
  for (const el of children) for (const c of new Set(classesOf(el).filter(isStableClass))) counts.set(c, (counts.get(c) ?? 0) + 1);
  // Classes (nearly) all of them carry; `instock` on 60% of products must not split them.
  const common = new Set([...counts.entries()].filter(([, n]) => n >= children.length * 0.8).map(([c]) => c));
  const groups = new Map<string, { classes: string[]; members: Element[] }>();
  for (const el of children) {
    const classes = classesOf(el).filter((c) => common.has(c)).sort();
    const key = classes.join(' ');
    const g = groups.get(key) ?? { classes, members: [] };
    g.members.push(el);
    groups.set(key, g);
  }
  return [...groups.values()];
}

export function findRecordRegions(ctx: PageContext, options: RegionOptions = {}): RecordRegion[] {
  if (ctx.isJson) return [];
  const min = options.minRecords ?? 3;
  const $ = ctx.$;
  const base = ctx.baseUrl();
  const regions: RecordRegion[] = [];
  const parents = [...($('body').toArray() as Element[]), ...($('body *').toArray() as Element[])];
  for (const parent of parents) {
    if (SKIP.has(parent.name)) continue;
    const children = elementChildren(parent).filter((c) => !SKIP.has(c.name));
    if (children.length < min) continue;
    const byTag = new Map<string, Element[]>();
    for (const c of children) byTag.set(c.name, [...(byTag.get(c.name) ?? []), c]);
    for (const sameTag of byTag.values()) {
      if (sameTag.length < min) continue;
      for (const group of siblingGroups(sameTag)) {
        const region = scoreGroup(ctx, parent, group, min, base, options);
        if (region) regions.push(region);
      }
    }
  }
  return penaliseContainers(mergeCousins(ctx, regions, min, base, options)).sort((a, b) => b.score - a.score);
}

/**
 * Grids often wrap a few cards per row (`div.row > div.card` x 4, five rows): the cards of
 * every row are one region. Regions whose records and parents share signatures are merged.
 */
function mergeCousins(ctx: PageContext, regions: RecordRegion[], min: number, base: string, options: RegionOptions): RecordRegion[] {
  const byKey = new Map<string, RecordRegion[]>();
  for (const r of regions) {
    const key = `${stepOf(r.parent, classesOf(r.parent).filter(isStableClass))}>${r.signature}`;
    byKey.set(key, [...(byKey.get(key) ?? []), r]);
  }
  const out: RecordRegion[] = [];
  for (const list of byKey.values()) {
    if (list.length === 1) {
      out.push(list[0]);
      continue;
    }
    const records = list.flatMap((r) => r.records);
    const merged = scoreGroup(ctx, list[0].parent, { classes: list[0].classes, members: records }, min, base, options);
    out.push(...(merged ? [merged] : list));
  }
  return out;
}

/** A region whose records each hold two or more records of another region is a container of records. */
function penaliseContainers(regions: RecordRegion[]): RecordRegion[] {
  const owners = new Map<Element, RecordRegion[]>();
  for (const r of regions) for (const rec of r.records) owners.set(rec, [...(owners.get(rec) ?? []), r]);
  // held.get(outer).get(inner): records of `inner` found inside records of `outer`.
  const held = new Map<RecordRegion, Map<RecordRegion, number>>();
  for (const inner of regions) {
    for (const rec of inner.records) {
      for (let up = parentOf(rec); up; up = parentOf(up)) {
        for (const outer of owners.get(up) ?? []) {
          if (outer === inner) continue;
          const counts = held.get(outer) ?? new Map<RecordRegion, number>();
          counts.set(inner, (counts.get(inner) ?? 0) + 1);
          held.set(outer, counts);
        }
      }
    }
  }
  for (const [outer, counts] of held) {
    if ([...counts.values()].some((n) => n / outer.records.length >= 2)) outer.score *= 0.3;
  }
  return regions;
}

function scoreGroup(
  ctx: PageContext,
  parent: Element,
  group: { classes: string[]; members: Element[] },
  min: number,
  base: string,
  options: RegionOptions,
): RecordRegion | null {
  const linkless = isLinklessTable(ctx, group.members);
  const records = linkless ? group.members.filter((el) => ctx.text(el).length >= 2) : group.members.filter((el) => recordLinks(ctx, el).length > 0 && ctx.text(el).length >= 2);
  if (records.length < min || records.length < group.members.length * 0.5) return null;
  const richness = records.reduce((s, r) => s + richnessOf(ctx, r), 0) / records.length;
  // Records tell apart by their first link, or (rows without links) by their text.
  const keys = linkless ? records.map((r) => ctx.text(r)) : records.map((r) => recordLinks(ctx, r)[0].attribs.href);
  const distinct = new Set(keys).size / records.length;
  let detailShare = 0;
  if (options.isDetailUrl) {
    const isDetail = options.isDetailUrl;
    const linksDetail = (r: Element) =>
      recordLinks(ctx, r).some((a) => {
        const url = resolveHref(a.attribs.href, base);
        return url !== null && isDetail(url);
      });
    detailShare = records.filter(linksDetail).length / records.length;
  }
  const semantic = SEMANTIC.has(records[0].name) || records[0].attribs.itemscope !== undefined ? 1.2 : 1;
  const chrome = inChrome(parent) ? 0.2 : 1;
  // A record made of one short link (a menu entry) is poor even when there are many.
  const score = Math.sqrt(records.length) * richness * semantic * chrome * distinct * (1 + 2 * detailShare);
  return { parent, records, signature: stepOf(records[0], group.classes), classes: group.classes, score, richness, detailShare };
}

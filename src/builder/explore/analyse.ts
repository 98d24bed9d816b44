/**
 * Classification of what exploration found. Known URLs (links, sitemap and feed entries, the
 * fetched pages themselves) are grouped by URL template, then:
 * - pagination: groups made of next/numbered links of list pages;
 * - detail: among groups with a variable part and several members, the one with the most
 *   members linked from one page (records link to their detail pages), whose fetched members
 *   are alike in structure and distinct in content, and are not themselves lists of another
 *   group (category pages are lists of products, not products);
 * - list: groups whose fetched members link to three or more detail pages.
 * The list chain is the list page with the longest run of fetched next pages (the entry page
 * first on a tie).
 */
import type { PageContext } from '../../recipe/extract/index.js';
import { meanSimilarity, pageHeadline } from './similarity.js';
import type { ExploreState } from './state.js';
import type { GroupKind } from './types.js';
import { groupUrls, type UrlTemplate } from './url-template.js';

export interface GroupStats {
  template: UrlTemplate;
  urls: string[];
  members: Set<string>;
  /** Page URL -> distinct members it links to outside its chrome. */
  perPage: Map<string, number>;
  maxPerPage: number;
  fetched: string[];
  similarity?: number;
  distinctHeadlines: number;
  paginationShare: number;
  fromSitemaps: number;
  detailScore: number;
  kind: GroupKind;
  reason: string;
}

export interface Analysis {
  groups: GroupStats[];
  detail: GroupStats | null;
  /** Whether the detail group's fetched samples were checked (alike and distinct). */
  detailVerified: boolean;
  /** Detail candidates best first (the plan samples them). */
  candidates: GroupStats[];
  listStart: string | null;
  listChain: string[];
  isListPage(url: string): boolean;
  groupOf(url: string): GroupStats | undefined;
}

export const MAX_LIST_PAGES = 4;

function knownUrls(state: ExploreState): string[] {
  const urls: string[] = [];
  for (const page of state.linkingPages()) {
    if (state.isHtml(page)) urls.push(page.url);
    for (const link of state.links.get(page.url) ?? []) urls.push(link.url);
  }
  urls.push(...state.sitemapPages, ...state.feedItems);
  return urls;
}

function paginationUrls(state: ExploreState): Set<string> {
  const out = new Set<string>();
  for (const p of state.paging.values()) {
    if (p.next) out.add(p.next);
    for (const n of p.numbered) out.add(n.url);
  }
  return out;
}

export function analyse(state: ExploreState): Analysis {
  const paging = paginationUrls(state);
  const groups: GroupStats[] = groupUrls(knownUrls(state)).map((g) => ({
    template: g.template,
    urls: g.urls,
    members: new Set(g.urls),
    perPage: new Map(),
    maxPerPage: 0,
    fetched: [],
    distinctHeadlines: 0,
    paginationShare: g.urls.filter((u) => paging.has(u)).length / g.urls.length,
    fromSitemaps: g.urls.filter((u) => state.sitemapPages.has(u) || state.feedItems.has(u)).length,
    detailScore: 0,
    kind: 'other',
    reason: '',
  }));
  const byUrl = new Map<string, GroupStats>();
  for (const g of groups) for (const u of g.urls) byUrl.set(u, g);
  for (const page of state.linkingPages()) {
    const perGroup = new Map<GroupStats, Set<string>>();
    for (const link of state.links.get(page.url) ?? []) {
      const g = byUrl.get(link.url);
      if (!g || link.chrome || link.url === page.url) continue;
      const set = perGroup.get(g) ?? new Set<string>();
      set.add(link.url);
      perGroup.set(g, set);
    }
    for (const [g, set] of perGroup) {
      g.perPage.set(page.url, set.size);
      g.maxPerPage = Math.max(g.maxPerPage, set.size);
    }
    if (state.isHtml(page)) byUrl.get(page.url)?.fetched.push(page.url);
  }
  for (const g of groups) measureFetched(state, g);
  classify(groups);
  const candidates = groups.filter((g) => g.detailScore > 0).sort((a, b) => b.detailScore - a.detailScore);
  const detail = chooseDetail(candidates);
  const detailVerified = detail !== null && isVerified(detail);
  if (detail) {
    detail.kind = 'detail';
    detail.reason = `${detail.urls.length} pages of one template${detailVerified ? `, alike (${(detail.similarity ?? 0).toFixed(2)}) and distinct` : ' (not yet sampled)'}, up to ${detail.maxPerPage} linked from one page`;
  }
  const listThreshold = (url: string) => (detail?.perPage.get(url) ?? 0) >= 3;
  for (const g of groups) {
    if (g === detail || g.kind === 'pagination') continue;
    const listMembers = g.fetched.filter(listThreshold);
    if (listMembers.length > 0 && listMembers.length >= g.fetched.length / 2) {
      g.kind = 'list';
      g.reason = `its pages link to ${Math.max(...listMembers.map((u) => detail!.perPage.get(u)!))} detail pages`;
    }
  }
  const chain = listChain(state, detail, listThreshold);
  return {
    groups,
    detail,
    detailVerified,
    candidates,
    listStart: chain[0] ?? null,
    listChain: chain,
    isListPage: listThreshold,
    groupOf: (url) => byUrl.get(url),
  };
}

function measureFetched(state: ExploreState, g: GroupStats): void {
  const ctxs: PageContext[] = g.fetched.map((u) => state.ctx(u));
  if (ctxs.length >= 2) g.similarity = meanSimilarity(ctxs.slice(0, 6));
  g.distinctHeadlines = new Set(ctxs.map(pageHeadline).filter(Boolean)).size;
}

const hasRealVariable = (t: UrlTemplate) => t.variables.some((v) => v.in === 'path' && v.name !== 'page');

function classify(groups: GroupStats[]): void {
  for (const g of groups) {
    const pageVar = g.template.variables.some((v) => v.name === 'page' || v.name === 'offset');
    if (g.paginationShare >= 0.5 && (pageVar || g.urls.length <= 2)) {
      g.kind = 'pagination';
      g.reason = 'next or numbered page links of a list';
      continue;
    }
    if (!hasRealVariable(g.template) && !g.template.variables.some((v) => v.in === 'query' && v.name !== 'page')) continue;
    if (g.urls.length < 3 && g.fetched.length < 2) continue;
    // Records are linked several at a time from one page (or listed by sitemaps and feeds);
    // a site menu's pages (/about, /contact, /shop) are not.
    if (g.maxPerPage < 3 && g.fromSitemaps < 3) continue;
    // Many members linked from one page is the strongest sign of records; sitemaps confirm.
    const slugOrId = g.template.variables.some((v) => v.kind !== 'word' && v.name !== 'page') ? 1 : 0;
    g.detailScore = g.maxPerPage + 0.5 * Math.log2(1 + g.urls.length) + (g.fromSitemaps > 0 ? 1 : 0) + slugOrId;
  }
}

function isVerified(g: GroupStats): boolean {
  return g.fetched.length >= 2 && (g.similarity ?? 0) >= 0.5 && g.distinctHeadlines >= 2;
}

/**
 * The detail group: the best candidate whose fetched pages are not lists of another candidate.
 * A verified candidate beats an unverified one with a higher score.
 */
function chooseDetail(candidates: GroupStats[]): GroupStats | null {
  const listsOther = (g: GroupStats) => {
    if (g.fetched.length === 0) return false;
    const lists = g.fetched.filter((u) => candidates.some((o) => o !== g && (o.perPage.get(u) ?? 0) >= 3 && o.maxPerPage >= 3));
    return lists.length >= g.fetched.length / 2;
  };
  const usable = candidates.filter((g) => !listsOther(g));
  if (usable.length === 0) return null;
  const verified = usable.find(isVerified);
  return verified && verified.detailScore >= usable[0].detailScore / 2 ? verified : usable[0];
}

/**
 * Records without pages of their own (a bank's transactions, a table of readings): no detail
 * group, but the entry page pages on ("Older transactions", ?page=2) to a page of its own
 * template. The entry page and its fetched next pages are the list chain; list induction then
 * decides whether they hold repeated records.
 */
function linklessChain(state: ExploreState): string[] {
  const entry = [...state.pages.values()].find((p) => p.purpose === 'entry');
  if (!entry || !state.isHtml(entry)) return [];
  const chain = [entry.url];
  for (let cur = entry.url; chain.length < MAX_LIST_PAGES * 2; ) {
    const next = state.paging.get(cur)?.next;
    if (!next || groupUrls([entry.url, next]).length !== 1) break;
    const page = state.pageFor(next);
    if (!page || chain.includes(page.url)) break;
    chain.push(page.url);
    cur = page.url;
  }
  // The next link must exist even when its page was not fetched: a page that does not page on is not taken for a list.
  return state.paging.get(entry.url)?.next ? chain : [];
}

/** The list pages in order: the fetched list page with the longest run of fetched next pages. */
function listChain(state: ExploreState, detail: GroupStats | null, isList: (url: string) => boolean): string[] {
  if (!detail) return linklessChain(state);
  const html = state.htmlPages().filter((p) => !detail.members.has(p.url) && isList(p.url));
  const chainFrom = (start: string): string[] => {
    const chain = [start];
    for (let cur = start; chain.length < MAX_LIST_PAGES * 2; ) {
      const next = state.paging.get(cur)?.next;
      const page = next ? state.pageFor(next) : undefined;
      if (!page || chain.includes(page.url) || !isList(page.url)) break;
      chain.push(page.url);
      cur = page.url;
    }
    return chain;
  };
  const entry = [...state.pages.values()].find((p) => p.purpose === 'entry')?.url;
  // A chain that can still grow (its last next link not tried yet, or fetched) beats a stuck one.
  const growable = (chain: string[]): number => {
    const next = state.paging.get(chain[chain.length - 1])?.next;
    return next && (!state.requested.has(next) || state.pageFor(next)) ? 0.5 : 0;
  };
  let best: string[] = [];
  let bestScore = -1;
  for (const page of html) {
    const chain = chainFrom(page.url);
    const score = chain.length + growable(chain) + (page.url === entry ? 0.25 : 0);
    if (score > bestScore) {
      best = chain;
      bestScore = score;
    }
  }
  return best;
}

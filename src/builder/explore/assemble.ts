/**
 * The Exploration document from the final analysis: page kinds, link groups (detail, list,
 * pagination, other), the detail template with its parameter candidates, the list chain and
 * its pagination, and structured-data summaries by page kind.
 */
import { createPageContext } from '../../recipe/extract/index.js';
import type { Analysis, GroupStats } from './analyse.js';
import { detailParameters } from './detail-params.js';
import type { SiteFetcher } from './site-fetcher.js';
import type { ExploreState } from './state.js';
import { emptySummary, mergeSummaries, summarisePage } from './structured.js';
import type { DetailTemplate, Exploration, FetchedPage, LinkGroup, PageKind, PaginationInfo } from './types.js';
import { groupUrls } from './url-template.js';

const MAX_URLS = 200;
const KIND_ORDER = { detail: 0, list: 1, pagination: 2, other: 3 } as const;

export function assemble(state: ExploreState, analysis: Analysis, entry: FetchedPage, fetcher: SiteFetcher): Exploration {
  for (const page of state.htmlPages()) page.kind = kindOf(page.url, analysis);
  const origin = new URL(entry.url).origin;
  const structured: Record<PageKind, ReturnType<typeof emptySummary>> = { list: emptySummary(), detail: emptySummary(), other: emptySummary() };
  for (const page of state.htmlPages()) structured[page.kind] = mergeSummaries(structured[page.kind], summarisePage(createPageContext(page)));
  return {
    entry: { url: entry.requestedUrl, finalUrl: entry.url, status: entry.status, contentType: entry.contentType, text: entry.text, kind: entry.kind },
    site: { origin, hosts: [...fetcher.hosts] },
    pages: Object.fromEntries(state.pages),
    groups: analysis.groups.map(toLinkGroup).sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || b.count - a.count),
    detail: analysis.detail ? detailOf(state, analysis.detail, origin) : null,
    listPages: analysis.listChain,
    pagination: paginationOf(state, analysis),
    searchForms: state.searchForms,
    feeds: state.feeds,
    sitemaps: {
      read: state.sitemapsRead,
      unread: state.sitemapsUnread,
      pageCount: state.sitemapPages.size,
      sample: [...state.sitemapPages].slice(0, 20),
    },
    robots: { fetched: state.robotsFetched, sitemapLines: state.robotsSitemapLines },
    jsonEndpoints: state.jsonEndpoints,
    structured,
    stats: { fetches: fetcher.fetches, maxPages: fetcher.fetches + fetcher.remaining(), stoppedBy: fetcher.stoppedBy === 'budget' || fetcher.stoppedBy === 'deadline' ? fetcher.stoppedBy : 'done', failures: state.failures },
    warnings: [...state.warnings, ...warningsOf(analysis)],
  };
}

function kindOf(url: string, analysis: Analysis): PageKind {
  if (analysis.detail?.members.has(url)) return 'detail';
  if (analysis.isListPage(url)) return 'list';
  return 'other';
}

function toLinkGroup(g: GroupStats): LinkGroup {
  const group: LinkGroup = {
    template: g.template,
    kind: g.kind,
    urls: g.urls.slice(0, MAX_URLS),
    count: g.urls.length,
    examples: g.urls.slice(0, 5),
    fetched: g.fetched,
    maxPerPage: g.maxPerPage,
    fromSitemaps: g.fromSitemaps,
    reason: g.reason || (g.kind === 'other' ? 'not linked as records or pages of a list' : ''),
  };
  if (g.similarity !== undefined) group.similarity = Math.round(g.similarity * 100) / 100;
  return group;
}

function detailOf(state: ExploreState, g: GroupStats, origin: string): DetailTemplate {
  const isEntry = (u: string) => state.pages.get(u)?.purpose === 'entry';
  return {
    template: g.template,
    origin,
    urls: g.urls.slice(0, MAX_URLS),
    // Sampled pages first, the entry page (when it is a detail page) last.
    sampleUrls: [...g.fetched.filter((u) => !isEntry(u)), ...g.fetched.filter(isEntry)],
    parameters: detailParameters(g.template, origin, g.urls),
    similarity: Math.round((g.similarity ?? 0) * 100) / 100,
  };
}

function paginationOf(state: ExploreState, analysis: Analysis): PaginationInfo | null {
  const chain = analysis.listChain;
  if (chain.length === 0) return null;
  const links = chain.map((u) => state.paging.get(u));
  const last = links[links.length - 1];
  const nextUnfetched = last?.next && !state.pageFor(last.next) ? last.next : undefined;
  if (chain.length === 1 && !nextUnfetched) return null;
  const numbered = [...chain, ...links.flatMap((l) => [...(l?.numbered.map((n) => n.url) ?? []), ...(l?.next ? [l.next] : [])])];
  const template = groupUrls(numbered).find((g) => g.urls.length >= 2 && g.template.variables.some((v) => v.name === 'page'))?.template;
  const viaLink = links.slice(0, -1).every((l) => l?.via === 'rel' || l?.via === 'text' || l?.via === 'class');
  const info: PaginationInfo = { kind: viaLink || !template ? 'next_link' : 'page_param', pages: chain };
  if (template) {
    info.pageTemplate = template;
    info.pageVar = 'page';
  }
  if (nextUnfetched) info.nextUnfetched = nextUnfetched;
  return info;
}

function warningsOf(analysis: Analysis): string[] {
  const out: string[] = [];
  if (!analysis.detail) out.push('No group of detail pages was found.');
  else if (!analysis.detailVerified) out.push(`Detail template ${analysis.detail.template.pattern} was not confirmed by sampling two or more pages.`);
  if (analysis.listChain.length === 0) out.push('No list page (a page linking to three or more detail pages) was fetched.');
  return out;
}

/**
 * The site's other sources of pages, each read within the budget: robots.txt (its Sitemap:
 * lines), sitemaps (an index's children too, bounded), feeds, and JSON endpoints named by the
 * pages' scripts (probed with a GET asking for JSON; a record list's next page is fetched too).
 */
import { createPageContext } from '../../recipe/extract/index.js';
import { findRecordArrays } from '../jsonapi/records.js';
import { nextJsonPageUrl } from '../jsonapi/pagination.js';
import type { ExploreSession } from './session.js';
import { parseFeed, parseSitemap, robotsSitemaps } from './feeds.js';
import { endpointsInScript, scriptFiles } from './scripts.js';
import type { JsonEndpoint, JsonProbe } from './types.js';

const MAX_SITEMAP_DOCS = 3;
const MAX_SITEMAP_URLS = 5000;
const MAX_FEEDS = 2;
const MAX_JSON_PROBES = 4;
const MAX_SCRIPT_FILES = 2;
const JSON_ACCEPT = { accept: 'application/json, text/plain;q=0.9, */*;q=0.5' };

export async function readRobots(session: ExploreSession, origin: string): Promise<void> {
  const url = `${origin}/robots.txt`;
  const page = await session.get(url, 'robots');
  session.state.robotsFetched = page !== null;
  if (page) session.state.robotsSitemapLines = robotsSitemaps(page.text, url);
}

export async function readSitemaps(session: ExploreSession, origin: string): Promise<void> {
  const { state, fetcher } = session;
  const queue = state.robotsSitemapLines.length > 0 ? [...state.robotsSitemapLines] : [`${origin}/sitemap.xml`];
  let read = 0;
  while (queue.length > 0 && read < MAX_SITEMAP_DOCS && fetcher.canFetch()) {
    const url = queue.shift()!;
    if (!fetcher.isOnSite(url) || /\.gz$/i.test(url)) {
      state.sitemapsUnread.push(url);
      continue;
    }
    read++;
    const page = await session.get(url, 'sitemap');
    if (!page) {
      state.sitemapsUnread.push(url);
      continue;
    }
    state.sitemapsRead.push(url);
    const doc = parseSitemap(page.text, page.url, MAX_SITEMAP_URLS);
    for (const u of doc.pages) if (state.sitemapPages.size < MAX_SITEMAP_URLS && fetcher.isOnSite(u)) state.sitemapPages.add(u);
    queue.push(...doc.sitemaps.filter((s) => !state.sitemapsRead.includes(s)));
  }
  state.sitemapsUnread.push(...queue.filter((u) => !state.sitemapsUnread.includes(u)));
}

export async function readFeeds(session: ExploreSession): Promise<void> {
  const { state } = session;
  for (const feed of state.feeds.slice(0, MAX_FEEDS)) {
    if (!session.fetcher.canFetch()) return;
    const page = await session.get(feed.url, 'feed', { accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.5' });
    if (!page) continue;
    const parsed = parseFeed(page.text, page.url);
    feed.fetched = true;
    if (feed.type === 'unknown') feed.type = parsed.type;
    feed.title ??= parsed.title;
    feed.items = parsed.items.filter((i) => session.fetcher.isOnSite(i.link));
    for (const item of feed.items) state.feedItems.add(item.link);
  }
}

/** Probes the JSON endpoints a page's scripts name; for single-page apps, also its script files. */
export async function probeJsonEndpoints(session: ExploreSession, pageUrl: string): Promise<void> {
  const { state, fetcher } = session;
  const page = state.pages.get(pageUrl);
  if (!page) return;
  if (createPageContext(page).isJson) {
    state.jsonEndpoints.push({ url: page.url, foundIn: page.url, via: 'entry', probe: summarise(page.url, session), pages: [page.url] });
    await fetchNextJsonPage(session, state.jsonEndpoints[state.jsonEndpoints.length - 1]);
    return;
  }
  let found = state.newScriptEndpoints(pageUrl).map((e): JsonEndpoint => ({ ...e, foundIn: pageUrl, pages: [] }));
  const links = (state.links.get(pageUrl) ?? []).filter((l) => !l.chrome).length;
  if (found.length === 0 && links < 5) {
    // An app shell: the data calls are in its script files.
    for (const file of scriptFiles(createPageContext(page), fetcher.isOnSite.bind(fetcher)).slice(0, MAX_SCRIPT_FILES)) {
      const script = await session.get(file, 'script');
      if (!script) continue;
      found.push(...endpointsInScript(script.text, page.url, (u) => fetcher.isOnSite(u)).map((e): JsonEndpoint => ({ ...e, foundIn: file, pages: [] })));
    }
    found = found.filter((e, i) => found.findIndex((o) => o.url === e.url) === i);
  }
  state.jsonEndpoints.push(...found);
  await Promise.all(found.slice(0, MAX_JSON_PROBES).map((endpoint) => probe(session, endpoint)));
}

async function probe(session: ExploreSession, endpoint: JsonEndpoint): Promise<void> {
  const page = await session.get(endpoint.url, 'json', JSON_ACCEPT);
  if (!page) {
    const failure = session.state.failures.find((f) => f.url === endpoint.url);
    endpoint.probe = { status: 0, contentType: '', isJson: false, topKeys: [], arrays: [], error: failure?.error ?? 'not fetched' };
    return;
  }
  endpoint.probe = summarise(page.url, session);
  if (endpoint.probe.isJson) {
    endpoint.pages.push(page.url);
    await fetchNextJsonPage(session, endpoint);
  }
}

function summarise(url: string, session: ExploreSession): JsonProbe {
  const page = session.state.pages.get(url)!;
  const ctx = createPageContext(page);
  const body = ctx.isJson ? ctx.jsonBody() : undefined;
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  return {
    status: page.status,
    contentType: page.contentType,
    isJson: ctx.isJson,
    topKeys: isObject ? Object.keys(body as object).slice(0, 50) : [],
    arrays: body === undefined ? [] : findRecordArrays(body).slice(0, 3).map(({ path, length, keys }) => ({ path, length, keys: keys.slice(0, 30) })),
    page: ctx.isJson ? page.url : undefined,
  };
}

/** Page 2 of a JSON list, so that its pagination can be induced and checked. */
async function fetchNextJsonPage(session: ExploreSession, endpoint: JsonEndpoint): Promise<void> {
  const best = endpoint.probe?.arrays[0];
  if (!best || best.length === 0 || endpoint.pages.length === 0) return;
  const first = session.state.pages.get(endpoint.pages[0])!;
  const next = nextJsonPageUrl(first.url, createPageContext(first).jsonBody(), best.length);
  if (!next || !session.fetcher.isOnSite(next)) return;
  const page = await session.get(next, 'json', JSON_ACCEPT);
  if (page && createPageContext(page).isJson) endpoint.pages.push(page.url);
}

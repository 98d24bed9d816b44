/**
 * Feeds and sitemaps: the site's own lists of its pages. Feeds are announced with
 * `<link rel=alternate type=application/rss+xml|atom+xml>`; sitemaps by `Sitemap:` lines in
 * robots.txt, else `/sitemap.xml`. A sitemap index points to more sitemaps (read within budget).
 */
import * as cheerio from 'cheerio';
import type { Element } from 'domhandler';
import type { PageContext } from '../../recipe/extract/index.js';
import { resolveHref } from './links.js';

export interface FeedItem {
  title: string;
  /** Absolute URL of the item's page. */
  link: string;
  published?: string;
}

export interface Feed {
  url: string;
  type: 'rss' | 'atom' | 'unknown';
  /** Title from the announcing `<link title>` or the feed itself. */
  title?: string;
  fetched: boolean;
  items: FeedItem[];
}

/** Feeds a page announces (link rel=alternate, or plain links to .rss/.atom/feed URLs). */
export function announcedFeeds(ctx: PageContext, isOnSite: (url: string) => boolean): Feed[] {
  if (ctx.isJson) return [];
  const $ = ctx.$;
  const feeds = new Map<string, Feed>();
  $('link[rel~="alternate"][href]').each((_, node) => {
    const el = node as Element;
    const type = (el.attribs.type ?? '').toLowerCase();
    if (!/(?:rss|atom)\+xml|application\/feed\+json/.test(type)) return;
    const url = resolveHref(el.attribs.href, ctx.baseUrl());
    if (!url || !isOnSite(url) || feeds.has(url)) return;
    feeds.set(url, { url, type: type.includes('atom') ? 'atom' : type.includes('rss') ? 'rss' : 'unknown', title: el.attribs.title, fetched: false, items: [] });
  });
  $('a[href]').each((_, node) => {
    const el = node as Element;
    const url = resolveHref(el.attribs.href, ctx.baseUrl());
    if (!url || !isOnSite(url) || feeds.has(url)) return;
    if (/(?:\.rss|\.atom|\/feed\/?|\/rss\/?|\/atom\.xml|\/rss\.xml|\/feed\.xml)$/i.test(new URL(url).pathname)) {
      feeds.set(url, { url, type: 'unknown', fetched: false, items: [] });
    }
  });
  return [...feeds.values()];
}

/** Reads an RSS 2.0 / RSS 1.0 / Atom document into items (at most `max`). */
export function parseFeed(xml: string, baseUrl: string, max = 100): { type: Feed['type']; title?: string; items: FeedItem[] } {
  const $ = cheerio.load(xml, { xml: true });
  const isAtom = $('feed').length > 0;
  const items: FeedItem[] = [];
  if (isAtom) {
    $('entry').each((_, node) => {
      if (items.length >= max) return;
      const entry = $(node);
      const href = entry.find('link[rel="alternate"]').attr('href') ?? entry.find('link').first().attr('href');
      const link = resolveHref(href, baseUrl);
      if (!link) return;
      items.push({ title: entry.find('title').first().text().trim(), link, published: entry.find('published, updated').first().text().trim() || undefined });
    });
    return { type: 'atom', title: $('feed > title').first().text().trim() || undefined, items };
  }
  $('item').each((_, node) => {
    if (items.length >= max) return;
    const item = $(node);
    const link = resolveHref(item.find('link').first().text().trim() || item.find('guid').first().text().trim(), baseUrl);
    if (!link) return;
    items.push({ title: item.find('title').first().text().trim(), link, published: item.find('pubDate, dc\\:date').first().text().trim() || undefined });
  });
  const type = $('rss, rdf\\:RDF').length > 0 ? 'rss' : 'unknown';
  return { type, title: $('channel > title').first().text().trim() || undefined, items };
}

/** `Sitemap:` lines of a robots.txt, absolute. */
export function robotsSitemaps(robotsText: string, robotsUrl: string): string[] {
  const out: string[] = [];
  for (const line of robotsText.split(/\r\n|\r|\n/)) {
    const m = /^\s*sitemap\s*:\s*(\S+)/i.exec(line);
    if (!m) continue;
    const url = resolveHref(m[1], robotsUrl);
    if (url && !out.includes(url)) out.push(url);
  }
  return out;
}

export interface SitemapDoc {
  /** Page URLs listed (`<urlset>`). */
  pages: string[];
  /** Child sitemaps listed (`<sitemapindex>`). */
  sitemaps: string[];
}

/** Reads a sitemap or sitemap index (XML), or a plain-text sitemap (one URL a line). */
export function parseSitemap(text: string, baseUrl: string, max = 5000): SitemapDoc {
  const trimmed = text.trim();
  if (!trimmed.startsWith('<')) {
    const pages = trimmed
      .split(/\s+/)
      .map((line) => resolveHref(line, baseUrl))
      .filter((u): u is string => u !== null)
      .slice(0, max);
    return { pages, sitemaps: [] };
  }
  const $ = cheerio.load(trimmed, { xml: true });
  const locs = (selector: string): string[] =>
    $(selector)
      .toArray()
      .slice(0, max)
      .map((el) => resolveHref($(el).text().trim(), baseUrl))
      .filter((u): u is string => u !== null);
  return { pages: locs('urlset > url > loc'), sitemaps: locs('sitemapindex > sitemap > loc') };
}

/**
 * What exploration has gathered so far: fetched pages and, for each HTML page, its links,
 * pagination links, search forms, feeds and script endpoints (read once, when the page
 * arrives). The analysis (analyse.ts) and the fetch plan (plan.ts) read it.
 */
import { createPageContext, type PageContext } from '../../recipe/extract/index.js';
import { announcedFeeds, type Feed } from './feeds.js';
import { findSearchForms, type SearchForm } from './forms.js';
import { jsonRecordLinks, pageLinks, type PageLink } from './links.js';
import { findPagination, type PaginationLinks } from './pagination.js';
import { scriptEndpoints, type ScriptEndpoint } from './scripts.js';
import type { FetchedPage, JsonEndpoint } from './types.js';
import { signOutUrls } from '../auth/sign-out.js';

const NON_HTML_PURPOSES = new Set(['robots', 'sitemap', 'feed', 'json', 'script']);

export class ExploreState {
  readonly pages = new Map<string, FetchedPage>();
  /** Requested URL -> final URL (null while in flight or when it failed). */
  readonly requested = new Map<string, string | null>();
  readonly links = new Map<string, PageLink[]>();
  readonly paging = new Map<string, PaginationLinks>();
  readonly sitemapPages = new Set<string>();
  readonly feedItems = new Set<string>();
  readonly searchForms: SearchForm[] = [];
  readonly feeds: Feed[] = [];
  readonly jsonEndpoints: JsonEndpoint[] = [];
  readonly failures: Array<{ url: string; error: string }> = [];
  readonly warnings: string[] = [];
  readonly sitemapsRead: string[] = [];
  readonly sitemapsUnread: string[] = [];
  robotsSitemapLines: string[] = [];
  robotsFetched = false;

  constructor(readonly isOnSite: (url: string) => boolean) {}

  ctx(url: string): PageContext {
    return createPageContext(this.pages.get(url)!);
  }

  /** The page a URL led to (requested or final), if fetched. */
  pageFor(url: string): FetchedPage | undefined {
    const final = this.requested.get(url);
    return this.pages.get(final ?? url);
  }

  isHtml(page: FetchedPage): boolean {
    return !NON_HTML_PURPOSES.has(page.purpose) && /html|xml/.test(page.contentType) && !createPageContext(page).isJson;
  }

  htmlPages(): FetchedPage[] {
    return [...this.pages.values()].filter((p) => this.isHtml(p));
  }

  /** Pages whose links were read: HTML pages and JSON bodies with record links. */
  linkingPages(): FetchedPage[] {
    return [...this.pages.values()].filter((p) => this.links.has(p.url));
  }

  /** Records a fetched page and reads what later stages need from it. */
  addPage(page: FetchedPage): void {
    this.pages.set(page.url, page);
    this.requested.set(page.requestedUrl, page.url);
    const ctx = createPageContext(page);
    if (page.purpose === 'json' || (page.purpose === 'entry' && ctx.isJson)) {
      if (ctx.isJson) this.links.set(page.url, jsonRecordLinks(ctx, this.isOnSite));
      return;
    }
    if (!this.isHtml(page)) return;
    // Sign-out links are never followed: behind a login they would end the build's session.
    const signOut = new Set(signOutUrls(page.text, page.url));
    this.links.set(page.url, pageLinks(ctx, this.isOnSite).filter((l) => !signOut.has(l.url)));
    this.paging.set(page.url, findPagination(ctx, this.isOnSite));
    for (const form of findSearchForms(ctx, this.isOnSite)) {
      if (!this.searchForms.some((f) => f.action === form.action && f.queryParam === form.queryParam)) this.searchForms.push(form);
    }
    for (const feed of announcedFeeds(ctx, this.isOnSite)) {
      if (!this.feeds.some((f) => f.url === feed.url)) this.feeds.push(feed);
    }
  }

  /** Endpoints named by a page's scripts that are not known yet. */
  newScriptEndpoints(pageUrl: string): ScriptEndpoint[] {
    const page = this.pages.get(pageUrl);
    if (!page || !this.isHtml(page)) return [];
    return scriptEndpoints(createPageContext(page), this.isOnSite).filter((e) => !this.jsonEndpoints.some((j) => j.url === e.url));
  }
}

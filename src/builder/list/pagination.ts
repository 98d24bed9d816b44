/**
 * Pagination of HTML list pages (given in order, page 1 first):
 * - next_link: a selector for the "next" link, checked on the training pages: on each page it
 *   must lead to the following training page, and on a last page (no next) match nothing.
 *   Candidates: `a[rel=next]`, the link's or its parent's classes, its aria-label/title, its text.
 * - page_param: the pages' URLs share a template with a page number (`/catalogue/page-{page}.html`,
 *   `/shop?page={page}`); the request URL carries the page var.
 * - offset: an `offset=`/`start=` parameter growing by the page size.
 * next_link is preferred (its `has_more` is exact); page_param when no link selector holds.
 */
import type { Element } from 'domhandler';
import { createPageContext, type PageContext, type PageInput } from '../../recipe/extract/index.js';
import type { PaginationStrategy } from '../../recipe/types.js';
import { resolveHref } from '../explore/links.js';
import { findPagination, type PaginationLinks } from '../explore/pagination.js';
import { groupUrls, matchTemplate, type UrlTemplate } from '../explore/url-template.js';
import { classesOf, cssEscape, isStableClass, parentOf, selectAll } from './selectors.js';
import type { ListRequest } from './types.js';

export interface InducedPagination {
  strategy: PaginationStrategy;
  request: ListRequest;
  describe: string;
}

function nextSelectorCandidates(link: PaginationLinks, ctx: PageContext): string[] {
  const el = link.nextElement;
  const out: string[] = [];
  if (link.via === 'rel') out.push('a[rel~="next"]', 'a[rel="next"]');
  if (!el) return out;
  for (const c of classesOf(el).filter(isStableClass)) out.push(`a.${cssEscape(c)}`);
  const parent = parentOf(el);
  if (parent) {
    for (const c of classesOf(parent).filter(isStableClass)) out.push(`.${cssEscape(c)} > a`, `${parent.name}.${cssEscape(c)} a`);
  }
  for (const attr of ['aria-label', 'title']) {
    const v = el.attribs[attr];
    if (v) out.push(`a[${attr}="${v.replace(/"/g, '\\"')}"]`);
  }
  const text = ctx.text(el).trim();
  if (text && text.length <= 30 && !/["\\()]/.test(text)) {
    const container = parent && classesOf(parent).filter(isStableClass)[0];
    out.push(`a:contains("${text}")`);
    if (container) out.push(`.${cssEscape(container)} a:contains("${text}")`);
  }
  return [...new Set(out)];
}

/** The href the selector leads to on a page (first match, resolved), or null. */
function followed(ctx: PageContext, selector: string): string | null {
  const el = selectAll(ctx.$, selector)[0] as Element | undefined;
  return el ? resolveHref(el.attribs.href, ctx.baseUrl()) : null;
}

function sameUrl(a: string | null, b: string | null): boolean {
  if (!a || !b) return false;
  const norm = (u: string) => u.replace(/\/index\.html?$/, '/').replace(/\/$/, '');
  return norm(a) === norm(b);
}

function verifyNextSelector(selector: string, ctxs: PageContext[], links: PaginationLinks[]): boolean {
  let usedOnce = false;
  for (let i = 0; i < ctxs.length; i++) {
    const target = followed(ctxs[i], selector);
    const expected = i + 1 < ctxs.length ? ctxs[i + 1].page.url : links[i].next;
    if (expected === null) {
      if (target !== null) return false;
      continue;
    }
    if (!sameUrl(target, expected)) return false;
    usedOnce = true;
  }
  return usedOnce;
}

/** The template the list pages' URLs share with a page number, and each page's number. */
function pageTemplate(urls: string[]): { template: UrlTemplate; varName: string; numbers: number[] } | null {
  for (const group of groupUrls(urls)) {
    const pageVar = group.template.variables.find((v) => v.kind === 'integer' && (v.name === 'page' || v.name === 'offset' || v.name === 'start'));
    if (!pageVar || group.urls.length < 2) continue;
    const numbers = group.urls.map((u) => Number(matchTemplate(group.template, u)?.[pageVar.name]));
    if (numbers.every(Number.isFinite)) return { template: group.template, varName: pageVar.name, numbers };
  }
  return null;
}

/**
 * The pagination of list pages in order. `itemCount` (records on page 1) sets an offset
 * strategy's page size. Null when the pages show no way to the next page.
 */
export function inducePagination(pages: PageInput[], itemCount = 0): InducedPagination | null {
  return paginationOptions(pages, itemCount)[0] ?? null;
}

/** Every strategy that holds on the pages, best first: the next link, then numbered URLs. */
export function paginationOptions(pages: PageInput[], itemCount = 0): InducedPagination[] {
  if (pages.length === 0) return [];
  const ctxs = pages.map((p) => createPageContext(p));
  const links = ctxs.map((ctx) => findPagination(ctx));
  const out: InducedPagination[] = [];
  const withNext = links.findIndex((l) => l.next !== null && l.nextElement !== undefined);
  if (withNext !== -1) {
    const selector = nextSelectorCandidates(links[withNext], ctxs[withNext]).find((s) => verifyNextSelector(s, ctxs, links));
    if (selector) out.push({ strategy: { kind: 'next_link', selector }, request: { url: pages[0].url }, describe: `next link "${selector}"` });
  }
  const numbered = numberedPagination(pages, links, itemCount);
  if (numbered) out.push(numbered);
  return out;
}

function numberedPagination(pages: PageInput[], links: PaginationLinks[], itemCount: number): InducedPagination | null {
  const firstUrl = pages[0].url;
  // Numbered pages: the training pages plus every numbered/next link they show.
  const known = [...pages.map((p) => p.url), ...links.flatMap((l) => [...l.numbered.map((n) => n.url), ...(l.next ? [l.next] : [])])];
  const numbered = pageTemplate(known);
  if (!numbered) return null;
  const { template, varName } = numbered;
  const firstMatch = matchTemplate(template, firstUrl);
  const start = firstMatch ? Number(firstMatch[varName]) : varName === 'page' ? 1 : 0;
  const origin = new URL(firstUrl).origin;
  if (varName === 'offset' || varName === 'start') {
    const sizes = numbered.numbers.sort((a, b) => a - b);
    const step = sizes.length >= 2 ? sizes[1] - sizes[0] : itemCount;
    if (step <= 0) return null;
    return {
      strategy: { kind: 'offset', var: 'offset', page_size: step, start },
      request: requestFor(template, varName, 'offset', origin, firstUrl),
      describe: `offset in ${template.pattern} by ${step}`,
    };
  }
  return {
    strategy: { kind: 'page_param', var: 'page', start },
    request: requestFor(template, varName, 'page', origin, firstUrl),
    describe: `page number in ${template.pattern}`,
  };
}

/** The request for a numbered template: path vars stay in the URL, a query var moves to `query`. */
function requestFor(template: UrlTemplate, varName: string, recipeVar: string, origin: string, firstUrl: string): ListRequest {
  const variable = template.variables.find((v) => v.name === varName)!;
  const first = new URL(firstUrl);
  const values = matchTemplate(template, firstUrl) ?? {};
  if (variable.in === 'query' && variable.key) {
    const url = new URL(first.href);
    // Page 1 may live elsewhere ("/" then "/list?p=2"): the numbered pages' path is the template's.
    const path = template.pattern.split('?')[0];
    if (!path.includes('{') && path !== url.pathname) {
      url.pathname = path;
      url.search = '';
    }
    url.searchParams.delete(variable.key);
    return { url: url.href, query: { [variable.key]: `{${recipeVar}}` } };
  }
  // Other variables keep page 1's values; the page var becomes the recipe var.
  const path = template.pattern.replace(/\{([^}]+)\}/g, (_, name: string) => (name === varName ? `{${recipeVar}}` : encodeURIComponent(values[name] ?? '')));
  return { url: origin + path };
}

/**
 * The internal links of a page, with what exploration needs to weigh them: anchor text, rel,
 * whether they sit in the page chrome (nav, header, footer, breadcrumb) and how many records
 * around them look alike (a link repeated in sibling elements is a record's link).
 */
import type { Element } from 'domhandler';
import type { PageContext } from '../../recipe/extract/index.js';
import { rethrowUnless } from '../../errors/expected.js';

export interface PageLink {
  /** Absolute URL without fragment. */
  url: string;
  text: string;
  title?: string;
  rel?: string;
  /** Inside nav, header, footer, aside or a breadcrumb. */
  chrome: boolean;
  /** Inside a breadcrumb trail. */
  breadcrumb: boolean;
}

const ASSET = /\.(?:jpe?g|png|gif|webp|svg|ico|css|js|mjs|map|woff2?|ttf|eot|mp[34]|webm|avi|mov|zip|gz|tgz|rar|7z|exe|dmg|pdf|docx?|xlsx?|pptx?)$/i;

/** Resolves an href against the page; null for non-http links, fragments-only and assets. */
export function resolveHref(href: string | undefined, base: string): string | null {
  if (!href) return null;
  const trimmed = href.trim();
  if (!trimmed || trimmed.startsWith('#') || /^(?:javascript|mailto|tel|data|sms|ftp):/i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch (err) {
    rethrowUnless(err, 'url');
    return null;
  }
}

export function isAssetUrl(url: string): boolean {
  try {
    return ASSET.test(new URL(url).pathname);
  } catch (err) {
    rethrowUnless(err, 'url');
    return false;
  }
}

function inChrome(el: Element): { chrome: boolean; breadcrumb: boolean } {
  let chrome = false;
  let breadcrumb = false;
  for (let cur: Element | null = el; cur; cur = cur.parent && cur.parent.type === 'tag' ? (cur.parent as Element) : null) {
    const name = cur.name;
    const cls = `${cur.attribs?.class ?? ''} ${cur.attribs?.id ?? ''} ${cur.attribs?.['aria-label'] ?? ''}`.toLowerCase();
    if (/breadcrumb/.test(cls)) breadcrumb = true;
    if (name === 'nav' || name === 'header' || name === 'footer' || name === 'aside' || /\b(?:nav|menu|footer|header|sidebar)\b/.test(cls)) chrome = true;
  }
  return { chrome, breadcrumb };
}

/** Every same-site, non-asset link of the page, in document order (duplicates kept: counts matter). */
export function pageLinks(ctx: PageContext, isOnSite: (url: string) => boolean): PageLink[] {
  if (ctx.isJson) return [];
  const $ = ctx.$;
  const base = ctx.baseUrl();
  const out: PageLink[] = [];
  $('a[href], area[href]').each((_, node) => {
    const el = node as Element;
    const url = resolveHref(el.attribs.href, base);
    if (!url || !isOnSite(url) || isAssetUrl(url)) return;
    const where = inChrome(el);
    out.push({
      url,
      text: ctx.text(el).slice(0, 120),
      title: el.attribs.title?.trim() || undefined,
      rel: el.attribs.rel?.toLowerCase() || undefined,
      ...where,
    });
  });
  return out;
}

/**
 * Links inside a JSON body's records (`"url": "/records/301"`): an API-driven page links to its
 * detail pages this way. Only strings that look like same-site paths or URLs count.
 */
export function jsonRecordLinks(ctx: PageContext, isOnSite: (url: string) => boolean, max = 500): PageLink[] {
  const out: PageLink[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (out.length >= max || depth > 8 || value === null || typeof value !== 'object') {
      if (typeof value === 'string' && /^(?:https?:\/\/|\/[^/\s])[^\s]*$/.test(value) && out.length < max) {
        const url = resolveHref(value, ctx.page.url);
        if (url && isOnSite(url) && !isAssetUrl(url)) out.push({ url, text: '', chrome: false, breadcrumb: false });
      }
      return;
    }
    for (const child of Array.isArray(value) ? value : Object.values(value)) visit(child, depth + 1);
  };
  visit(ctx.jsonBody(), 0);
  return out;
}

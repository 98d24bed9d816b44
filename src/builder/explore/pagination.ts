/**
 * Pagination links of a list page: the link to the next page (rel=next, a "next" word in many
 * languages or an arrow, a class saying next) and the numbered page links (1 2 3 ...).
 */
import type { Element } from 'domhandler';
import type { PageContext } from '../../recipe/extract/index.js';
import { fold } from '../../recipe/extract/index.js';
import { resolveHref } from './links.js';

export interface PaginationLinks {
  /** Absolute URL of the next page, or null. */
  next: string | null;
  /** How the next link was recognised. */
  via: 'rel' | 'link_tag' | 'text' | 'class' | 'number' | null;
  /** The `<a>` of the next link (absent for `<link rel=next>`). */
  nextElement?: Element;
  /** Numbered page links found on the page, by page number. */
  numbered: Array<{ n: number; url: string }>;
  /** This page's number when the page says it (current/active marker) or numbered links imply it. */
  current: number | null;
}

/** "next" words and arrows, folded (lower case, no accents). */
const NEXT_WORDS = [
  'next', 'next page', 'next >', 'next »', 'next ›', 'older', 'older posts', 'older entries', 'older stories', 'older articles', 'older news', 'more posts', 'more stories', 'more articles',
  'siguiente', 'pagina siguiente', 'volgende', 'volgende pagina', 'suivant', 'suivante', 'page suivante', 'weiter',
  'nachste', 'nachste seite', 'successivo', 'successiva', 'avanti', 'proximo', 'proxima', 'seguinte', 'nastepna',
  'dalej', 'далее', 'следующая', '次へ', '下一页', '다음', 'sonraki', 'nasta', 'neste', 'naeste', 'seuraava', 'dalsi',
  'kovetkezo', 'επομενη',
];
const NEXT_ARROWS = /^(?:›|»|>|→|⟩|❯|▶|►|>>|›\s*›|»\s*»)$/;
const PREV_HINT = /\b(?:prev|previous|back|anterior|vorige|precedent|zuruck|newer|indietro)\b|^[‹«<←]/;

function elementHints(el: Element): string {
  const a = el.attribs ?? {};
  return fold(`${a['aria-label'] ?? ''} ${a.title ?? ''}`);
}

function classHints(el: Element): string {
  let text = '';
  for (let cur: Element | null = el, depth = 0; cur && depth < 2; depth++) {
    text += ` ${cur.attribs?.class ?? ''} ${cur.attribs?.id ?? ''}`;
    cur = cur.parent && cur.parent.type === 'tag' ? (cur.parent as Element) : null;
  }
  return text.toLowerCase();
}

function isNextText(text: string): boolean {
  const t = fold(text).replace(/\s+/g, ' ').trim();
  if (!t || t.length > 30) return false;
  if (NEXT_ARROWS.test(t)) return true;
  const words = t.replace(/[›»>→❯]+/g, '').trim();
  return NEXT_WORDS.includes(words) || NEXT_WORDS.includes(t);
}

export function findPagination(ctx: PageContext, isOnSite: (url: string) => boolean = () => true): PaginationLinks {
  const result: PaginationLinks = { next: null, via: null, numbered: [], current: null };
  if (ctx.isJson) return result;
  const $ = ctx.$;
  const base = ctx.baseUrl();
  const here = ctx.page.url;
  const anchors = $('a[href]').toArray() as Element[];
  const resolve = (el: Element): string | null => {
    const url = resolveHref(el.attribs.href, base);
    return url && url !== here && isOnSite(url) ? url : null;
  };
  const choose = (el: Element | undefined, via: PaginationLinks['via']): boolean => {
    if (!el) return false;
    const url = resolve(el);
    if (!url) return false;
    result.next = url;
    result.via = via;
    result.nextElement = el;
    return true;
  };
  collectNumbered(ctx, anchors, resolve, result);
  if (choose(anchors.find((el) => /(?:^|\s)next(?:\s|$)/.test(el.attribs.rel?.toLowerCase() ?? '')), 'rel')) return result;
  const linkTag = $('link[rel~="next"][href]').first().attr('href');
  const linkUrl = resolveHref(linkTag, base);
  if (linkUrl && linkUrl !== here && isOnSite(linkUrl)) {
    result.next = linkUrl;
    result.via = 'link_tag';
    return result;
  }
  const byText = anchors.find((el) => (isNextText(ctx.text(el)) || isNextText(elementHints(el))) && !PREV_HINT.test(fold(ctx.text(el))));
  if (choose(byText, 'text')) return result;
  const byClass = anchors.find((el) => /(?:^|[\s_-])next(?:[\s_-]|$)/.test(classHints(el)) && !/prev/.test(classHints(el)));
  if (choose(byClass, 'class')) return result;
  if (result.current !== null) {
    const following = result.numbered.find((p) => p.n === result.current! + 1);
    if (following) {
      result.next = following.url;
      result.via = 'number';
      result.nextElement = anchors.find((el) => resolve(el) === following.url && ctx.text(el).trim() === String(following.n));
    }
  }
  return result;
}

/** Numbered links ("1 2 3 ... 9") and the current page: a marked number, else the gap in the run. */
function collectNumbered(ctx: PageContext, anchors: Element[], resolve: (el: Element) => string | null, result: PaginationLinks): void {
  const byNumber = new Map<number, string>();
  for (const el of anchors) {
    const text = ctx.text(el).trim();
    if (!/^\d{1,4}$/.test(text)) continue;
    const url = resolve(el);
    if (url && !byNumber.has(Number(text))) byNumber.set(Number(text), url);
  }
  if (byNumber.size === 0) return;
  result.numbered = [...byNumber.entries()].sort((a, b) => a[0] - b[0]).map(([n, url]) => ({ n, url }));
  const $ = ctx.$;
  const marked = $('[aria-current], .current, .active, .selected, .is-active, .is-current')
    .toArray()
    .map((el) => ctx.text(el as Element).trim())
    .find((t) => /^\d{1,4}$/.test(t));
  if (marked) {
    result.current = Number(marked);
    return;
  }
  // Without a marker, the current page is the one missing from a run (1 _ 3 4 -> 2), else 1.
  const numbers = result.numbered.map((p) => p.n);
  const gap = numbers.find((n, i) => i > 0 && n - numbers[i - 1] === 2);
  result.current = gap !== undefined ? gap - 1 : numbers[0] === 2 ? 1 : null;
}

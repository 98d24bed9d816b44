/**
 * Pagination of a JSON API, read from the first page's URL and body (and the second page's URL
 * when it was fetched):
 * - a next URL in the body (`next`, `links.next`, `paging.next`...): a cursor strategy whose
 *   cursor IS the next URL (`start` = the first page's URL, request url `{+cursor}`);
 * - a next page number (`next_page`): a cursor strategy on that path feeding the URL's page
 *   parameter (exact stop: the cursor is null on the last page);
 * - a cursor token (`next_cursor`, `endCursor`...): a cursor strategy; the query parameter that
 *   carries it is read from the second page's URL, else guessed from the key's name;
 * - a page number in the URL (`?page=2`) or page/pages/total keys: page_param;
 * - an offset in the URL (`?offset=20`): offset, page size = records on the first page.
 */
import type { PaginationStrategy } from '../../recipe/types.js';
import { evaluatePath } from '../../recipe/extract/index.js';
import { rethrowUnless } from '../../errors/expected.js';

export interface JsonRequest {
  /** Absolute URL without the paging parameter (other query parameters kept). */
  url: string;
  /** Query templates added by the interpreter (the paging parameter). */
  query?: Record<string, string>;
}

export interface JsonPaging {
  strategy: PaginationStrategy;
  request: JsonRequest;
  describe: string;
}

const PAGE_PARAMS = ['page', 'p', 'pg', 'page_number', 'pageNumber', 'pageNo', 'pagina', 'seite'];
const OFFSET_PARAMS = ['offset', 'start', 'skip', 'from'];
const NEXT_URL_PATHS = ['next', 'next_url', 'nextUrl', 'next_link', 'links.next', 'links.next.href', 'paging.next', 'pagination.next', 'meta.next', '_links.next.href', 'info.next'];
const NEXT_PAGE_PATHS = ['next_page', 'nextPage', 'next_page_number', 'pagination.next_page', 'meta.next_page', 'paging.next_page', 'pagination.nextPage'];
const CURSOR_PATHS = ['next_cursor', 'nextCursor', 'cursor.next', 'paging.cursors.after', 'pageInfo.endCursor', 'page_info.end_cursor', 'meta.next_cursor', 'next_token', 'nextToken', 'continuation', 'next_page_token', 'nextPageToken'];
const TOTAL_PATHS = ['pages', 'total_pages', 'totalPages', 'page_count', 'pageCount', 'last_page', 'meta.pages', 'meta.total_pages', 'pagination.pages', 'pagination.total_pages'];

function at(body: unknown, path: string): unknown {
  const values = evaluatePath(body, path);
  return values.length > 0 ? values[0] : undefined;
}

function firstPresent(body: unknown, paths: string[]): { path: string; value: unknown } | null {
  for (const path of paths) {
    const value = at(body, path);
    if (value !== undefined) return { path, value };
  }
  return null;
}

function withoutParam(url: URL, name: string): string {
  const copy = new URL(url.href);
  copy.searchParams.delete(name);
  return copy.href;
}

function findParam(url: URL, names: string[]): string | null {
  for (const name of names) if (url.searchParams.has(name)) return name;
  return null;
}

/** Guess of the query parameter carrying a cursor named `key` in the body. */
function cursorParamFromKey(path: string): string {
  const key = path.split('.').pop() ?? path;
  if (/after|endcursor|end_cursor/i.test(key)) return 'after';
  if (/token/i.test(key)) return /page/i.test(key) ? 'page_token' : 'token';
  if (/continuation/i.test(key)) return 'continuation';
  return 'cursor';
}

/**
 * The paging of a JSON list. `firstUrl` is page 1's request URL, `firstBody` its parsed body,
 * `recordCount` its records; `secondUrl` (optional) the URL the site uses for page 2.
 */
export function jsonPaging(firstUrl: string, firstBody: unknown, recordCount: number, secondUrl?: string): JsonPaging | null {
  const url = new URL(firstUrl);
  const second = secondUrl ? new URL(secondUrl) : null;
  const nextUrl = firstPresent(firstBody, NEXT_URL_PATHS);
  if (nextUrl && typeof nextUrl.value === 'string' && /^(?:https?:\/\/|\/|\?)/.test(nextUrl.value)) {
    return {
      strategy: { kind: 'cursor', path: nextUrl.path, start: url.href },
      request: { url: '{+cursor}' },
      describe: `next page URL at "${nextUrl.path}"`,
    };
  }
  const pageParam = findParam(url, PAGE_PARAMS) ?? (second ? findParam(second, PAGE_PARAMS) : null);
  const nextPage = firstPresent(firstBody, NEXT_PAGE_PATHS);
  if (nextPage && (typeof nextPage.value === 'number' || (typeof nextPage.value === 'string' && /^\d+$/.test(nextPage.value)))) {
    const param = pageParam ?? 'page';
    const start = url.searchParams.get(param) ?? '1';
    return {
      strategy: { kind: 'cursor', path: nextPage.path, start },
      request: { url: withoutParam(url, param), query: { [param]: '{cursor}' } },
      describe: `next page number at "${nextPage.path}" into ?${param}=`,
    };
  }
  const cursor = firstPresent(firstBody, CURSOR_PATHS);
  if (cursor && typeof cursor.value === 'string' && cursor.value !== '') {
    let param = cursorParamFromKey(cursor.path);
    if (second) {
      const carried = [...second.searchParams.entries()].find(([, v]) => v === cursor.value);
      if (carried) param = carried[0];
    }
    return {
      strategy: { kind: 'cursor', path: cursor.path },
      request: { url: withoutParam(url, param), query: { [param]: '{cursor}' } },
      describe: `cursor at "${cursor.path}" into ?${param}=`,
    };
  }
  const total = firstPresent(firstBody, TOTAL_PATHS);
  if (pageParam || (total && typeof total.value === 'number' && total.value > 1)) {
    const param = pageParam ?? 'page';
    const start = Number(url.searchParams.get(param) ?? '1');
    return {
      strategy: { kind: 'page_param', var: 'page', start: Number.isFinite(start) ? start : 1 },
      request: { url: withoutParam(url, param), query: { [param]: '{page}' } },
      describe: `page number in ?${param}=`,
    };
  }
  const offsetParam = findParam(url, OFFSET_PARAMS) ?? (second ? findParam(second, OFFSET_PARAMS) : null);
  if (offsetParam && recordCount > 0) {
    const start = Number(url.searchParams.get(offsetParam) ?? '0');
    return {
      strategy: { kind: 'offset', var: 'offset', page_size: recordCount, start: Number.isFinite(start) ? start : 0 },
      request: { url: withoutParam(url, offsetParam), query: { [offsetParam]: '{offset}' } },
      describe: `offset in ?${offsetParam}= by ${recordCount}`,
    };
  }
  return null;
}

/** The URL of the page after `url`, from the same rules (for exploration's second fetch); null when none. */
export function nextJsonPageUrl(url: string, body: unknown, recordCount: number): string | null {
  const paging = jsonPaging(url, body, recordCount);
  if (!paging) return null;
  const s = paging.strategy;
  const base = new URL(url);
  if (s.kind === 'cursor') {
    const value = at(body, s.path);
    if (value === undefined || value === null || value === '') return null;
    if (paging.request.url === '{+cursor}') {
      try {
        return new URL(String(value), url).href;
      } catch (err) {
        rethrowUnless(err, 'url');
        return null;
      }
    }
    const target = new URL(paging.request.url);
    for (const [k] of Object.entries(paging.request.query ?? {})) target.searchParams.set(k, String(value));
    return target.href;
  }
  const target = new URL(paging.request.url);
  const [param] = Object.keys(paging.request.query ?? {});
  if (!param) return null;
  if (s.kind === 'page_param') target.searchParams.set(param, String(Number(base.searchParams.get(param) ?? s.start ?? 1) + 1));
  else if (s.kind === 'offset') target.searchParams.set(param, String(Number(base.searchParams.get(param) ?? 0) + s.page_size));
  return target.href;
}

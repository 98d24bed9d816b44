/**
 * The paginate step: run `steps` once per page, concatenating the list each page leaves in
 * `data`, until a strategy says there is no next page, a page is empty (stop_on_empty), or
 * max_pages (capped by the limits) is reached.
 *
 * - next_link: the first request step of `steps` fetches its own URL on page 1 and the href of
 *   `selector` (read on the page that request fetched) afterwards. A URL seen before stops.
 * - page_param / offset: the var (default `page` / `offset`) starts at `start` and grows by
 *   `step` / `page_size` each page; the request templates read it.
 * - cursor: the var (default `cursor`) starts null (or at `start`) and takes the value read
 *   at `path` of each JSON page; an empty or repeated cursor stops.
 * - After page 1, an upstream "not found" (404/410) ends the pagination instead of failing it:
 *   many sites answer that past their last page.
 * - keep_from N: pages 1..N-1 are fetched and walked (their next link, their var) but their
 *   records are dropped; a listing that ends before page N answers an empty list. The skipped
 *   pages do not count against the page limit; the run's request budget bounds the walk.
 * - meta (unless `meta: false`): has_more, plus page (page_param) or next_cursor (cursor).
 *   has_more is exact for next_link and cursor; for page_param and offset it is a best guess
 *   (the last page was full-sized).
 */
import { QuarryError, isQuarryError } from '../../errors/index.js';
import { evaluateExtraction } from '../extract/index.js';
import { paginationVar } from '../semantics.js';
import { fillValue, resolveUrl, stringify } from '../template.js';
import type { PaginateStep, Transform } from '../types.js';
import { pageContextOf, scopeOf, type FetchedPage, type PageTurn, type RunContext } from './context.js';
import type { RunSteps } from './context.js';

interface Position {
  /** The strategy var's value for the page about to be fetched. */
  value: unknown;
  /** next_link: the URL of the page about to be fetched (undefined on page 1). */
  url?: string;
}

export async function runPaginate(step: PaginateStep, ctx: RunContext, runSteps: RunSteps): Promise<void> {
  const skip = keepFrom(step, ctx) - 1;
  const maxPages = Math.min(step.max_pages, ctx.run.limits.maxPages) + skip;
  const varName = paginationVar(step);
  const collected: unknown[] = [];
  const seenUrls = new Set<string>();
  let position: Position | null = { value: startValue(step, ctx) };
  let lastDone: Position = position;
  let firstPageSize: number | null = null;

  for (let n = 0; n < maxPages && position; n++) {
    const current: Position = position;
    if (varName) ctx.vars[varName] = current.value;
    const turn: PageTurn = { nextUrl: current.url };
    const records = await runPage(step, ctx, turn, runSteps, n);
    if (records === null) {
      position = null;
      break;
    }
    lastDone = current;
    if (n >= skip) collected.push(...records);
    firstPageSize ??= records.length;
    seenUrls.add(turn.page!.url);
    const exhausted = records.length === 0 && step.stop_on_empty !== false;
    position = exhausted ? null : nextPosition(step, ctx, turn, current, records.length, firstPageSize, seenUrls);
  }
  // Templates after the step (shape.meta) see the last page actually fetched.
  if (varName) ctx.vars[varName] = lastDone.value;
  ctx.data = collected;
  if (step.meta !== false) ctx.meta = { ...ctx.meta, ...pagingMeta(step, lastDone, position) };
}

/** One page's records, or null when a later page turned out not to exist. */
async function runPage(step: PaginateStep, ctx: RunContext, turn: PageTurn, runSteps: RunSteps, n: number): Promise<unknown[] | null> {
  ctx.data = undefined;
  ctx.pageTurn = turn;
  try {
    await runSteps(step.steps, ctx);
  } catch (err) {
    // Only the page's own request counts: a followed detail page that is gone is not the end.
    const pageMissing = !turn.page && isQuarryError(err) && err.code === 'input_not_found' && err.fields.upstream_status_code !== undefined;
    if (n > 0 && pageMissing) return null;
    throw err;
  } finally {
    ctx.pageTurn = undefined;
  }
  if (!turn.page) throw new QuarryError('scraper_bug', 'A paginated page fetched nothing: its steps need a request step.');
  const data = ctx.data;
  if (data === undefined || data === null) return [];
  if (!Array.isArray(data)) throw new QuarryError('scraper_bug', 'The steps of a paginate step must leave a list in data.');
  return data;
}

/** Furthest page a next-link walk may reach: each page before it is one fetch. */
const KEEP_FROM_MAX = 1000;

function keepFrom(step: PaginateStep, ctx: RunContext): number {
  if (step.keep_from === undefined) return 1;
  const value = typeof step.keep_from === 'number' ? step.keep_from : Number(stringify(fillValue(step.keep_from, scopeOf(ctx))));
  if (!Number.isInteger(value) || value < 1 || value > KEEP_FROM_MAX) {
    throw new QuarryError('bad_request', `The page "${String(value)}" is not a whole number from 1 to ${KEEP_FROM_MAX}.`);
  }
  return value;
}

function startValue(step: PaginateStep, ctx: RunContext): unknown {
  const s = step.strategy;
  if (s.kind === 'next_link') return undefined;
  const start = s.start === undefined ? undefined : typeof s.start === 'number' ? s.start : fillValue(s.start, scopeOf(ctx));
  if (s.kind === 'cursor') {
    // No cursor yet is null, not "": a GraphQL `after: null` (a query parameter left out either way).
    const cursor = stringify(start);
    return cursor === '' ? null : cursor;
  }
  const fallback = s.kind === 'page_param' ? 1 : 0;
  if (start === undefined || start === null || start === '') return fallback;
  const n = Number(start);
  if (!Number.isInteger(n)) throw new QuarryError('scraper_bug', `The pagination start "${stringify(start)}" is not a whole number.`);
  return n;
}

function nextPosition(
  step: PaginateStep,
  ctx: RunContext,
  turn: PageTurn,
  current: Position,
  pageSize: number,
  firstPageSize: number,
  seenUrls: Set<string>,
): Position | null {
  const s = step.strategy;
  const page = turn.page!;
  switch (s.kind) {
    case 'next_link': {
      // Resolved by the extraction (absolute_url), so a page's <base href> counts as for its other links.
      const href = readOne(page, ctx, { css: s.selector, attr: 'href' }, [{ op: 'absolute_url' }]);
      const url = href ? resolveUrl(href, page.url) : null;
      return url && !seenUrls.has(url) ? { value: undefined, url } : null;
    }
    case 'page_param':
      return pageSize < firstPageSize ? null : { value: (current.value as number) + (s.step ?? 1) };
    case 'offset':
      return pageSize < s.page_size ? null : { value: (current.value as number) + s.page_size };
    case 'cursor': {
      const cursor = readOne(page, ctx, { json: s.path });
      return cursor && cursor !== current.value ? { value: cursor } : null;
    }
  }
}

/** One value read with the extraction language: a next link's href, a JSON cursor. */
function readOne(page: FetchedPage, ctx: RunContext, source: { css: string; attr: string } | { json: string }, transforms?: Transform[]): string {
  const field = { sources: [source], ...(transforms ? { transforms } : {}) };
  const value = evaluateExtraction({ kind: 'value', field }, pageContextOf(ctx, page), { params: { ...ctx.params }, vars: ctx.vars });
  return stringify(value).trim();
}

/** has_more is "a next page was found but not fetched" (the cap was reached first). */
function pagingMeta(step: PaginateStep, last: Position, next: Position | null): Record<string, unknown> {
  const meta: Record<string, unknown> = { has_more: next !== null };
  if (step.strategy.kind === 'page_param') meta.page = last.value;
  if (step.strategy.kind === 'cursor') meta.next_cursor = next ? next.value : null;
  return meta;
}

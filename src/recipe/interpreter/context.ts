/**
 * The run context: what the steps of one endpoint call share.
 *
 * - `RunState` is per call and shared by every nested pipeline (follow, paginate): the
 *   fetcher, the cookie jar, the limits and the request counter.
 * - `RunContext` is per pipeline: params, vars, the current page, and the `data`/`meta` the
 *   pipeline produces. A follow step runs its sub-steps in a child context (own vars copy,
 *   own page and data) so parallel records never see each other's values.
 */
import { QuarryError } from '../../errors/index.js';
import type { CookieJar, FetchResponse, Fetcher } from '../../fetch/types.js';
import type { EndpointRecipe, Recipe } from '../types.js';
import { RECIPE_LIMITS } from '../schema.js';
import type { TemplateScope } from '../template.js';
import type { Step } from '../types.js';
import { createPageContext, type PageContext, type PageInput } from '../extract/index.js';

export interface RunLogger {
  debug?: (obj: object, msg: string) => void;
  warn?: (obj: object, msg: string) => void;
  error?: (obj: object, msg: string) => void;
}

export interface RunLimits {
  /** Upstream requests one call may make, all pages and followed records included. */
  maxRequests: number;
  /** Lowers (never raises) a paginate step's max_pages. */
  maxPages: number;
  /** Lowers a follow step's max. */
  maxFollow: number;
  /** Lowers a follow step's concurrency. */
  maxConcurrency: number;
}

export const DEFAULT_LIMITS: Readonly<RunLimits> = Object.freeze({
  maxRequests: 500,
  maxPages: RECIPE_LIMITS.maxPages,
  maxFollow: RECIPE_LIMITS.maxFollow,
  maxConcurrency: RECIPE_LIMITS.maxFollowConcurrency,
});

export interface RunState {
  recipe: Recipe;
  endpoint: EndpointRecipe;
  fetcher: Fetcher;
  cookieJar: CookieJar;
  /** The call's signal; a follow step narrows it so a failed record cancels its siblings. */
  signal: AbortSignal | undefined;
  logger: RunLogger | undefined;
  limits: RunLimits;
  /** Shared by reference between nested states: one budget per call. */
  counters: { requests: number };
  /**
   * Every page this call read with the extraction language (shared by reference between nested
   * states); `runEndpoint` releases them when the call ends (see PageContext.release).
   */
  pages: Set<PageContext>;
}

/** A fetched page as steps see it: the page input of the extraction, plus status and headers. */
export class FetchedPage {
  readonly url: string;
  readonly status: number;
  /** How the extraction reads the body: the request's `expect`, else the upstream's type. */
  readonly contentType: string;
  /** The media type the site sent (the fallback body reports this one). */
  readonly upstreamContentType: string;
  readonly text: string;
  readonly headers: Record<string, string>;

  constructor(res: FetchResponse, contentType: string) {
    this.url = res.url;
    this.status = res.status;
    this.contentType = contentType;
    this.upstreamContentType = res.contentType;
    this.text = res.text;
    this.headers = res.headers;
  }
}

/** Set by a paginate step for one page; read by the first request step of that page. */
export interface PageTurn {
  /** next_link: the URL to fetch instead of the request step's own. */
  nextUrl?: string;
  /** The page the first request fetched (where next links and cursors are read). */
  page?: FetchedPage;
}

export interface RunContext {
  readonly run: RunState;
  readonly params: Readonly<Record<string, unknown>>;
  vars: Record<string, unknown>;
  page: FetchedPage | null;
  data: unknown;
  meta: Record<string, unknown> | undefined;
  pageTurn?: PageTurn;
}

/** The extraction context of a page read by this call, released when the call ends. */
export function pageContextOf(ctx: RunContext, page: PageInput): PageContext {
  const context = createPageContext(page);
  ctx.run.pages.add(context);
  return context;
}

export function scopeOf(ctx: RunContext): TemplateScope {
  return { params: ctx.params, vars: ctx.vars };
}

/** A context for one record of a follow step. */
export function childContext(ctx: RunContext, run: RunState, extraVars: Record<string, unknown>): RunContext {
  return {
    run,
    params: ctx.params,
    vars: { ...ctx.vars, ...extraVars },
    page: ctx.page,
    data: undefined,
    meta: undefined,
  };
}

/** The budget error is not a record's failure: follow's on_error 'skip' must not swallow it. */
export class BudgetExceeded extends QuarryError {
  constructor(limit: number) {
    super('scraper_bug', `The endpoint needed more than ${limit} upstream requests for one call.`);
  }
}

/** Count one upstream request against the call's budget. */
export function chargeRequest(run: RunState): void {
  if (run.counters.requests >= run.limits.maxRequests) throw new BudgetExceeded(run.limits.maxRequests);
  run.counters.requests++;
}

export function throwIfAborted(run: RunState): void {
  if (run.signal?.aborted) {
    const reason: unknown = run.signal.reason;
    throw reason instanceof Error ? reason : new DOMException('The call was cancelled.', 'AbortError');
  }
}

/** Runs a list of steps in a context; handed to the steps that nest steps (paginate, follow). Lives here, below steps.ts, so they need not import it back. */
export type RunSteps = (steps: Step[], ctx: RunContext) => Promise<void>;

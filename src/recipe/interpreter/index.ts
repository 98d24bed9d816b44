/**
 * `runEndpoint`: one call of one endpoint of a recipe.
 *
 * Order matters: parameters are validated first, so bad input never reaches the target site;
 * then the steps run over a fresh context with the call's own cookie jar; every failure leaves
 * as a QuarryError of the execution envelope (classify.ts), except an unparseable body, which
 * becomes the generic fallback success body (decisions.md).
 */
import { QuarryError } from '../../errors/index.js';
import { createCookieJar } from '../../fetch/index.js';
import type { CookieJar, Fetcher } from '../../fetch/types.js';
import { classifyExecutionError } from '../classify.js';
import { validateParams } from '../params.js';
import type { EndpointRecipe, Recipe } from '../types.js';
import { DEFAULT_LIMITS, type RunContext, type RunLimits, type RunLogger, type RunState } from './context.js';
import { UnparseableBody, fallbackBody, type FallbackBody } from './fallback.js';
import { runSteps } from './steps.js';

export interface RunDeps {
  fetcher: Fetcher;
  /** Cancels the call (client went away, execution deadline). */
  signal?: AbortSignal;
  /** The call's cookies (a restored session); a fresh jar when absent. */
  cookieJar?: CookieJar;
  logger?: RunLogger;
  limits?: Partial<RunLimits>;
  /** Coerce query-string values; default: true for GET endpoints, false for POST. */
  coerceParams?: boolean;
}

export interface SuccessBody {
  status: 'success';
  data: unknown;
  meta?: Record<string, unknown>;
}

export interface RunResult {
  body: SuccessBody | FallbackBody;
  /** Upstream requests made (every page, every followed record). */
  pagesFetched: number;
  /** True when the body is the generic fallback (unparseable page). */
  fallback: boolean;
  /** The validated parameters (defaults filled, coerced). */
  params: Record<string, unknown>;
  /** The call's cookie jar after the run (what a login endpoint would keep). */
  cookieJar: CookieJar;
}

export function findEndpoint(recipe: Recipe, endpointName: string): EndpointRecipe {
  const endpoint = recipe.endpoints.find((e) => e.name === endpointName);
  if (!endpoint) throw new QuarryError('not_found', `This API has no endpoint named "${endpointName}".`);
  return endpoint;
}

export async function runEndpoint(recipe: Recipe, endpointName: string, params: unknown, deps: RunDeps): Promise<RunResult> {
  const endpoint = findEndpoint(recipe, endpointName);
  const validParams = validateParams(endpoint.input_params, params, {
    coerce: deps.coerceParams ?? endpoint.method === 'GET',
  });
  const run: RunState = {
    recipe,
    endpoint,
    fetcher: deps.fetcher,
    cookieJar: deps.cookieJar ?? createCookieJar(),
    signal: deps.signal,
    logger: deps.logger,
    limits: { ...DEFAULT_LIMITS, ...deps.limits },
    counters: { requests: 0 },
    pages: new Set(),
  };
  const ctx: RunContext = {
    run,
    params: validParams,
    vars: { source_url: recipe.source_url },
    page: null,
    data: undefined,
    meta: undefined,
  };
  const result = (body: RunResult['body'], fallback: boolean): RunResult => ({
    body,
    pagesFetched: run.counters.requests,
    fallback,
    params: validParams,
    cookieJar: run.cookieJar,
  });
  try {
    await runSteps(endpoint.steps, ctx);
  } catch (err) {
    if (err instanceof UnparseableBody) return result(fallbackBody(err), true);
    throw classifyExecutionError(err, { url: ctx.page?.url, signal: deps.signal, logger: deps.logger });
  } finally {
    // Nothing reads this call's pages any more; released before the caller's next await, so a
    // minor GC never finds their DOMs alive (PageContext.release).
    for (const page of run.pages) page.release();
  }
  const body: SuccessBody = { status: 'success', data: ctx.data ?? null };
  if (ctx.meta) body.meta = ctx.meta;
  return result(body, false);
}

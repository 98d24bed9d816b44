/**
 * The request step: build the URL, headers and body from templates, fetch through the Fetcher,
 * turn a non-2xx answer into its error (classify.ts), and make the answer the current page.
 */
import { QuarryError } from '../../errors/index.js';
import type { FetchRequest } from '../../fetch/types.js';
import { DEFAULT_NOT_FOUND_STATUSES, upstreamStatusError } from '../classify.js';
import { fillDeep, fillString, fillValue, resolveUrl, stringify, type TemplateScope } from '../template.js';
import type { RequestStep } from '../types.js';
import { FetchedPage, chargeRequest, scopeOf, throwIfAborted, type RunContext } from './context.js';

export async function runRequest(step: RequestStep, ctx: RunContext): Promise<void> {
  const run = ctx.run;
  const scope = scopeOf(ctx);
  // The first request of a paginated page fetches the next link instead of its own URL.
  const turn = ctx.pageTurn;
  if (turn) ctx.pageTurn = undefined;
  const url = turn?.nextUrl ?? buildUrl(step, scope, run.recipe.source_url);
  const req: FetchRequest = {
    url,
    method: step.method ?? (step.form || step.json !== undefined ? 'POST' : 'GET'),
    headers: buildHeaders(step, scope, run.recipe.headers),
    cookieJar: run.cookieJar,
    signal: run.signal,
  };
  addBody(step, scope, req);
  throwIfAborted(run);
  chargeRequest(run);
  run.logger?.debug?.({ method: req.method, url }, 'upstream request');
  const res = await run.fetcher.fetch(req);
  const failure = upstreamStatusError(res, step.not_found_statuses ?? DEFAULT_NOT_FOUND_STATUSES);
  if (failure) throw failure;
  const page = new FetchedPage(res, pageType(step.expect, res.contentType));
  ctx.page = page;
  if (step.as) ctx.vars[step.as] = page;
  if (turn) turn.page = page;
}

/** `expect` overrides what the content type says, so the extraction parses the body as told. */
function pageType(expect: RequestStep['expect'], contentType: string): string {
  if (expect === 'json') return 'application/json';
  if (expect === 'html') return 'text/html';
  if (expect === 'text') return 'text/plain';
  return contentType;
}

function buildUrl(step: RequestStep, scope: TemplateScope, base: string): string {
  const filled = fillString(step.url, scope, 'url');
  const resolved = resolveUrl(filled, base);
  if (!resolved) throw new QuarryError('scraper_bug', `The request URL "${filled.slice(0, 200)}" is not a valid http(s) URL.`);
  if (!step.query) return resolved;
  const url = new URL(resolved);
  for (const [name, template] of Object.entries(step.query)) {
    const value = fillValue(template, scope);
    // A list parameter repeats the key (?tag=a&tag=b); an empty value leaves the key out.
    for (const item of Array.isArray(value) ? value : [value]) {
      const text = stringify(item);
      if (text !== '') url.searchParams.append(name, text);
    }
  }
  return url.href;
}

function buildHeaders(step: RequestStep, scope: TemplateScope, recipeHeaders: Record<string, string> | undefined) {
  const headers: Record<string, string> = {};
  if (step.expect === 'json') headers.accept = 'application/json';
  for (const source of [recipeHeaders, step.headers]) {
    for (const [name, template] of Object.entries(source ?? {})) {
      // A value from a parameter must not be able to start a new header line.
      headers[name.toLowerCase()] = fillString(template, scope, 'raw').replace(/[\r\n]+/g, ' ');
    }
  }
  return headers;
}

function addBody(step: RequestStep, scope: TemplateScope, req: FetchRequest): void {
  const headers = req.headers!;
  if (step.form) {
    const form = new URLSearchParams();
    for (const [name, template] of Object.entries(step.form)) form.append(name, fillString(template, scope, 'raw'));
    req.body = form.toString();
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
  } else if (step.json !== undefined) {
    req.body = JSON.stringify(fillDeep(step.json, scope) ?? null);
    headers['content-type'] ??= 'application/json';
  }
}

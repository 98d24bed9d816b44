/**
 * Recipe steps from an induced list: a paginate step around the request and the extraction
 * (or the two alone when there is no pagination). The lead's pipeline adds `shape`, `follow`
 * and the endpoint around them.
 */
import type { PaginateStep, RequestStep, Step } from '../../recipe/types.js';
import type { InducedJsonList, InducedList, ListRequest } from './types.js';

export interface ListStepOptions {
  /** Pages per call (paginate.max_pages, 1..50). Default 5. */
  maxPages?: number;
  /** Extra query templates merged into the request (search parameters). */
  query?: Record<string, string>;
}

export function requestStep(request: ListRequest, expect: RequestStep['expect'], extraQuery?: Record<string, string>): RequestStep {
  const step: RequestStep = { type: 'request', url: request.url };
  const query = { ...(extraQuery ?? {}), ...(request.query ?? {}) };
  if (Object.keys(query).length > 0) step.query = query;
  if (expect && expect !== 'auto') step.expect = expect;
  return step;
}

export function listSteps(list: InducedList | InducedJsonList, options: ListStepOptions = {}): Step[] {
  const expect = list.extraction.kind === 'json_list' ? 'json' : 'html';
  const inner: Step[] = [requestStep(list.request, expect, options.query), { type: 'extract', extract: list.extraction }];
  if (!list.pagination) return inner;
  const paginate: PaginateStep = {
    type: 'paginate',
    strategy: list.pagination,
    max_pages: Math.max(1, Math.min(50, options.maxPages ?? 5)),
    steps: inner,
  };
  return [paginate];
}

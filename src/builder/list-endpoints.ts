/**
 * List endpoints: `list_<things>` from the explored list pages (HTML) or from a JSON API the
 * pages call. Pagination becomes a `page` parameter when the URLs carry a page number, else a
 * paginate step over next links with a `limit` on records. When the task asks for fields
 * that only the detail pages hold, each record's detail page is followed (bounded).
 */
import type { EndpointRecipe, Extraction, JsonSchema, PaginationStrategy, Step } from '../recipe/types.js';
import type { PageInput } from '../recipe/extract/index.js';
import type { Exploration, FetchedPage } from './explore/types.js';
import type { TaskIntent } from './task-intent.js';
import { induceList, listSteps, type InducedList, type InducedJsonList } from './list/index.js';
import { induceJsonList } from './jsonapi/index.js';
import { describeFields } from './naming.js';

export interface EndpointPlan {
  endpoint: EndpointRecipe;
  cases: Array<{ params: Record<string, unknown>; heldOut: boolean }>;
  /** Output keys of one record. */
  fields: string[];
  /** The endpoint answers a list of records. */
  isList?: boolean;
  /** Pages the extraction was induced from (for LLM proposals). */
  samplePages?: PageInput[];
}

const FOLLOW_MAX = 20;
const LIMIT_DEFAULT = 20;

const asPage = (p: FetchedPage): PageInput => ({ url: p.url, contentType: p.contentType, text: p.text });

function limitParam(): JsonSchema {
  return { type: 'integer', minimum: 1, maximum: 200, default: LIMIT_DEFAULT, description: 'Most records to return.' };
}

/** Follow each record's detail page for fields the list does not show. */
function followStep(detail: Extraction, linkField: string, missing: string[]): Step {
  const fields: Extraction = {
    kind: 'object',
    fields: Object.fromEntries(
      Object.entries((detail as Extraction & { kind: 'object' }).fields).filter(([k]) => missing.includes(k)),
    ),
  };
  return {
    type: 'follow',
    items: 'data',
    as: 'item',
    concurrency: 4,
    max: FOLLOW_MAX,
    on_error: 'skip',
    steps: [
      { type: 'request', url: `{+item.${linkField}}` },
      { type: 'extract', extract: fields },
    ],
  };
}

/**
 * The list paged by the caller's `page` parameter. The strategy's own var must not be named
 * like that parameter (the recipe validator refuses it: params would silently win), so it is
 * renamed and the request templates that read it follow (issue 12's "internal error" builds).
 */
const PAGE_VAR = 'page_at';
function callerPaged<T extends InducedList | InducedJsonList>(induced: T, pagination: PaginationStrategy): T {
  const oldVar = pagination.kind === 'offset' ? (pagination.var ?? 'offset') : 'var' in pagination ? (pagination.var ?? 'page') : 'page';
  const rename = (t: string) => t.split(`{${oldVar}}`).join(`{${PAGE_VAR}}`);
  const strategy = { ...pagination, var: PAGE_VAR, start: '{page}' } as PaginationStrategy;
  const request = {
    ...induced.request,
    url: rename(induced.request.url),
    ...(induced.request.query ? { query: Object.fromEntries(Object.entries(induced.request.query).map(([k, v]) => [k, rename(v)])) } : {}),
  };
  return { ...induced, pagination: strategy, request };
}

function listEndpoint(
  name: string,
  noun: string,
  induced: InducedList | InducedJsonList,
  extra: { detail: Extraction | null; wantedKeys: string[]; pages: PageInput[]; source: string },
): EndpointPlan {
  const fields = Object.keys(induced.extraction.fields);
  const pagination = induced.pagination;
  const byPage = pagination && (pagination.kind === 'page_param' || pagination.kind === 'offset');
  const properties: Record<string, JsonSchema> = {};
  let steps: Step[];
  if (byPage && pagination) {
    // One page per call, chosen by the caller.
    properties.page = { type: 'integer', minimum: 1, maximum: 10_000, default: 1, description: 'Page number (1 = first).' };
    steps = listSteps(callerPaged(induced, pagination), { maxPages: 1 });
  } else {
    properties.limit = limitParam();
    steps = [...listSteps(induced, { maxPages: 5 }), { type: 'shape', limit: '{limit}' }];
  }
  // Fields the caller asked for that the list does not show, read from each record's detail page.
  const missing = extra.wantedKeys.filter((k) => !fields.includes(k));
  const link = induced.fields.find((f) => f.name === 'url' || f.type === 'url')?.name;
  const detailFields = extra.detail && extra.detail.kind === 'object' ? Object.keys(extra.detail.fields) : [];
  const followable = missing.filter((k) => detailFields.includes(k));
  if (extra.detail && link && followable.length) {
    const follow = followStep(extra.detail, link, followable);
    const shapeAt = steps.findIndex((s) => s.type === 'shape');
    if (shapeAt >= 0) steps.splice(shapeAt + 1, 0, follow);
    else steps.push(follow);
    fields.push(...followable);
  }
  const endpoint: EndpointRecipe = {
    name,
    method: 'GET',
    description: `List ${noun.replace(/_/g, ' ')} records from ${extra.source}: ${describeFields(fields)}.`,
    input_params: { type: 'object', properties, additionalProperties: false },
    return_schema: { type: 'object' },
    sample_inputs: byPage ? { page: 1 } : { limit: 5 },
    steps,
  };
  const cases = byPage
    ? [{ params: { page: 1 }, heldOut: false }, { params: { page: 2 }, heldOut: true }]
    : [{ params: { limit: 5 }, heldOut: false }];
  return { endpoint, cases, fields, isList: true, samplePages: extra.pages };
}

export function planListEndpoints(input: {
  exploration: Exploration;
  intent: TaskIntent;
  noun: string;
  names: { list: string; detail: string; search: string };
  wantKind: (k: 'list' | 'detail' | 'search') => boolean;
  wanted: Array<{ name: string; hint?: string }>;
  detailExtraction: Extraction | null;
}): EndpointPlan[] {
  const { exploration, names, noun } = input;
  const plans: EndpointPlan[] = [];
  if (!input.wantKind('list') && exploration.detail) return plans;
  const wantedKeys = input.intent.fields.length ? input.wanted.map((w) => w.name) : [];

  // HTML list pages first: what people see is what the API returns.
  const listPages = exploration.listPages.map((u) => exploration.pages[u]).filter(Boolean).map(asPage);
  if (listPages.length > 0) {
    try {
      const induced = induceList(listPages, {
        detailTemplate: exploration.detail?.template,
        wantedFields: wantedKeys.length ? wantedKeys : undefined,
      });
      plans.push(listEndpoint(names.list, noun, induced, { detail: input.detailExtraction, wantedKeys, pages: listPages, source: 'the list pages' }));
      return plans;
    } catch {
      // No repeated records on the list pages: a JSON API may still carry them.
    }
  }
  for (const ep of exploration.jsonEndpoints) {
    const key = ep.probe?.page;
    const page = key ? exploration.pages[key] : undefined;
    if (!page || !ep.probe?.arrays.length) continue;
    try {
      const induced = induceJsonList([asPage(page)], { url: ep.url, wantedFields: wantedKeys.length ? wantedKeys : undefined });
      if (Object.keys(induced.extraction.fields).length === 0) continue;
      plans.push(listEndpoint(names.list, noun, induced, { detail: input.detailExtraction, wantedKeys, pages: [asPage(page)], source: 'the site\'s JSON API' }));
      break;
    } catch {
      continue;
    }
  }
  return plans;
}

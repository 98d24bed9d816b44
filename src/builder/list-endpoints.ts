/**
 * List endpoints: `list_<things>` from the explored list pages (HTML) or from a JSON API the
 * pages call. Pagination becomes a `page` parameter when the URLs carry a page number, else a
 * paginate step over next links with a `limit` on records. When the task asks for fields
 * that only the detail pages hold, each record's detail page is followed (bounded).
 */
import type { InducedEvidence } from './field-confidence.js';
import type { EndpointRecipe, Extraction, FieldSpec, JsonSchema, PaginationStrategy, Step, Transform } from '../recipe/types.js';
import type { PageInput } from '../recipe/extract/index.js';
import type { DetailParameterCandidate, Exploration, FetchedPage } from './explore/types.js';
import type { TaskIntent } from './task-intent.js';
import { induceList, listSteps, NoListFound, type InducedList, type InducedJsonList } from './list/index.js';
import type { ListRequest } from './list/types.js';
import { induceJsonList } from './jsonapi/index.js';
import { describeFields } from './naming.js';
import { escapeRegExp } from '../util/regex.js';

export interface EndpointPlan {
  endpoint: EndpointRecipe;
  cases: Array<{ params: Record<string, unknown>; heldOut: boolean }>;
  /** Output keys of one record. */
  fields: string[];
  /** The endpoint answers a list of records. */
  isList?: boolean;
  /** Pages the extraction was induced from (for LLM proposals). */
  samplePages?: PageInput[];
  /** Per field, what the induction measured on its training pages (fit, agreement): feeds `field_confidence`. */
  evidence?: Record<string, InducedEvidence>;
}

/** Records of one page whose detail pages are followed (a page of a listing rarely holds more). */
const FOLLOW_MAX = 50;

const asPage = (p: FetchedPage): PageInput => ({ url: p.url, contentType: p.contentType, text: p.text });

/** Follow each record's detail page for fields the list does not show. */
function followStep(detail: Extraction, linkField: string, missing: string[]): Step {
  const fields: Extraction = {
    kind: 'object',
    fields: Object.fromEntries(
      Object.entries((detail as Extraction & { kind: 'object' }).fields)
        .filter(([k]) => missing.includes(k))
        // A computed field followed without its parts reads only its own sources.
        .map(([k, spec]) => [k, spec.compute && !spec.compute.fields.every((f) => missing.includes(f)) ? { ...spec, compute: undefined } : spec]),
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
 * The detail endpoint's parameter, read from each record's link (list -> detail chaining): the
 * detail URL template made a regular expression whose group is the parameter (`/catalogue/{id}/`).
 */
function chainField(induced: InducedList | InducedJsonList, link: string, candidate: DetailParameterCandidate): { name: string; spec: FieldSpec } | null {
  if (candidate.params.length !== 1) return null;
  const param = candidate.params[0];
  if (param.name === 'url') return null;
  const linkSpec = (induced.extraction.fields as Record<string, FieldSpec>)[link];
  if (!linkSpec) return null;
  const path = candidate.urlTemplate.replace(/^[a-z]+:\/\/[^/]+/i, '');
  let pattern = '';
  for (const part of path.split(/(\{\+?[A-Za-z_][A-Za-z0-9_]*\})/)) {
    const ref = /^\{(\+?)([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(part);
    if (!ref) pattern += escapeRegExp(part);
    else if (ref[2] !== param.name) return null;
    else pattern += ref[1] ? '(.+?)' : param.type === 'integer' ? '(\\d+)' : '([^/?#]+)';
  }
  const transforms: Transform[] = [
    ...(linkSpec.transforms ?? []).filter((t) => t.op === 'absolute_url'),
    { op: 'regex', pattern: `^[a-z]+://[^/]+${pattern}(?:[?#]|$)`, group: 1, flags: 'i' },
    ...(param.type === 'integer' ? [{ op: 'integer' as const }] : []),
  ];
  return { name: param.name, spec: { sources: linkSpec.sources, transforms } };
}

/** How a caller reaches page N: a page-number or offset URL, a walk along next links, or nothing. */
type Paging = { kind: 'numbered'; list: InducedList | InducedJsonList } | { kind: 'walk'; list: InducedList | InducedJsonList } | null;

/**
 * The paging the endpoint offers. A numbered URL (page or offset) is used when the first list
 * page itself is one of its URLs (so page 1 is the page the build saw); otherwise the next links
 * are walked to the asked page (`keep_from`), which reaches every page the site links.
 */
function pagingOf(induced: InducedList | InducedJsonList): Paging {
  const options = 'paginationOptions' in induced ? induced.paginationOptions : [];
  const first = induced.request.url;
  const numbered = options.find((o) => (o.strategy.kind === 'page_param' || o.strategy.kind === 'offset') && firstPageIsNumbered(o, first));
  if (numbered) return { kind: 'numbered', list: { ...induced, pagination: numbered.strategy, request: numbered.request } };
  const current = induced.pagination;
  if (current && (current.kind === 'page_param' || current.kind === 'offset') && options.length === 0) return { kind: 'numbered', list: induced };
  const next = options.find((o) => o.strategy.kind === 'next_link') ?? (current?.kind === 'next_link' ? { strategy: current, request: induced.request } : undefined);
  if (next) return { kind: 'walk', list: { ...induced, pagination: next.strategy, request: next.request } };
  if (current && current.kind === 'cursor') return { kind: 'walk', list: induced };
  return null;
}

/** The numbered request's page-1 URL is the first list page the build fetched. */
function firstPageIsNumbered(option: { strategy: PaginationStrategy; request: ListRequest }, firstUrl: string): boolean {
  const s = option.strategy;
  const start = 'start' in s && typeof s.start === 'number' ? s.start : s.kind === 'page_param' ? 1 : 0;
  const filled = option.request.url.replace(/\{(page|offset)\}/g, String(start));
  const url = new URL(filled);
  for (const [k, v] of Object.entries(option.request.query ?? {})) url.searchParams.set(k, v.replace(/\{(page|offset)\}/g, String(start)));
  const a = new URL(firstUrl);
  return url.pathname === a.pathname && [...url.searchParams].every(([k, v]) => a.searchParams.get(k) === v || (!a.searchParams.has(k) && Number(v) === start));
}

const PAGE_PARAM: JsonSchema = { type: 'integer', minimum: 1, maximum: 1000, default: 1, description: 'Page of the listing (1 = first).' };

/**
 * A walked list's strategy var must not be named like the caller's `page` parameter (the recipe
 * validator refuses it: params would silently win, the job-board "internal error" builds of
 * issue 12), so it is renamed and the request templates that read it follow.
 */
const PAGE_VAR = 'page_at';
function withoutPageVar<T extends InducedList | InducedJsonList>(induced: T): T {
  const p = induced.pagination;
  if (!p || (p.kind !== 'page_param' && p.kind !== 'offset')) return induced;
  const oldVar = p.var ?? (p.kind === 'offset' ? 'offset' : 'page');
  if (oldVar !== 'page') return induced;
  const rename = (t: string) => t.split(`{${oldVar}}`).join(`{${PAGE_VAR}}`);
  const request = {
    ...induced.request,
    url: rename(induced.request.url),
    ...(induced.request.query ? { query: Object.fromEntries(Object.entries(induced.request.query).map(([k, v]) => [k, rename(v)])) } : {}),
  };
  return { ...induced, pagination: { ...p, var: PAGE_VAR }, request };
}

function listEndpoint(
  name: string,
  noun: string,
  induced: InducedList | InducedJsonList,
  extra: { detail: Extraction | null; wantedKeys: string[]; pages: PageInput[]; source: string; detailParam?: DetailParameterCandidate },
): EndpointPlan {
  const fields = Object.keys(induced.extraction.fields);
  const paging = pagingOf(induced);
  const properties: Record<string, JsonSchema> = {};
  let steps: Step[];
  const p = paging?.list.pagination;
  if (p && p.kind === 'page_param' && paging?.kind === 'numbered' && (p.start ?? 1) === 1) {
    // One page per call, chosen by the caller: the page number goes in the URL.
    properties.page = PAGE_PARAM;
    // The request's `{page}` reads the parameter itself: one page, no paginate step needed.
    steps = listSteps({ ...paging.list, pagination: null } as typeof paging.list, { maxPages: 1 });
  } else if (paging) {
    // No page number to put in a URL (next links, offsets, cursors): walk to the asked page, keep it only.
    properties.page = PAGE_PARAM;
    steps = listSteps(withoutPageVar(paging.list), { maxPages: 1 }).map((s) => (s.type === 'paginate' ? { ...s, keep_from: '{page}' } : s));
  } else {
    steps = listSteps({ ...induced, pagination: null } as typeof induced, { maxPages: 1 });
  }
  // Fields the caller asked for that the list does not show, read from each record's detail page.
  const missing = extra.wantedKeys.filter((k) => !fields.includes(k));
  const link = induced.fields.find((f) => f.name === 'url' || f.type === 'url')?.name;
  const detailFields = extra.detail && extra.detail.kind === 'object' ? Object.keys(extra.detail.fields) : [];
  const followable = missing.filter((k) => detailFields.includes(k));
  if (extra.detail && link && followable.length) {
    steps.push(followStep(extra.detail, link, followable));
    fields.push(...followable);
  }
  const chain = extra.detailParam && link ? chainField(induced, link, extra.detailParam) : null;
  if (chain && !fields.includes(chain.name)) {
    (induced.extraction.fields as Record<string, FieldSpec>)[chain.name] = chain.spec;
    fields.push(chain.name);
  }
  const endpoint: EndpointRecipe = {
    name,
    method: 'GET',
    description: `List ${noun.replace(/_/g, ' ')} records from ${extra.source}${paging ? ', one page per call' : ''}: ${describeFields(fields)}.`,
    input_params: { type: 'object', properties, additionalProperties: false },
    return_schema: { type: 'object' },
    sample_inputs: paging ? { page: 1 } : {},
    steps,
  };
  const cases = paging
    ? [{ params: { page: 1 }, heldOut: false }, { params: { page: 2 }, heldOut: true }]
    : [{ params: {}, heldOut: false }];
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
      plans.push(listEndpoint(names.list, noun, induced, { detail: input.detailExtraction, wantedKeys, pages: listPages, source: 'the list pages', detailParam: exploration.detail?.parameters[0] }));
      return plans;
    } catch (err) {
      // No repeated records on the list pages: a JSON API may still carry them. Anything else is a bug.
      if (!(err instanceof NoListFound)) throw err;
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
    } catch (err) {
      if (!(err instanceof NoListFound)) throw err; // no records in this JSON: try the next one
    }
  }
  return plans;
}

/**
 * `induceSearch`: a GET search form becomes a search endpoint. The form's query input becomes
 * the `query` parameter, its visible inputs (selects, radios, text boxes) optional parameters,
 * its hidden inputs constants. Probe queries (words taken from record titles of the site) are
 * submitted; a probe counts when its results page holds records mentioning the word. The result
 * list is induced from the successful probes' pages (several, so selectors generalise), and the
 * results' pagination from the first one.
 */
import { createPageContext, evaluateExtraction, fold, type PageInput } from '../../recipe/extract/index.js';
import type { Extraction, PaginationStrategy } from '../../recipe/types.js';
import type { FormInput, SearchForm } from '../explore/forms.js';
import type { UrlTemplate } from '../explore/url-template.js';
import type { Fetcher } from '../../fetch/types.js';
import { induceList, NoListFound } from '../list/induce.js';
import { fieldKey } from '../list/names.js';
import { inducePagination } from '../list/pagination.js';
import { findRecordRegions } from '../list/regions.js';
import type { InducedList, ListRequest } from '../list/types.js';
import { messageOf, rethrowUnless } from '../../errors/expected.js';

export interface InduceSearchInput {
  form: SearchForm;
  /** Use the build's budgeted fetcher (explore's SiteFetcher or createBudgetedFetcher). */
  fetcher: Fetcher;
  signal?: AbortSignal;
  /** Words to search for, best first (see `probeWords`). */
  probeWords: string[];
  detailTemplate?: UrlTemplate;
  /** The list pages' extraction: its items selector is tried first on results pages. */
  listExtraction?: Extraction;
  wantedFields?: string[];
  /** Most probe queries sent. Default 3. */
  maxProbes?: number;
}

export interface SearchParam {
  /** Parameter name in the endpoint (`query` for the search box). */
  name: string;
  /** The form input it fills. */
  input: string;
  type: 'string';
  required: boolean;
  enum?: string[];
  default?: string;
  description: string;
}

export interface SearchProbe {
  word: string;
  url: string;
  status: number | null;
  records: number;
  /** Records whose text contains the word. */
  matching: number;
  error?: string;
}

export type InducedSearch =
  | {
      ok: true;
      /** The request step's URL and query templates (`{query}` and the optional parameters). */
      request: ListRequest & { query: Record<string, string> };
      params: SearchParam[];
      /** The results list: extraction, fields, counts. Its `request` is the first probe's URL. */
      list: InducedList;
      /** Pagination of the results (the request above still applies), or null. */
      pagination: PaginationStrategy | null;
      probes: SearchProbe[];
      sampleInputs: Record<string, string>;
    }
  | { ok: false; reason: string; probes: SearchProbe[] };

const RESERVED = new Set(['query', 'page', 'offset', 'cursor', 'limit', 'source_url']);

/** Endpoint parameters and query templates for a form. */
export function searchRequest(form: SearchForm): { request: ListRequest & { query: Record<string, string> }; params: SearchParam[] } {
  const query: Record<string, string> = { [form.queryParam]: '{query}' };
  const params: SearchParam[] = [
    { name: 'query', input: form.queryParam, type: 'string', required: true, description: form.label ? `Search words (${form.label}).` : 'Search words.' },
  ];
  const taken = new Set(RESERVED);
  for (const input of form.inputs) {
    if (input.hidden || input.type === 'hidden') {
      if (input.value !== undefined) query[input.name] = input.value.replace(/[{}]/g, '');
      continue;
    }
    const param = paramFor(input, taken);
    if (!param) continue;
    params.push(param);
    query[input.name] = `{${param.name}}`;
  }
  return { request: { url: form.action, query }, params };
}

function paramFor(input: FormInput, taken: Set<string>): SearchParam | null {
  let name = fieldKey(input.name);
  if (taken.has(name)) name = `${name}_filter`;
  if (taken.has(name)) return null;
  taken.add(name);
  const param: SearchParam = { name, input: input.name, type: 'string', required: false, description: input.label ? `${input.label}.` : `Form field "${input.name}".` };
  const options = input.options?.filter((o) => o !== '');
  if (options && options.length > 0 && input.type !== 'checkbox') param.enum = options;
  if (input.type === 'checkbox') param.enum = input.options;
  return param;
}

function probeUrl(form: SearchForm, word: string): string {
  const url = new URL(form.action);
  url.searchParams.set(form.queryParam, word);
  for (const input of form.inputs) if (input.hidden && input.value !== undefined) url.searchParams.set(input.name, input.value);
  return url.href;
}

function countRecords(page: PageInput, word: string, hint?: Extraction): { records: number; matching: number } {
  const ctx = createPageContext(page);
  const needle = fold(word);
  if (hint && hint.kind === 'list') {
    const items = ctx.$(hint.items).toArray();
    if (items.length > 0) {
      const texts = items.map((el) => fold(ctx.$(el).text()));
      return { records: items.length, matching: texts.filter((t) => t.includes(needle)).length };
    }
  }
  const region = findRecordRegions(ctx, { minRecords: 1 })[0];
  if (!region) return { records: 0, matching: 0 };
  return { records: region.records.length, matching: region.records.filter((el) => fold(ctx.text(el)).includes(needle)).length };
}

export async function induceSearch(input: InduceSearchInput): Promise<InducedSearch> {
  const { form, fetcher } = input;
  const probes: SearchProbe[] = [];
  const good: PageInput[] = [];
  for (const word of input.probeWords.slice(0, input.maxProbes ?? 3)) {
    input.signal?.throwIfAborted();
    const url = probeUrl(form, word);
    const probe: SearchProbe = { word, url, status: null, records: 0, matching: 0 };
    probes.push(probe);
    try {
      const res = await fetcher.fetch({ url, signal: input.signal });
      probe.status = res.status;
      if (res.status >= 400) continue;
      const page: PageInput = { url: res.url, contentType: res.contentType, text: res.text };
      Object.assign(probe, countRecords(page, word, input.listExtraction));
      if (probe.matching > 0) good.push(page);
    } catch (err) {
      input.signal?.throwIfAborted();
      rethrowUnless(err, 'fetch');
      probe.error = messageOf(err);
    }
    if (good.length >= 2) break;
  }
  if (good.length === 0) return { ok: false, reason: 'No probe query brought back results mentioning the word searched for.', probes };
  let list: InducedList;
  try {
    const hint = input.listExtraction?.kind === 'list' ? input.listExtraction.items : undefined;
    const minRecords = Math.max(1, Math.min(3, ...probes.filter((p) => p.matching > 0).map((p) => p.records)));
    list = induceList(good, { itemsHint: hint, detailTemplate: input.detailTemplate, wantedFields: input.wantedFields, minRecords, noPagination: true });
  } catch (err) {
    if (err instanceof NoListFound) return { ok: false, reason: err.message, probes };
    throw err;
  }
  const verified = good.every((page) => (evaluateExtraction(list.extraction, page) as unknown[]).length > 0);
  if (!verified) return { ok: false, reason: 'The results extraction does not hold on every probe page.', probes };
  const { request, params } = searchRequest(form);
  const pagination = resultsPagination(good[0], form, request, list.itemCount[0]);
  return {
    ok: true,
    request: pagination?.request ?? request,
    params,
    list,
    pagination: pagination?.strategy ?? null,
    probes,
    sampleInputs: { query: probes.find((p) => p.matching > 0)!.word },
  };
}

/** next_link keeps the form request; a page number in the query joins it as `{page}`. */
function resultsPagination(page: PageInput, form: SearchForm, request: ListRequest & { query: Record<string, string> }, itemCount: number) {
  const induced = inducePagination([page], itemCount);
  if (!induced) return null;
  if (induced.strategy.kind === 'next_link') return { strategy: induced.strategy, request };
  const extra = Object.entries(induced.request.query ?? {}).filter(([k]) => k !== form.queryParam && !(k in request.query));
  if (extra.length !== 1 || new URL(induced.request.url).pathname !== new URL(form.action).pathname) return null;
  return { strategy: induced.strategy, request: { url: request.url, query: { ...request.query, [extra[0][0]]: extra[0][1] } } };
}

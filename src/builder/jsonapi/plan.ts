/**
 * Endpoints that call a site's own JSON API (issue 12, points 3-4): from the calls its pages
 * make, choose the one carrying the task's records, find which of its parameters page, search
 * or select one record, check that it replays without a browser (with page tokens if needed),
 * and plan list / search / detail endpoints whose request maps typed parameters onto the
 * call's query or JSON body (GraphQL variables included) and reads values by JSON paths.
 */
import type { Fetcher } from '../../fetch/types.js';
import type { PageInput } from '../../recipe/extract/index.js';
import { evaluatePath } from '../../recipe/extract/index.js';
import type { EndpointRecipe, Extraction, FieldSpec, JsonSchema, RequestStep, Step } from '../../recipe/types.js';
import type { EndpointPlan } from '../list-endpoints.js';
import { describeFields } from '../naming.js';
import { type ApiCall, recordCount, replay, siteHeaders } from './calls.js';
import { induceJsonList } from './induce.js';
import { jsonPaging } from './pagination.js';
import { findRecordArrays, pathKey } from './records.js';
import { planTokens, type TokenNeed, type TokenPlan } from './tokens.js';
import { fillDeep, fillString } from '../../recipe/template.js';
import { escapeRegExp } from '../../util/regex.js';
import { snakeCase } from '../../util/identifiers.js';
import { isRecord } from '../../util/guards.js';
import { planRecordPageDetail } from './record-page-call.js';
import { bodyWith, callVariables, cursorKey, isObject, nextCursorPath, variablesOf } from './call-vars.js';

/**
 * Nuxt 3 keeps each `useAsyncData` answer under a key of its own in `data`, which often carries
 * the page's parameters (`products-1` on page 1): any key is read there.
 */
function embeddedPath(kind: string, path: string): string {
  return kind === 'nuxt_data' ? path.replace(/^data(?:\.[^.[]+|\["[^"]*"\])/, 'data[*]') : path;
}

/** How endpoint descriptions name a page's embedded data. */
const EMBEDDED_NAMES: Record<string, string> = { nuxt: 'its Nuxt state', nuxt_data: 'its Nuxt payload', rsc: 'its React Server Components data', next_data: 'its Next.js data' };

const PAGE_KEYS = ['page', 'p', 'pg', 'pageNumber', 'page_number', 'pageNo'];
const SEARCH_KEYS = ['q', 'query', 'search', 'keyword', 'keywords', 'term', 'text', 's', 'searchTerm', 'search_term'];

export interface ApiPlanInput {
  calls: ApiCall[];
  fetcher: Fetcher;
  signal: AbortSignal;
  entryUrl: string;
  entryHtml: string;
  names: { list: string; detail: string; search: string };
  noun: string;
  wantedKeys: string[];
  wantKind: (k: 'list' | 'detail' | 'search') => boolean;
  /** URLs named in the site's scripts (detail URL patterns such as `/api/jobs/1`). */
  scriptUrls: string[];
  /** The source of the page's scripts (inline and same-site files), where a search parameter may be named. */
  scriptText?: string;
  /** Names of the query fields of the page's search forms (`q` of `<form role="search">`). */
  searchFields?: string[];
  /** The page's own search, rendered: the JSON calls made after `word` was typed into its search field. */
  renderSearch?: (word: string) => Promise<ApiCall[]>;
  /** The JSON calls a record's own page makes, rendered (a detail by the call it makes). */
  renderCalls?: (url: string) => Promise<ApiCall[]>;
  log: (message: string) => void;
}

/** Where one call's variables live: the URL query, or a JSON body (GraphQL: its `variables`). */
interface Slots {
  page?: { key: string; start: number };
  search?: { key: string };
  /** The key sending the cursor, and the answer's path to the next one. */
  cursor?: { key: string; path: string };
}

type Json = Record<string, unknown>;

function findSlots(call: ApiCall, searchFields: string[] = []): Slots {
  const slots: Slots = {};
  const vars = callVariables(call);
  const keys = [...vars.keys()];
  const page = PAGE_KEYS.find((k) => keys.includes(k));
  // A zero-based page (`page=0`, hosted search) is left as recorded: `{page}` is the caller's 1-based number.
  const recorded = page ? vars.get(page) : undefined;
  if (page && recorded !== 0 && recorded !== '0') slots.page = { key: page, start: Number(recorded ?? 1) || 1 };
  else if (!page && !variablesOf(call) && call.pageKey) slots.page = { key: call.pageKey, start: 1 };
  else if (!page && !variablesOf(call)) {
    // No page number in the URL, but the body counts pages (`total_pages`): the usual `?page=`.
    // Paging keys sit beside the records (`pageProps.totalPages` next to `pageProps.products`).
    const best = findRecordArrays(call.response)[0];
    const parent = best && best.path.includes('.') ? evaluatePath(call.response, best.path.slice(0, best.path.lastIndexOf('.')))[0] : call.response;
    const paging = jsonPaging(call.url, parent ?? call.response, best?.length ?? 0);
    const key = paging?.strategy.kind === 'page_param' ? Object.keys(paging.request.query ?? {})[0] : undefined;
    if (key) slots.page = { key, start: 1 };
  }
  if (!slots.page && !page) {
    // Relay connections (`after` / `pageInfo.endCursor`) and feeds (`cursor` / `next_cursor`).
    const path = nextCursorPath(call.response);
    const key = path ? cursorKey(call) : null;
    if (path && key) slots.cursor = { key, path };
  }
  const search = [...SEARCH_KEYS, ...searchFields].find((k) => keys.includes(k));
  if (search) slots.search = { key: search };
  return slots;
}

/** Whether a script names `key` as a request parameter: `'&q=' + …`, `params.set('q', …)`, `{ q: … }`. */
function scriptNames(scriptText: string, key: string): boolean {
  const k = escapeRegExp(key);
  return new RegExp(`[?&]${k}=|\\.(?:set|append)\\(\\s*["'\`]${k}["'\`]|[{,]\\s*["']?${k}["']?\\s*:`).test(scriptText);
}

/**
 * Keys that may carry the search words, most likely first: the call's own (a search key, or a
 * search form's field name), the page's search form fields (the form's field and the API's
 * parameter often share a name), then search keys the scripts name. Each is tried by a probe.
 */
function searchCandidates(call: ApiCall, input: ApiPlanInput): string[] {
  const keys = [...callVariables(call).keys()];
  const fields = input.searchFields ?? [];
  const script = `${input.scriptText ?? ''}\n${input.scriptUrls.join('\n')}\n${input.entryHtml}`;
  const out = [
    ...keys.filter((k) => SEARCH_KEYS.includes(k) || fields.includes(k)),
    ...fields.filter((k) => /^[\w.-]{1,40}$/.test(k)),
    ...SEARCH_KEYS.filter((k) => scriptNames(script, k)),
  ];
  return [...new Set(out)].slice(0, 5);
}

/** The record array that best matches the wanted fields. */
function scoreCall(call: ApiCall, wanted: string[]): number {
  const best = findRecordArrays(call.response)[0];
  if (!best) return 0;
  const keys = best.keys.map((k) => k.toLowerCase());
  const hits = wanted.filter((w) => keys.some((k) => k === w.toLowerCase() || k.includes(w.toLowerCase()))).length;
  return best.score * (1 + hits);
}

/** The call as a request step with templates: `{page}`, `{query}` and `{cursor}` where the slots are. */
function requestFor(call: ApiCall, slots: Slots, use: { page: boolean; search: boolean; cursor?: boolean }, tokens: TokenPlan | null): RequestStep {
  const step: RequestStep = { type: 'request', url: call.url, expect: call.embedded ? 'html' : 'json' };
  const headers = { ...siteHeaders(call.headers), ...(tokens?.headers ?? {}) };
  delete headers['content-type'];
  const url = new URL(call.url);
  const query: Record<string, string> = {};
  const vars = variablesOf(call);
  if (vars && call.body) {
    const templates: Record<string, string | number> = {};
    if (slots.page) templates[slots.page.key] = use.page ? '{page}' : slots.page.start;
    if (slots.search && use.search) templates[slots.search.key] = '{query}';
    if (slots.cursor && use.cursor) templates[slots.cursor.key] = '{cursor}';
    step.method = 'POST';
    step.json = bodyWith(call, templates);
  } else {
    const slot = (key: string | undefined, on: boolean, template: string) => {
      if (!key) return;
      url.searchParams.delete(key);
      if (on) query[key] = template;
    };
    slot(slots.page?.key, use.page, '{page}');
    slot(slots.search?.key, use.search, '{query}');
    slot(slots.cursor?.key, !!use.cursor, '{cursor}');
  }
  // Tokens read from the page go in the URL whatever carries the variables (a hosted search's key).
  for (const [k, v] of Object.entries(tokens?.query ?? {})) {
    url.searchParams.delete(k);
    query[k] = v;
  }
  step.url = url.href;
  if (Object.keys(query).length) step.query = query;
  if (Object.keys(headers).length) step.headers = headers;
  return step;
}

/**
 * Whether the call replays with the plain fetcher: as recorded (the page's cookies included),
 * then without each site header and long query value (tokens, when it fails without them),
 * then without the cookies (a session the page opens). Answers what the recipe must fetch
 * from the page first, or null when the call does not replay at all.
 */
async function replayNeeds(call: ApiCall, input: ApiPlanInput): Promise<{ needs: TokenNeed[]; shell: boolean } | null> {
  const works = async (c: Pick<ApiCall, 'method' | 'url' | 'body'>, headers: Record<string, string>) => {
    const body = await replay(input.fetcher, c, headers, input.signal);
    return body !== null && recordCount(body) > 0;
  };
  const cookie = Object.entries(call.headers).find(([k]) => k.toLowerCase() === 'cookie')?.[1];
  const headers = siteHeaders(call.headers);
  const withCookie = cookie ? { ...headers, cookie } : headers;
  if (!(await works(call, withCookie))) return null;
  const needs: TokenNeed[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'content-type') continue;
    const without = { ...withCookie };
    delete without[name];
    if (!(await works(call, without))) needs.push({ in: 'header', name, value });
  }
  const url = new URL(call.url);
  for (const [name, value] of url.searchParams) {
    if (value.length < 8 || /^\d+$/.test(value) || PAGE_KEYS.includes(name) || SEARCH_KEYS.includes(name)) continue;
    const stripped = new URL(url.href);
    stripped.searchParams.delete(name);
    if (!(await works({ ...call, url: stripped.href }, withCookie))) needs.push({ in: 'query', name, value });
  }
  const shell = needs.length > 0 || (cookie !== undefined && !(await works(call, headers)));
  return { needs, shell };
}

const pageInput = (url: string, value: unknown): PageInput => ({ url, contentType: 'application/json', text: JSON.stringify(value) });

function pageParam(): JsonSchema {
  return { type: 'integer', minimum: 1, maximum: 10_000, default: 1, description: 'Page number (1 = first).' };
}

/** A word of a record's first text field, to probe search parameters with. */
function probeWord(records: Json[]): string | null {
  for (const r of records.slice(0, 5)) {
    for (const v of Object.values(r)) {
      if (typeof v !== 'string' || /^(?:https?:)?\//.test(v)) continue;
      const word = v.split(/[^\p{L}\p{N}]+/u).find((w) => w.length >= 4 && !/^\d+$/.test(w));
      if (word) return word;
    }
  }
  return null;
}

function recordsOf(call: ApiCall, path: string): Json[] {
  return evaluatePath(call.response, path).flatMap((v) => (Array.isArray(v) ? v : [v])).filter(isRecord);
}

/** Scalar fields of one JSON record (one nested level flattened), read by JSON paths. */
export function objectExtraction(record: Json, wanted: string[]): Extraction {
  const fields: Record<string, FieldSpec> = {};
  for (const [k, v] of Object.entries(record)) {
    if (v === null || v === undefined) continue;
    if (typeof v !== 'object') fields[snake(k)] ??= { sources: [{ json: pathKey('$', k) }] };
    else if (isRecord(v)) {
      for (const [k2, v2] of Object.entries(v)) if (v2 !== null && typeof v2 !== 'object') fields[snake(`${k}_${k2}`)] ??= { sources: [{ json: pathKey(pathKey('$', k), k2) }] };
    } else if (Array.isArray(v) && v.every((x: unknown) => x === null || typeof x !== 'object')) fields[snake(k)] ??= { sources: [{ json: pathKey('$', k) }], many: true };
  }
  // Wanted fields first, in the caller's order.
  const ordered = Object.fromEntries([...wanted.filter((w) => w in fields).map((w) => [w, fields[w]]), ...Object.entries(fields).filter(([k]) => !wanted.includes(k))]);
  return { kind: 'object', fields: ordered };
}

/** A field name from a JSON key (`releaseDate` -> `release_date`). */
const snake = (key: string) => snakeCase(key, { prefix: '' });

function endpoint(name: string, description: string, properties: Record<string, JsonSchema>, required: string[], sample: Record<string, unknown>, steps: Step[]): EndpointRecipe {
  return {
    name,
    method: 'GET',
    description,
    input_params: { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false },
    return_schema: { type: 'object' },
    sample_inputs: sample,
    steps,
  };
}

/** List, search and detail plans over the site's JSON API; empty when no call fits or replays. */
export async function planApiEndpoints(input: ApiPlanInput): Promise<EndpointPlan[]> {
  const ranked = input.calls
    .filter((c) => recordCount(c.response) > 0)
    .map((c) => ({ c, score: scoreCall(c, input.wantedKeys) }))
    .sort((a, b) => b.score - a.score);
  for (const { c: call } of ranked.slice(0, 4)) {
    const replayed = await replayNeeds(call, input);
    if (replayed === null) {
      input.log(`${call.method} ${call.url} does not answer without the browser`);
      continue;
    }
    const { needs } = replayed;
    const tokens = replayed.shell ? planTokens(needs, input.entryUrl, input.entryHtml) : null;
    if (replayed.shell && !tokens) {
      input.log(`${call.method} ${call.url} needs ${needs.map((n) => n.name).join(', ')}, found nowhere in the page`);
      continue;
    }
    if (tokens) input.log(`${call.method} ${call.url} needs the page's session${needs.length ? ` and ${needs.map((n) => n.name).join(', ')}` : ''}, read from the page on each call`);
    return planFromCall(call, tokens, input);
  }
  return [];
}

function listSteps(call: ApiCall, slots: Slots, tokens: TokenPlan | null, extraction: Extraction): Step[] {
  return [requestFor(call, slots, { page: !!slots.page, search: false }, tokens), { type: 'extract', extract: extraction }];
}

/**
 * A cursor API has no page number to ask for: the caller's page N walks the cursors from the
 * first page (`keep_from`), each answer giving the next (`meta.next_cursor` tells where it stopped).
 */
function cursorSteps(call: ApiCall, slots: Slots, cursor: NonNullable<Slots['cursor']>, tokens: TokenPlan | null, extraction: Extraction): Step[] {
  const request = requestFor(call, slots, { page: false, search: false, cursor: true }, tokens);
  return [{ type: 'paginate', strategy: { kind: 'cursor', path: cursor.path, var: 'cursor' }, max_pages: 1, keep_from: '{page}', steps: [request, { type: 'extract', extract: extraction }] }];
}

async function planFromCall(call: ApiCall, tokens: TokenPlan | null, input: ApiPlanInput): Promise<EndpointPlan[]> {
  const slots = findSlots(call, input.searchFields);
  const first = pageInput(call.url, call.response);
  const induced = induceJsonList([first], { url: call.url, wantedFields: input.wantedKeys.length ? input.wantedKeys : undefined });
  const extraction = call.embedded ? { ...induced.extraction, path: embeddedPath(call.embedded, induced.extraction.path), embedded: call.embedded } : induced.extraction;
  const fields = Object.keys(extraction.fields);
  if (fields.length === 0) return [];
  const pre = tokens?.steps ?? [];
  const plans: EndpointPlan[] = [];
  const what = input.noun.replace(/_/g, ' ');
  const via = `${call.method} ${new URL(call.url).pathname}${call.embedded ? `, ${EMBEDDED_NAMES[call.embedded] ?? call.embedded}` : ''}`;
  const source = call.embedded ? 'the data the site\'s page carries' : 'the site\'s JSON API';

  if (input.wantKind('list') || !input.wantKind('search')) {
    const properties: Record<string, JsonSchema> = {};
    const paged = !!(slots.page ?? slots.cursor);
    const steps: Step[] = [...pre, ...(slots.page || !slots.cursor ? listSteps(call, slots, tokens, extraction) : cursorSteps(call, slots, slots.cursor, tokens, extraction))];
    if (paged) properties.page = slots.page ? pageParam() : { ...pageParam(), maximum: 1000 };
    if (slots.cursor && !slots.page) input.log(`${via} pages by a cursor (${slots.cursor.key} from ${slots.cursor.path}): page N walks the cursors to it`);
    plans.push({
      endpoint: endpoint(input.names.list, `List ${what} records from ${source} (${via})${paged ? ', one page per call' : ''}: ${describeFields(fields)}.`, properties, [], paged ? { page: 1 } : {}, steps),
      cases: paged ? [{ params: { page: 1 }, heldOut: false }, { params: { page: 2 }, heldOut: true }] : [{ params: {}, heldOut: false }],
      fields,
      isList: true,
      samplePages: [first],
    });
  }

  const records = recordsOf(call, induced.path);
  const word = probeWord(records);
  if (input.wantKind('search')) {
    const found = word ? await findSearch(call, slots, word, tokens, input) : { why: 'its records have no word to search for' };
    if ('why' in found) input.log(`No search endpoint: ${found.why}`);
    else {
      const same = found.call === call;
      // A search with an API of its own (`/api/search?term=`) reads that API's records.
      const searchExtraction = same ? extraction : induceJsonList([pageInput(found.call.url, found.call.response)], { url: found.call.url, wantedFields: input.wantedKeys.length ? input.wantedKeys : undefined }).extraction;
      const searchFields = Object.keys(searchExtraction.fields);
      const properties: Record<string, JsonSchema> = { query: { type: 'string', minLength: 1, maxLength: 200, description: 'Words to search for.' } };
      if (found.slots.page) properties.page = pageParam();
      const steps: Step[] = [...(same ? pre : []), requestFor(found.call, found.slots, { page: !!found.slots.page, search: true }, same ? tokens : null), { type: 'extract', extract: searchExtraction }];
      const searchVia = `${found.call.method} ${new URL(found.call.url).pathname}, ${found.slots.search!.key}`;
      plans.push({
        endpoint: endpoint(input.names.search, `Search ${what} records by keyword through ${same ? source : 'the site\'s JSON API'} (${searchVia}): ${describeFields(searchFields)}.`, properties, ['query'], { query: word! }, steps),
        cases: [{ params: { query: word! }, heldOut: false }, { params: { query: word!.toLowerCase() }, heldOut: true }],
        fields: searchFields,
        isList: true,
        samplePages: [pageInput(found.call.url, found.call.response)],
      });
    }
  }

  // A page's embedded data has no record route of its own to probe: its detail pages stay HTML.
  if (!call.embedded && (input.wantKind('detail') || input.wantKind('list'))) {
    const detail = (await planDetail(call, records, tokens, input)) ?? (input.wantKind('detail') && input.renderCalls
      ? await planRecordPageDetail({
        records: records.map((r) => (isObject(r.node) ? r.node : r)),
        listHtml: input.entryHtml,
        listUrl: input.entryUrl,
        renderCalls: input.renderCalls,
        fetcher: input.fetcher,
        signal: input.signal,
        tokens,
        name: input.names.detail,
        noun: input.noun,
        wantedKeys: input.wantedKeys,
        log: input.log,
      })
      : null);
    if (detail) plans.push(detail);
  }
  return plans;
}

/**
 * Whether the search slot really filters: the call with a word of a record answers records,
 * every one of them mentioning the word, and fewer than the unfiltered call (when that is known).
 * Calls needing page tokens are trusted to the endpoint test instead.
 */
/** Which call and key carry the search words: the list call's own key, a candidate probed, or the page's rendered search. */
async function findSearch(call: ApiCall, slots: Slots, word: string, tokens: TokenPlan | null, input: ApiPlanInput): Promise<{ call: ApiCall; slots: Slots } | { why: string }> {
  const tried: string[] = [];
  for (const key of searchCandidates(call, input)) {
    const withKey = { ...slots, search: { key } };
    tried.push(key);
    if (await searchFilters(call, withKey, word, tokens, input)) return { call, slots: withKey };
  }
  const triedText = tried.length ? `${call.method} ${new URL(call.url).pathname} did not filter by "${word}" with ${tried.map((k) => `?${k}=`).join(', ')}` : `${call.method} ${new URL(call.url).pathname} has no search parameter and the page's scripts name none`;
  if (!input.renderSearch) return { why: `${triedText}; the page has no search field to try in the browser` };
  const rendered = await input.renderSearch(word);
  for (const c of rendered.filter((r) => recordCount(r.response) > 0)) {
    const key = carrierKey(c, word);
    if (!key) continue;
    const base = sameEndpoint(c, call) ? call : c;
    const withKey = { ...(base === call ? slots : findSlots(c, input.searchFields)), search: { key } };
    input.log(`The page's search for "${word}" called ${c.method} ${new URL(c.url).pathname} with ${key}=`);
    if (await searchFilters(base, withKey, word, base === call ? tokens : null, input)) return { call: base, slots: withKey };
  }
  return { why: `${triedText}; searching "${word}" in the page's own search field made ${rendered.length ? 'no JSON call that filters by it' : 'no JSON call carrying it'}` };
}

const sameEndpoint = (a: ApiCall, b: ApiCall) => a.method === b.method && new URL(a.url).origin + new URL(a.url).pathname === new URL(b.url).origin + new URL(b.url).pathname;

/** The query parameter (or JSON variable) of a call whose value is the searched word. */
function carrierKey(call: ApiCall, word: string): string | null {
  const matches = (v: unknown) => typeof v === 'string' && v.trim().toLowerCase() === word.toLowerCase();
  return [...callVariables(call)].find(([, v]) => matches(v))?.[0] ?? null;
}

async function searchFilters(call: ApiCall, slots: Slots, word: string, tokens: TokenPlan | null, input: ApiPlanInput): Promise<boolean> {
  if (tokens) return true;
  const step = requestFor(call, slots, { page: false, search: true }, null);
  // Filled as the interpreter fills them (`{%query}` in a form string is percent-encoded).
  const scope = { params: { query: word }, vars: {} };
  const url = new URL(step.url);
  for (const [k, v] of Object.entries(step.query ?? {})) url.searchParams.set(k, fillString(v, scope));
  const body = await replay(input.fetcher, { method: call.method, url: url.href, body: step.json !== undefined ? JSON.stringify(fillDeep(step.json, scope)) : null, embedded: call.embedded }, siteHeaders(call.headers), input.signal);
  const found = findRecordArrays(body)[0];
  if (!found) return false;
  const rows = evaluatePath(body, found.path).flatMap((v) => (Array.isArray(v) ? v : [v]));
  const mentions = rows.every((r) => JSON.stringify(r).toLowerCase().includes(word.toLowerCase()));
  // An API that ignores an unknown parameter answers its first page again: not a filter,
  // unless every record of that page mentions the word too.
  const unfiltered = findRecordArrays(call.response)[0];
  const before = unfiltered ? evaluatePath(call.response, unfiltered.path).flatMap((v) => (Array.isArray(v) ? v : [v])) : [];
  const changed = JSON.stringify(rows) !== JSON.stringify(before) || before.every((r) => JSON.stringify(r).toLowerCase().includes(word.toLowerCase()));
  input.log(`search ?${slots.search!.key}= with "${word}": ${rows.length} records${mentions ? ', all mention it' : ''}${changed ? '' : ', the same as without it'}`);
  return rows.length > 0 && mentions && changed;
}

/** `GET <list path>/{id}` (or a script-named pattern) answering one record as a JSON object. */
async function planDetail(call: ApiCall, records: Json[], tokens: TokenPlan | null, input: ApiPlanInput): Promise<EndpointPlan | null> {
  const idKey = ['id', 'slug', 'uuid'].find((k) => records.every((r) => typeof r[k] === 'number' || typeof r[k] === 'string'));
  if (!idKey || records.length < 2) return null;
  const listUrl = new URL(call.url);
  const base = `${listUrl.origin}${listUrl.pathname.replace(/\/+$/, '')}`;
  const candidates = [
    ...input.scriptUrls.filter((u) => u.startsWith(`${base}/`)).map((u) => u.replace(/\/[^/]+$/, '/{id}')),
    `${base}/{id}`,
  ].filter((u, i, all) => all.indexOf(u) === i);
  const [a, b] = records;
  const title = Object.values(a).find((v) => typeof v === 'string' && !/^(?:https?:)?\//.test(v));
  for (const template of candidates.slice(0, 3)) {
    const url = template.replace('{id}', encodeURIComponent(String(a[idKey])));
    const body = await replay(input.fetcher, { method: 'GET', url, body: null }, { ...siteHeaders(call.headers) }, input.signal);
    if (!isRecord(body) || (title !== undefined && !JSON.stringify(body).includes(JSON.stringify(title).slice(1, -1)))) continue;
    const extraction = objectExtraction(body, input.wantedKeys);
    const fields = Object.keys((extraction as { fields: object }).fields);
    const numeric = records.every((r) => typeof r[idKey] === 'number');
    const param = idKey === 'id' ? 'id' : idKey;
    const request: RequestStep = { type: 'request', url: template.replace('{id}', `{${param}}`), expect: 'json' };
    const headers = { ...siteHeaders(call.headers), ...(tokens?.headers ?? {}) };
    delete headers['content-type'];
    if (Object.keys(headers).length) request.headers = headers;
    const properties: Record<string, JsonSchema> = {
      [param]: numeric ? { type: 'integer', minimum: 0, description: `The ${input.noun.replace(/_/g, ' ')}'s ${idKey}.` } : { type: 'string', minLength: 1, maxLength: 200, description: `The ${input.noun.replace(/_/g, ' ')}'s ${idKey}.` },
    };
    return {
      endpoint: endpoint(input.names.detail, `Get one ${input.noun.replace(/_/g, ' ')} by ${idKey} from the site's JSON API: ${describeFields(fields)}.`, properties, [param], { [param]: a[idKey] }, [...(tokens?.steps ?? []), request, { type: 'extract', extract: extraction }]),
      cases: [{ params: { [param]: a[idKey] }, heldOut: false }, { params: { [param]: b[idKey] }, heldOut: true }],
      fields,
      samplePages: [pageInput(url, body)],
    };
  }
  return null;
}

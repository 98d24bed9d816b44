/**
 * "Load more" and infinite scroll under a list the server renders (issue 26): the first records
 * are in the HTML, the next come from an API the page's script calls when the button is pressed
 * or the end of the list scrolls into view. The builder renders the page, presses the button (or
 * scrolls) and keeps the JSON calls carrying records:
 * - a call the API answers from scratch, paged by number, offset or cursor: the list endpoint
 *   calls the API itself, `page` by `page` (jsonapi/plan.ts);
 * - a call whose first cursor only the page hands out (`<button data-cursor="…">`, opaque): the
 *   list endpoint keeps the HTML's records and answers that cursor as `meta.next_cursor`, and a
 *   `list_more_…(cursor)` endpoint continues from it, each answer giving the next cursor.
 */
import * as cheerio from 'cheerio';
import type { Fetcher } from '../../fetch/types.js';
import { renderPage, type BrowserEngine } from '../../fetch/browser/index.js';
import type { Exploration } from '../explore/types.js';
import type { EndpointPlan } from '../list-endpoints.js';
import type { Step } from '../../recipe/types.js';
import { describeFields } from '../naming.js';
import { bodyWith, callVariables, cursorKey, nextCursorPath } from '../jsonapi/call-vars.js';
import { type ApiCall, recordCount, replay, siteHeaders } from '../jsonapi/calls.js';
import { induceJsonList } from '../jsonapi/induce.js';
import { findRecordArrays } from '../jsonapi/records.js';
import { evaluatePath } from '../../recipe/extract/index.js';
import { planApiEndpoints } from '../jsonapi/plan.js';
import { callOf } from './record.js';

/** Words of a control that loads the next records, in the languages the packs cover. */
const LOAD_MORE = /\b(?:load|show|view|see)\s+more\b|\bmore\s+(?:results|items|posts|products)\b|mehr\s+(?:laden|anzeigen)|voir\s+plus|afficher\s+plus|cargar\s+más|ver\s+más|mostra\s+altri|carica\s+altri|meer\s+laden|toon\s+meer|visa\s+fler|näytä\s+lisää/i;
/** Attributes a load-more control keeps its next cursor or page in. */
const NEXT_ATTR = /^data-(?:next-?)?(?:cursor|after|page|offset|next)$/i;

export interface LoadMoreInput {
  exploration: Exploration;
  fetcher: Fetcher;
  signal: AbortSignal;
  noun: string;
  names: { list: string; detail: string; search: string };
  wantedKeys: string[];
  /** The plans read from the HTML; the list plan among them is extended or replaced. */
  plans: EndpointPlan[];
  log: (message: string) => void;
}

interface Control {
  /** A selector for the browser (`#load-more`, `button:has-text("Load more")`); null: scroll only. */
  selector: string | null;
  describe: string;
}

/** The page's load-more control, or a sentinel an observer watches (scrolling loads more). */
export function loadMoreControl(html: string): Control | null {
  const $ = cheerio.load(html);
  $('script, style, noscript, template').remove();
  for (const el of $('button, a, [role=button]').toArray()) {
    const text = $(el).text().replace(/\s+/g, ' ').trim();
    const withAttr = Object.keys(el.attribs ?? {}).some((a) => NEXT_ATTR.test(a));
    if (!(text.length <= 40 && LOAD_MORE.test(text)) && !withAttr) continue;
    const id = $(el).attr('id');
    const selector = id && /^[A-Za-z][\w-]*$/.test(id) ? `#${id}` : `${el.tagName}:has-text(${JSON.stringify(text)})`;
    return { selector, describe: `"${text || selector}"` };
  }
  const sentinel = $('[id*=sentinel i], [class*=sentinel i], [id*=infinite i], [class*=infinite i], [data-infinite-scroll]').first();
  return sentinel.length ? { selector: null, describe: 'an infinite-scroll sentinel' } : null;
}

/** The element and attribute of the page holding `value` (`#load-more` `data-cursor`). */
function attributeHolding(html: string, value: string): { css: string; attr: string } | null {
  const $ = cheerio.load(html);
  for (const el of $('[id], [class], button, a').toArray()) {
    for (const [attr, v] of Object.entries(el.attribs ?? {})) {
      if (v !== value || !/^data-/.test(attr)) continue;
      const id = $(el).attr('id');
      return { css: id && /^[A-Za-z][\w-]*$/.test(id) ? `#${id}` : `[${attr}]`, attr };
    }
  }
  return null;
}

const hasPage = (p: EndpointPlan) => Object.keys(p.endpoint.input_params.properties ?? {}).includes('page');

export async function planLoadMore(engine: BrowserEngine, input: LoadMoreInput): Promise<EndpointPlan[] | null> {
  const { exploration, log } = input;
  const list = input.plans.find((p) => p.isList);
  if (!list || hasPage(list)) return null;
  const control = loadMoreControl(exploration.entry.text);
  if (!control) return null;
  log(`The list continues by ${control.describe}: pressing it in the browser to see which call brings the next records`);
  const rendered = await renderPage(engine, { url: exploration.entry.finalUrl, ...(control.selector ? { loadMore: control.selector, scroll: 2 } : { scroll: 2 }), signal: input.signal });
  const calls = rendered.json.map(callOf).filter((c): c is ApiCall => c !== null && recordCount(c.response) > 0);
  if (calls.length === 0) {
    log('Loading more made no JSON call carrying records: the list stays as the HTML shows it');
    return null;
  }
  const call = calls[0];
  log(`Loading more called ${call.method} ${new URL(call.url).pathname}`);

  // The API answers from scratch (page 1, no cursor): it becomes the list.
  const fromScratch = await planApiEndpoints({
    calls: [call],
    fetcher: input.fetcher,
    signal: input.signal,
    entryUrl: exploration.entry.finalUrl,
    entryHtml: rendered.html,
    names: input.names,
    noun: input.noun,
    wantedKeys: input.wantedKeys,
    wantKind: (k) => k === 'list',
    scriptUrls: [],
    log,
  });
  const apiList = fromScratch.find((p) => p.isList && hasPage(p));
  if (apiList && (await firstPageAnswers(apiList, call, input))) {
    log(`${call.method} ${new URL(call.url).pathname} answers the first page too: the list calls it page by page`);
    return input.plans.map((p) => (p === list ? apiList : p));
  }

  // The first cursor is in the page: keep the HTML's records, continue by cursor.
  const key = cursorKey(call);
  const path = nextCursorPath(call.response);
  const value = key ? callVariables(call).get(key) : undefined;
  const holder = typeof value === 'string' && value ? attributeHolding(exploration.entry.text, value) : null;
  if (!key || !path || !holder || typeof value !== 'string') {
    log(`${call.method} ${new URL(call.url).pathname} pages by nothing the page hands out: the list stays as the HTML shows it`);
    return null;
  }
  return withContinuation(input, list, call, { key, path, value, holder });
}

/**
 * Whether the API list's page 1 answers the records the HTML shows: some record's text is in the
 * page (a "see more reviews" API under a product list is not the list's continuation).
 */
async function firstPageAnswers(plan: EndpointPlan, call: ApiCall, input: LoadMoreInput): Promise<boolean> {
  const request = plan.endpoint.steps.flatMap((s) => (s.type === 'paginate' ? s.steps : [s])).find((s) => s.type === 'request');
  if (!request || request.type !== 'request') return false;
  const url = new URL(request.url);
  for (const [k, v] of Object.entries(request.query ?? {})) if (v === '{page}') url.searchParams.set(k, '1');
  const body = request.json !== undefined ? JSON.stringify(JSON.parse(JSON.stringify(request.json).replace(/"\{cursor\}"/g, 'null').replace(/"\{page\}"/g, '1'))) : null;
  const answer = await replay(input.fetcher, { method: call.method, url: url.href, body }, siteHeaders(call.headers), input.signal);
  const best = findRecordArrays(answer)[0];
  if (!best) return false;
  const rows = evaluatePath(answer, best.path).flatMap((v) => (Array.isArray(v) ? v : [v]));
  const text = input.exploration.entry.text;
  const texts = rows.flatMap((r) => (r && typeof r === 'object' ? Object.values(r as Record<string, unknown>) : [])).flatMap((v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v as Record<string, unknown>) : [v]));
  return texts.some((v) => typeof v === 'string' && v.length >= 6 && /\s/.test(v) && text.includes(v));
}

function withContinuation(
  input: LoadMoreInput,
  list: EndpointPlan,
  call: ApiCall,
  cursor: { key: string; path: string; value: string; holder: { css: string; attr: string } },
): EndpointPlan[] {
  const what = input.noun.replace(/_/g, ' ');
  const moreName = `list_more_${input.names.list.replace(/^list_/, '')}`.slice(0, 64);
  // The HTML list answers the cursor the page hands to its "load more".
  const steps = [...list.endpoint.steps];
  const at = steps.findIndex((s) => s.type === 'request') + 1;
  steps.splice(at, 0, { type: 'extract', into: 'next_cursor', extract: { kind: 'value', field: { sources: [{ css: cursor.holder.css, attr: cursor.holder.attr }] } } });
  steps.push({ type: 'shape', meta: { next_cursor: '{next_cursor}' } });
  const listed: EndpointPlan = {
    ...list,
    endpoint: { ...list.endpoint, description: `${list.endpoint.description.replace(/\.$/, '')}; meta.next_cursor continues with ${moreName}.`, steps },
  };

  const induced = induceJsonList([{ url: call.url, contentType: 'application/json', text: JSON.stringify(call.response) }], { url: call.url, wantedFields: input.wantedKeys.length ? input.wantedKeys : undefined });
  const fields = Object.keys(induced.extraction.fields);
  // The next records are of the same kind: they share the list's fields (by the wanted names).
  const shared = fields.filter((f) => list.fields.includes(f) && !/^(?:url|id|image)$/.test(f));
  if (shared.length < Math.min(2, list.fields.filter((f) => !/^(?:url|id|image)$/.test(f)).length)) {
    input.log(`${call.method} ${new URL(call.url).pathname} answers other records (${describeFields(fields)}) than the list's: the list stays as the HTML shows it`);
    return input.plans;
  }
  const url = new URL(call.url);
  const query: Record<string, string> = {};
  let json: unknown;
  if (call.body && call.method === 'POST') json = bodyWith(call, { [cursor.key]: '{cursor}' });
  else {
    url.searchParams.delete(cursor.key);
    query[cursor.key] = '{cursor}';
  }
  const headers = siteHeaders(call.headers);
  delete headers['content-type'];
  const moreSteps: Step[] = [
    { type: 'request', url: url.href, expect: 'json', ...(Object.keys(query).length ? { query } : {}), ...(json !== undefined ? { method: 'POST' as const, json } : {}), ...(Object.keys(headers).length ? { headers } : {}) },
    { type: 'extract', into: 'next_cursor', extract: { kind: 'value', field: { sources: [{ json: cursor.path }] } } },
    { type: 'extract', extract: induced.extraction },
    { type: 'shape', meta: { next_cursor: '{next_cursor}' } },
  ];
  const next = findRecordArrays(call.response)[0];
  input.log(`${call.method} ${url.pathname} continues the list from the cursor in the page's ${cursor.holder.attr} (${cursor.key}=, next at ${cursor.path})${next ? `, ${next.length} records a call` : ''}`);
  const more: EndpointPlan = {
    endpoint: {
      name: moreName,
      method: 'GET',
      description: `The ${what} records after ${list.endpoint.name}'s, from the site's JSON API (${call.method} ${url.pathname}): pass meta.next_cursor of the previous answer as cursor. ${describeFields(fields)}.`,
      input_params: { type: 'object', properties: { cursor: { type: 'string', minLength: 1, maxLength: 2000, description: `meta.next_cursor of ${list.endpoint.name} or of the previous ${moreName} answer.` } }, required: ['cursor'], additionalProperties: false },
      return_schema: { type: 'object' },
      sample_inputs: { cursor: cursor.value },
      steps: moreSteps,
    },
    cases: [{ params: { cursor: cursor.value }, heldOut: false }],
    fields,
    isList: true,
    samplePages: [{ url: call.url, contentType: 'application/json', text: JSON.stringify(call.response) }],
  };
  return input.plans.flatMap((p) => (p === list ? [listed, more] : [p]));
}

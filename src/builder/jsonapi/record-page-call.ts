/**
 * A detail endpoint from the call a record's own page makes (issue 26): a storefront whose
 * product page fetches `GET /graphql?operationName=…&variables={"handle":"…"}&extensions=
 * {"persistedQuery":{"sha256Hash":"…"}}` (Apollo automatic persisted queries), or a POST with
 * the record's key in its variables. The builder renders one record's page (a link of the list
 * page whose path holds the record's handle, slug or id), keeps the JSON call whose variables
 * carry that key and whose answer names the record, checks it answers another record too, and
 * plans `get_x(handle)` replaying that call with the key as a parameter: no browser at run time.
 */
import * as cheerio from 'cheerio';
import type { Fetcher } from '../../fetch/types.js';
import type { JsonSchema, RequestStep, Step } from '../../recipe/types.js';
import type { EndpointPlan } from '../list-endpoints.js';
import { describeFields } from '../naming.js';
import { rethrowUnless } from '../../errors/expected.js';
import { type ApiCall, replay, siteHeaders } from './calls.js';
import { bodyJson, bodyWith, isObject } from './call-vars.js';
import { induceJsonList } from './induce.js';
import { pathKey } from './records.js';
import type { TokenPlan } from './tokens.js';

type Json = Record<string, unknown>;

export interface RecordPageInput {
  /** The list's records (Relay edges unwrapped to their node). */
  records: Json[];
  /** The rendered list page, whose links lead to the records' pages. */
  listHtml: string;
  listUrl: string;
  /** The JSON calls a record's page makes, rendered. */
  renderCalls: (url: string) => Promise<ApiCall[]>;
  fetcher: Fetcher;
  signal: AbortSignal;
  /** The list call's page tokens (a storefront token the record's page sends too). */
  tokens: TokenPlan | null;
  name: string;
  noun: string;
  wantedKeys: string[];
  log: (message: string) => void;
}

const KEYS = ['handle', 'slug', 'id', 'uuid', 'sku', 'code'];
/** A key value safe to write inside a JSON string template: the parameter's pattern enforces it. */
const SAFE = /^[\w.~:-]{1,200}$/;

/** A GET call's JSON-valued query parameter holding variables (`variables={"handle":"…"}`). */
function jsonQueryVars(call: ApiCall): { param: string; vars: Json } | null {
  const url = new URL(call.url);
  for (const [param, value] of url.searchParams) {
    if (!/^\{/.test(value)) continue;
    try {
      const parsed = JSON.parse(value) as unknown;
      if (isObject(parsed) && param !== 'extensions') return { param, vars: parsed };
    } catch (err) {
      rethrowUnless(err, 'json');
    }
  }
  return null;
}

/** The variable of the call whose value is `value`: in the URL query, JSON query variables or the JSON body. */
function keyOf(call: ApiCall, value: string): { where: 'query' | 'json-query' | 'body'; key: string; param?: string } | null {
  const url = new URL(call.url);
  for (const [k, v] of url.searchParams) if (v === value) return { where: 'query', key: k };
  const q = jsonQueryVars(call);
  const inQ = q && Object.entries(q.vars).find(([, v]) => String(v) === value);
  if (q && inQ) return { where: 'json-query', key: inQ[0], param: q.param };
  const body = bodyJson(call);
  const vars = body && (isObject(body.variables) ? body.variables : body);
  const inBody = vars && Object.entries(vars).find(([, v]) => String(v) === value);
  return inBody ? { where: 'body', key: inBody[0] } : null;
}

/** Path of the object in `value` holding a string equal to `text` (the record), `$` for the root. */
function objectPathHolding(value: unknown, text: string, path = '$', depth = 0): string | null {
  if (!isObject(value) || depth > 5) return null;
  if (Object.values(value).some((v) => v === text)) return path;
  for (const [k, v] of Object.entries(value)) {
    const found = objectPathHolding(v, text, pathKey(path, k), depth + 1);
    if (found) return found;
  }
  return null;
}

export async function planRecordPageDetail(input: RecordPageInput): Promise<EndpointPlan | null> {
  const [a, b] = input.records;
  if (!a || !b) return null;
  const $ = cheerio.load(input.listHtml);
  const hrefs = $('a[href]').toArray().map((el) => $(el).attr('href')!);
  for (const idKey of KEYS.filter((k) => input.records.every((r) => (typeof r[k] === 'string' || typeof r[k] === 'number') && SAFE.test(String(r[k]))))) {
    const value = String(a[idKey]);
    const href = hrefs.find((h) => new URL(h, input.listUrl).pathname.split('/').includes(encodeURIComponent(value)));
    if (!href) continue;
    const pageUrl = new URL(href, input.listUrl).href;
    const title = Object.values(a).find((v): v is string => typeof v === 'string' && v !== value && !/^(?:https?:)?\//.test(v) && /\s/.test(v));
    input.log(`Rendering ${pageUrl} to see which call draws one ${input.noun.replace(/_/g, ' ')}`);
    const calls = await input.renderCalls(pageUrl);
    for (const call of calls) {
      const slot = keyOf(call, value);
      const path = title ? objectPathHolding(call.response, title) : null;
      if (!slot || !path) continue;
      const plan = await planFrom(call, slot, path, { idKey, a, b, title: title! }, input);
      if (plan) return plan;
    }
  }
  return null;
}

async function planFrom(
  call: ApiCall,
  slot: NonNullable<ReturnType<typeof keyOf>>,
  path: string,
  rec: { idKey: string; a: Json; b: Json; title: string },
  input: RecordPageInput,
): Promise<EndpointPlan | null> {
  const param = rec.idKey;
  const template = `{${param}}`;
  const url = new URL(call.url);
  const step: RequestStep = { type: 'request', url: call.url, expect: 'json' };
  const query: Record<string, string> = {};
  if (slot.where === 'query') {
    url.searchParams.delete(slot.key);
    query[slot.key] = template;
  } else if (slot.where === 'json-query') {
    const vars = { ...jsonQueryVars(call)!.vars, [slot.key]: '\u0000' };
    // The parameter's pattern keeps quotes and backslashes out, so it can sit inside the JSON text.
    const numeric = typeof rec.a[rec.idKey] === 'number';
    url.searchParams.delete(slot.param!);
    query[slot.param!] = JSON.stringify(vars).replace(numeric ? '"\\u0000"' : '\\u0000', template);
    // The other parameters (operationName, extensions with the persisted query's hash) stay as sent, after it.
    for (const [k, v] of new URL(call.url).searchParams) {
      if (k === slot.param) continue;
      url.searchParams.delete(k);
      query[k] = v;
    }
  } else {
    step.method = 'POST';
    step.json = bodyWith(call, { [slot.key]: template });
  }
  step.url = url.href;
  if (Object.keys(query).length) step.query = query;
  const headers: Record<string, string> = { ...siteHeaders(call.headers) };
  delete headers['content-type'];
  const tokens = input.tokens && Object.entries(input.tokens.headers).length ? input.tokens : null;
  for (const [h, t] of Object.entries(tokens?.headers ?? {})) if (h in headers) headers[h] = t;
  if (Object.keys(headers).length) step.headers = headers;

  // It answers another record, asked for by its key, without the browser.
  const other = String(rec.b[rec.idKey]);
  const otherTitle = Object.values(rec.b).find((v): v is string => typeof v === 'string' && v !== other && /\s/.test(v));
  const fill = (s: string) => s.split(template).join(other);
  const probe = new URL(step.url);
  for (const [k, v] of Object.entries(query)) probe.searchParams.set(k, fill(v));
  const answer = await replay(input.fetcher, { method: call.method, url: probe.href, body: step.json !== undefined ? fill(JSON.stringify(step.json)) : null }, siteHeaders(call.headers), input.signal);
  if (!answer || (otherTitle && !JSON.stringify(answer).includes(JSON.stringify(otherTitle).slice(1, -1)))) {
    input.log(`${call.method} ${url.pathname} with another ${rec.idKey} did not answer that record`);
    return null;
  }
  const induced = induceJsonList([{ url: call.url, contentType: 'application/json', text: JSON.stringify(call.response) }], { path, wantedFields: input.wantedKeys.length ? input.wantedKeys : undefined });
  const fields = Object.keys(induced.extraction.fields);
  const numeric = typeof rec.a[rec.idKey] === 'number';
  const what = input.noun.replace(/_/g, ' ');
  const properties: Record<string, JsonSchema> = {
    [param]: numeric ? { type: 'integer', minimum: 0, description: `The ${what}'s ${rec.idKey}.` } : { type: 'string', pattern: SAFE.source, description: `The ${what}'s ${rec.idKey} (as in its page's URL).` },
  };
  const steps: Step[] = [...(tokens?.steps ?? []), step, { type: 'extract', extract: induced.extraction }, { type: 'shape', first: true, not_found_if_empty: true }];
  const kind = slot.where === 'json-query' && /persistedQuery/.test(call.url) ? 'a persisted GraphQL query' : `${call.method} ${url.pathname}`;
  input.log(`One ${what}'s page calls ${kind} with ${slot.key}=: get by ${rec.idKey} replays it`);
  return {
    endpoint: {
      name: input.name,
      method: 'GET',
      description: `Get one ${what} by ${rec.idKey} from the site's JSON API (${kind}): ${describeFields(fields)}.`,
      input_params: { type: 'object', properties, required: [param], additionalProperties: false },
      return_schema: { type: 'object' },
      sample_inputs: { [param]: rec.a[rec.idKey] },
      steps,
    },
    cases: [{ params: { [param]: rec.a[rec.idKey] }, heldOut: false }, { params: { [param]: rec.b[rec.idKey] }, heldOut: true }],
    fields,
    samplePages: [{ url: call.url, contentType: 'application/json', text: JSON.stringify(call.response) }],
  };
}

/**
 * From raw intents (the clause's words) to intents (the recipe's names). A name the recipe does
 * not have is a misunderstanding the caller hears about at once, before anything is queued,
 * except where the clause asks for something new ("the publisher is missing" names a field the
 * API does not return yet: that is a request to add it).
 */
import type { Recipe } from '../../recipe/types.js';
import { splitFieldList } from '../task-intent.js';
import { snake } from '../naming.js';
import { answersList, endpointKind, fieldKeys, recordNoun } from './anatomy.js';
import { matchEndpoints, matchFields, matchParams, meansAll, norm, paramRole } from './match.js';
import type { Intent, IntentBody, Misunderstanding, RawIntent } from './types.js';

export type Resolution = { ok: true; intents: Intent[] } | { ok: false; problem: Misunderstanding };

const ENDPOINT_NAME = /^[a-z][a-z0-9_]{0,63}$/;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const PAGINATION = /^(pagination|paging|page_\d+|next_page|more_pages|other_pages|the_next_page|pages|later_pages|second_page)$/;

const fieldName = (text: string) => norm(text).slice(0, 64);

function fail(clause: string, reason: string): Resolution {
  return { ok: false, problem: { clause, reason } };
}

function ok(clause: string, ...bodies: IntentBody[]): Resolution {
  return { ok: true, intents: bodies.map((b) => ({ ...b, clause })) };
}

function endpointList(recipe: Recipe): string {
  return recipe.endpoints.map((e) => e.name).join(', ');
}

/** The endpoints a clause scopes itself to ("... in get_book"), or all of them. */
function scope(recipe: Recipe, endpoint: string | undefined): string[] | { error: string } {
  if (!endpoint) return [];
  const hits = matchEndpoints(endpoint, recipe);
  return hits.length ? hits : { error: `This API has no endpoint "${endpoint}" (it has ${endpointList(recipe)}).` };
}

function parseValue(text: string): unknown {
  if (/^-?\d+$/.test(text)) return Number(text);
  if (/^-?\d*\.\d+$/.test(text)) return Number(text);
  if (/^(true|yes)$/i.test(text)) return true;
  if (/^(false|no)$/i.test(text)) return false;
  return text;
}

function resolveRename(raw: Extract<RawIntent, { op: 'rename' }>, recipe: Recipe, clause: string): Resolution {
  const tryEndpoint = !raw.target || raw.target === 'endpoint';
  const endpoints = tryEndpoint ? matchEndpoints(raw.from, recipe, { exactOnly: raw.target !== 'endpoint' }) : [];
  if (endpoints.length === 1) {
    const to = snake(raw.to);
    if (!ENDPOINT_NAME.test(to)) return fail(clause, `"${raw.to}" cannot be an endpoint name (lowercase letters, digits and _).`);
    if (recipe.endpoints.some((e) => e.name === to)) return fail(clause, `This API already has an endpoint named ${to}.`);
    return ok(clause, { op: 'rename_endpoint', endpoint: endpoints[0], to });
  }
  if (endpoints.length > 1) return fail(clause, `"${raw.from}" names several endpoints (${endpoints.join(', ')}); say which one.`);
  if (!raw.target || raw.target === 'field') {
    const fields = matchFields(raw.from, recipe);
    if (fields.length) {
      const to = fieldName(raw.to);
      if (!FIELD_NAME.test(to)) return fail(clause, `"${raw.to}" cannot be a field name.`);
      return ok(clause, { op: 'rename_field', field: fields[0].field, to, endpoints: [...new Set(fields.map((f) => f.endpoint))] });
    }
  }
  if (!raw.target || raw.target === 'param') {
    const params = matchParams(raw.from, recipe);
    if (params.length) {
      const to = fieldName(raw.to);
      if (!FIELD_NAME.test(to)) return fail(clause, `"${raw.to}" cannot be a parameter name.`);
      return ok(clause, { op: 'rename_param', param: params[0].param, to, endpoints: [...new Set(params.map((p) => p.endpoint))] });
    }
  }
  return fail(clause, `This API has no ${raw.target ?? 'endpoint, field or parameter'} named "${raw.from}".`);
}

function resolveParamValue(raw: Extract<RawIntent, { op: 'param_default' | 'param_maximum' }>, recipe: Recipe, clause: string): Resolution {
  const within = scope(recipe, raw.endpoint);
  if ('error' in within) return fail(clause, within.error);
  const params = matchParams(raw.param, recipe, within);
  const value = parseValue(raw.value);
  if (params.length === 0) {
    // "make page_size default to 10" on an API without page_size: add it.
    if (raw.op === 'param_default' && typeof value === 'number' && paramRole(raw.param)) {
      return resolveAddParam({ op: 'add_param', param: raw.param, value: raw.value, endpoint: raw.endpoint }, recipe, clause);
    }
    return fail(clause, `This API has no parameter named "${raw.param}".`);
  }
  const endpoints = [...new Set(params.map((p) => p.endpoint))];
  if (raw.op === 'param_maximum') {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) return fail(clause, `A maximum must be a whole number of 1 or more.`);
    return ok(clause, { op: 'set_param_maximum', param: params[0].param, value, endpoints });
  }
  return ok(clause, { op: 'set_param_default', param: params[0].param, value, endpoints });
}

function resolveAddParam(raw: Extract<RawIntent, { op: 'add_param' }>, recipe: Recipe, clause: string): Resolution {
  const role = paramRole(raw.param);
  if (!role) {
    return fail(
      clause,
      `Quarry can add a limit-style parameter (limit, page_size, per_page, max_results...) or a page parameter; "${raw.param}" is neither. A filter parameter needs the site's own filter: describe the data you want in a new build instead.`,
    );
  }
  const within = scope(recipe, raw.endpoint);
  if ('error' in within) return fail(clause, within.error);
  const lists = recipe.endpoints.filter((e) => (within.length === 0 || within.includes(e.name)) && answersList(e));
  if (lists.length === 0) return fail(clause, `A ${raw.param} parameter applies to endpoints that answer lists; ${within.length ? within.join(', ') : 'this API'} answers single records.`);
  const name = norm(raw.param) === 'how_many' ? 'limit' : fieldName(raw.param.replace(/^number of /i, '')).replace(/^page_size$|^pagesize$/, 'page_size');
  const value = raw.value !== undefined ? parseValue(raw.value) : undefined;
  if (value !== undefined && (typeof value !== 'number' || !Number.isInteger(value) || value < 1)) {
    return fail(clause, `The default of ${name} must be a whole number of 1 or more.`);
  }
  return ok(clause, { op: 'add_param', param: name, role, value: value as number | undefined, endpoints: lists.map((e) => e.name) });
}

function resolveRetype(raw: Extract<RawIntent, { op: 'retype' }>, recipe: Recipe, clause: string): Resolution {
  const within = scope(recipe, raw.endpoint);
  if ('error' in within) return fail(clause, within.error);
  const fields = matchFields(raw.field, recipe, within);
  if (fields.length === 0) return fail(clause, `This API returns no field named "${raw.field}".`);
  return ok(clause, { op: 'retype_field', field: fields[0].field, type: raw.type, endpoints: [...new Set(fields.map((f) => f.endpoint))] });
}

function resolveDescribe(raw: Extract<RawIntent, { op: 'describe' }>, recipe: Recipe, clause: string): Resolution {
  const description = raw.description.slice(0, 1000);
  if (!raw.target || raw.target === 'endpoint') {
    const eps = matchEndpoints(raw.name, recipe, { exactOnly: !raw.target });
    if (eps.length === 1) return ok(clause, { op: 'describe_endpoint', endpoint: eps[0], description });
    if (eps.length > 1) return fail(clause, `"${raw.name}" names several endpoints (${eps.join(', ')}); say which one.`);
  }
  if (!raw.target || raw.target === 'field') {
    const fields = matchFields(raw.name, recipe);
    if (fields.length) return ok(clause, { op: 'describe_field', field: fields[0].field, description, endpoints: [...new Set(fields.map((f) => f.endpoint))] });
  }
  if (!raw.target || raw.target === 'param') {
    const params = matchParams(raw.name, recipe);
    if (params.length) return ok(clause, { op: 'describe_param', param: params[0].param, description, endpoints: [...new Set(params.map((p) => p.endpoint))] });
  }
  return fail(clause, `This API has no ${raw.target ?? 'endpoint, field or parameter'} named "${raw.name}".`);
}

function resolveRemove(raw: Extract<RawIntent, { op: 'remove' }>, recipe: Recipe, clause: string): Resolution {
  const within = scope(recipe, raw.endpoint);
  if ('error' in within) return fail(clause, within.error);
  const bodies: IntentBody[] = [];
  const fields: Array<{ field: string; endpoints: string[] }> = [];
  for (const name of raw.names.flatMap((n) => splitFieldList(n))) {
    if (raw.target !== 'field') {
      const eps = matchEndpoints(name, recipe, { exactOnly: raw.target !== 'endpoint' });
      if (eps.length) {
        for (const endpoint of eps) bodies.push({ op: 'remove_endpoint', endpoint });
        continue;
      }
    }
    const hits = matchFields(name, recipe, within);
    if (hits.length === 0) return fail(clause, `This API has no ${raw.target ?? 'endpoint or field'} named "${name}".`);
    fields.push({ field: hits[0].field, endpoints: [...new Set(hits.map((h) => h.endpoint))] });
  }
  for (const f of fields) bodies.push({ op: 'remove_fields', fields: [f.field], endpoints: f.endpoints });
  const removed = new Set(bodies.filter((b) => b.op === 'remove_endpoint').map((b) => (b as { endpoint: string }).endpoint));
  if (removed.size >= recipe.endpoints.length) return fail(clause, 'An API keeps at least one endpoint; removing them all would leave nothing to call.');
  return bodies.length ? ok(clause, ...bodies) : fail(clause, 'Nothing to remove was named.');
}

function resolveAddEndpoint(raw: Extract<RawIntent, { op: 'add_endpoint' }>, recipe: Recipe, clause: string): Resolution {
  const own = recordNoun(recipe);
  const noun = raw.noun ? singular(snake(raw.noun)) : null;
  // The planners read the record pages the API is about; other records need their own build.
  if (noun && own && own !== 'item' && noun !== own) {
    return fail(clause, `This API is about ${own} records; an endpoint over ${raw.noun} needs a new build whose task names them.`);
  }
  const existing = recipe.endpoints.filter((e) => endpointKind(e) === raw.kind).map((e) => e.name);
  if (existing.length) return fail(clause, `This API already has a ${raw.kind} endpoint (${existing.join(', ')}).`);
  return ok(clause, { op: 'add_endpoint', kind: raw.kind, noun });
}

const singular = (w: string) => w.replace(/ies$/, 'y').replace(/(ss|x|ch|sh)es$/, '$1').replace(/([^s])s$/, '$1');

function resolveAddFields(raw: Extract<RawIntent, { op: 'add_fields' }>, recipe: Recipe, clause: string): Resolution {
  const within = scope(recipe, raw.endpoint);
  if ('error' in within) return fail(clause, within.error);
  const names = raw.fields.flatMap((f) => splitFieldList(f));
  if (names.length === 0) return fail(clause, 'No field was named.');
  const fresh: string[] = [];
  const present: string[] = [];
  const targets = within.length ? within : recipe.endpoints.map((e) => e.name);
  for (const name of names) {
    const hits = matchFields(name, recipe, within);
    // The recipe's own key when some endpoint already has the field ("ISBN" -> isbn13).
    const key = hits[0]?.field ?? fieldName(name);
    if (targets.every((ep) => hits.some((h) => h.endpoint === ep))) present.push(key);
    else fresh.push(key);
  }
  const bad = fresh.find((f) => !FIELD_NAME.test(f));
  if (bad !== undefined) return fail(clause, `"${bad}" cannot be a field name.`);
  const bodies: IntentBody[] = [];
  if (fresh.length) bodies.push({ op: 'add_fields', fields: fresh, endpoints: within });
  // Asking again for a field the API already returns: make sure it really comes back.
  if (present.length) bodies.push({ op: 'fix', endpoints: within, fields: present, symptom: 'asked for again' });
  return ok(clause, ...bodies);
}

function resolveFix(raw: Extract<RawIntent, { op: 'fix' }>, recipe: Recipe, clause: string): Resolution {
  const subject = raw.subject ?? '';
  if (meansAll(subject)) return ok(clause, { op: 'fix', endpoints: [], fields: [], symptom: raw.symptom });
  if (PAGINATION.test(norm(subject))) {
    const lists = recipe.endpoints.filter((e) => answersList(e) && endpointKind(e) === 'list').map((e) => e.name);
    if (lists.length === 0) return fail(clause, 'This API has no paginated list endpoint.');
    return ok(clause, { op: 'fix', endpoints: lists, fields: [], symptom: raw.symptom, pagination: true });
  }
  const endpoints = matchEndpoints(subject.replace(/\s+(?:results?|endpoint|calls?)$/i, ''), recipe);
  if (endpoints.length) return ok(clause, { op: 'fix', endpoints, fields: [], symptom: raw.symptom });
  const names = splitFieldList(subject);
  const known: string[] = [];
  const unknown: string[] = [];
  const eps = new Set<string>();
  for (const name of names) {
    const hits = matchFields(name, recipe);
    if (hits.length) {
      known.push(hits[0].field);
      for (const h of hits) eps.add(h.endpoint);
    } else unknown.push(name);
  }
  const bodies: IntentBody[] = [];
  if (known.length) bodies.push({ op: 'fix', endpoints: [...eps], fields: [...new Set(known)], symptom: raw.symptom });
  if (unknown.length) {
    // "the publisher is missing" about a field the API never returned: add it.
    if (!/missing|empty|blank|null|nothing|no (?:values?|data)/i.test(raw.symptom)) {
      return fail(clause, `"${unknown.join(', ')}" is neither an endpoint nor a field of this API (endpoints: ${endpointList(recipe)}).`);
    }
    const fresh = unknown.map(fieldName);
    const bad = fresh.find((f) => !FIELD_NAME.test(f));
    if (bad !== undefined) return fail(clause, `"${bad}" cannot be a field name.`);
    bodies.push({ op: 'add_fields', fields: fresh, endpoints: [] });
  }
  return ok(clause, ...bodies);
}

export function resolveIntent(raw: RawIntent, recipe: Recipe, clause: string): Resolution {
  switch (raw.op) {
    case 'rename':
      return resolveRename(raw, recipe, clause);
    case 'param_default':
    case 'param_maximum':
      return resolveParamValue(raw, recipe, clause);
    case 'add_param':
      return resolveAddParam(raw, recipe, clause);
    case 'retype':
      return resolveRetype(raw, recipe, clause);
    case 'describe':
      return resolveDescribe(raw, recipe, clause);
    case 'remove':
      return resolveRemove(raw, recipe, clause);
    case 'add_endpoint':
      return resolveAddEndpoint(raw, recipe, clause);
    case 'add_fields':
      return resolveAddFields(raw, recipe, clause);
    case 'fix':
      return resolveFix(raw, recipe, clause);
  }
}

/** Output keys of every endpoint, for messages. */
export function describeRecipe(recipe: Recipe): string {
  return recipe.endpoints.map((e) => `${e.name}(${fieldKeys(e).join(', ')})`).join('; ');
}

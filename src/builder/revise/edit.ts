/**
 * Pure edits of a recipe, the ground the modify operations stand on: renaming fields and
 * parameters everywhere they are written (extractions, templates, schemas, sample inputs),
 * removing fields, inserting a shape step. Each returns a problem string when the edit cannot be
 * made safely; none fetches anything (operations verify by running the endpoints afterwards).
 */
import type { EndpointRecipe, JsonSchema, Recipe, ShapeStep, Step } from '../../recipe/types.js';
import { walkSteps } from '../../recipe/index.js';
import { fieldsOf, followSteps, mainExtract, outputExtracts, paramNames, recordSchemaOf } from './anatomy.js';
import { escapeRegExp } from '../../util/regex.js';

export const clone = <T>(value: T): T => structuredClone(value);

/** Rename an object key keeping the key order (people read schemas and answers in that order). */
function renameKey<T>(obj: Record<string, T>, from: string, to: string): Record<string, T> {
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k === from ? to : k, v]));
}

/** Apply `fn` to every string in a JSON value (templates live in strings). */
function mapStrings(value: unknown, fn: (s: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, fn));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, mapStrings(v, fn)]));
  }
  return value;
}

/** `{old}`, `{+old}`, `{old.x}` -> the same with `to`. */
function renameTemplateRoot(text: string, from: string, to: string): string {
  return text.replace(new RegExp(`\\{(\\+?)${escapeRegExp(from)}(?=[.}])`, 'g'), `{$1${to}`);
}

/** `{item.old}` -> `{item.to}` (a follow step reading the renamed field of its record). */
function renameTemplatePath(text: string, root: string, from: string, to: string): string {
  return text.replace(new RegExp(`\\{(\\+?)${escapeRegExp(root)}\\.${escapeRegExp(from)}(?=[.}])`, 'g'), (_m, plus: string) => `{${plus}${root}.${to}`);
}

/** Vars any step defines (a new parameter name must not clash with them). */
export function definedVars(ep: EndpointRecipe): Set<string> {
  const vars = new Set<string>(['source_url']);
  walkSteps(ep.steps, '', (step) => {
    if (step.type === 'set') for (const k of Object.keys(step.vars)) vars.add(k);
    if (step.type === 'request' && step.as) vars.add(step.as);
    if (step.type === 'extract' && step.into && step.into !== 'data') vars.add(step.into);
    if (step.type === 'follow') vars.add(step.as ?? 'item');
    if (step.type === 'paginate') {
      const s = step.strategy;
      if (s.kind === 'page_param') vars.add(s.var ?? 'page');
      if (s.kind === 'offset') vars.add(s.var ?? 'offset');
      if (s.kind === 'cursor') vars.add(s.var ?? 'cursor');
    }
  });
  return vars;
}

export function renameField(ep: EndpointRecipe, from: string, to: string): string | null {
  const extracts = outputExtracts(ep).filter((s) => from in fieldsOf(s));
  if (extracts.length === 0) return `${ep.name} returns no field ${from}`;
  if (outputExtracts(ep).some((s) => to in fieldsOf(s))) return `${ep.name} already returns a field named ${to}`;
  for (const s of extracts) {
    if (s.extract.kind === 'value') continue;
    s.extract.fields = renameKey(s.extract.fields, from, to);
  }
  // Follow steps read the record's fields by name ({+item.url}).
  for (const f of followSteps(ep)) {
    const root = f.as ?? 'item';
    f.steps = mapStrings(f.steps, (t) => renameTemplatePath(t, root, from, to)) as Step[];
  }
  const record = recordSchemaOf(ep);
  if (record?.properties) {
    record.properties = renameKey(record.properties as Record<string, JsonSchema>, from, to);
    if (Array.isArray(record.required)) record.required = (record.required as string[]).map((k) => (k === from ? to : k));
  }
  return null;
}

export function renameParam(ep: EndpointRecipe, from: string, to: string): string | null {
  const props = ep.input_params.properties as Record<string, JsonSchema> | undefined;
  if (!props || !(from in props)) return `${ep.name} has no parameter ${from}`;
  if (to in props) return `${ep.name} already has a parameter named ${to}`;
  if (definedVars(ep).has(to)) return `${to} is a name ${ep.name} already uses internally`;
  ep.input_params.properties = renameKey(props, from, to);
  if (Array.isArray(ep.input_params.required)) {
    ep.input_params.required = (ep.input_params.required as string[]).map((k) => (k === from ? to : k));
  }
  ep.sample_inputs = renameKey(ep.sample_inputs, from, to);
  ep.steps = mapStrings(ep.steps, (t) => renameTemplateRoot(t, from, to)) as Step[];
  return null;
}

/** Fields a template of the endpoint reads from its records (they cannot be removed). */
function fieldsReadByTemplates(ep: EndpointRecipe): Set<string> {
  const used = new Set<string>();
  for (const f of followSteps(ep)) {
    const root = f.as ?? 'item';
    mapStrings(f.steps, (t) => {
      for (const m of t.matchAll(new RegExp(`\\{\\+?${escapeRegExp(root)}\\.([A-Za-z0-9_]+)`, 'g'))) used.add(m[1]);
      return t;
    });
  }
  return used;
}

export function removeField(ep: EndpointRecipe, field: string): string | null {
  if (fieldsReadByTemplates(ep).has(field)) {
    return `${ep.name} needs ${field} to reach each record's own page, so it cannot be removed`;
  }
  const extracts = outputExtracts(ep).filter((s) => field in fieldsOf(s));
  if (extracts.length === 0) return `${ep.name} returns no field ${field}`;
  for (const s of extracts) {
    if (s.extract.kind !== 'value') delete s.extract.fields[field];
  }
  // A follow step left with nothing to read is dropped (it would fetch pages for nothing).
  ep.steps = ep.steps.filter((s) => s.type !== 'follow' || s.steps.some((x) => x.type === 'extract' && Object.keys(fieldsOf(x)).length > 0));
  const main = mainExtract(ep);
  if (!main || Object.keys(fieldsOf(main)).length === 0) return `${ep.name} would return no field at all`;
  const record = recordSchemaOf(ep);
  if (record?.properties) {
    delete (record.properties as Record<string, JsonSchema>)[field];
    if (Array.isArray(record.required)) record.required = (record.required as string[]).filter((k) => k !== field);
  }
  return null;
}

export function renameEndpoint(recipe: Recipe, from: string, to: string): string | null {
  const ep = recipe.endpoints.find((e) => e.name === from);
  if (!ep) return `no endpoint ${from}`;
  if (recipe.endpoints.some((e) => e.name === to)) return `an endpoint named ${to} already exists`;
  ep.name = to;
  for (const e of recipe.endpoints) if (e.depends_on_session === from) e.depends_on_session = to;
  return null;
}

export function removeEndpoint(recipe: Recipe, name: string): string | null {
  if (recipe.endpoints.some((e) => e.depends_on_session === name)) return `other endpoints need ${name}'s session`;
  if (recipe.endpoints.length <= 1) return 'an API keeps at least one endpoint';
  recipe.endpoints = recipe.endpoints.filter((e) => e.name !== name);
  return null;
}

/**
 * Limit the records of a list endpoint with a parameter: the top-level shape step takes
 * `limit: "{param}"`, or a new one is inserted right after the records are read (before any
 * follow step, so records beyond the limit are never followed).
 */
export function limitWithParam(ep: EndpointRecipe, param: string): void {
  const shape = ep.steps.find((s): s is ShapeStep => s.type === 'shape');
  if (shape) {
    shape.limit = `{${param}}`;
    return;
  }
  const followAt = ep.steps.findIndex((s) => s.type === 'follow');
  const step: ShapeStep = { type: 'shape', limit: `{${param}}` };
  if (followAt >= 0) ep.steps.splice(followAt, 0, step);
  else ep.steps.push(step);
}

/** The parameter a shape step limits records with (`{limit}` -> limit). */
export function limitParamOf(ep: EndpointRecipe): string | null {
  const shape = ep.steps.find((s): s is ShapeStep => s.type === 'shape');
  const m = typeof shape?.limit === 'string' ? /^\{([A-Za-z_]\w*)\}$/.exec(shape.limit) : null;
  return m && paramNames(ep).includes(m[1]) ? m[1] : null;
}

export function setParamSchema(ep: EndpointRecipe, name: string, schema: JsonSchema): void {
  const props = { ...((ep.input_params.properties as Record<string, JsonSchema> | undefined) ?? {}) };
  props[name] = schema;
  ep.input_params = { ...ep.input_params, properties: props };
}

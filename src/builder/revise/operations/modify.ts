/**
 * `modify` operations: names, parameters, types and descriptions of existing endpoints. Each
 * edits a copy of the draft, runs the endpoints it changed through the interpreter, and keeps
 * the copy only when they still answer (and the renamed or retyped field still has its values).
 */
import type { EndpointRecipe, FieldSpec, JsonSchema, Transform } from '../../../recipe/types.js';
import { validateParams } from '../../../recipe/index.js';
import { isQuarryError } from '../../../errors/index.js';
import { resolveField } from '../../knowledge/index.js';
import { outputExtracts, fieldsOf, paginateStep, paramSchemaOf, recordSchemaOf } from '../anatomy.js';
import { clone, limitParamOf, limitWithParam, removeEndpoint, removeField, renameEndpoint, renameField, renameParam, setParamSchema } from '../edit.js';
import { fillOf, pct, valuesOf } from '../verify.js';
import type { Intent } from '../types.js';
import type { Workspace } from '../workspace.js';
import { commit, done, refused, type OpResult } from './result.js';
import { NUMBER_WORDS } from '../../../util/number-words.js';

type Of<K extends Intent['op']> = Extract<Intent, { op: K }>;

/** Endpoints of the draft the intent names (by live name), or a refusal. */
function targets(ws: Workspace, names: string[], draft = ws.draft): EndpointRecipe[] | string {
  const eps = names.map((n) => ws.endpoint(draft, n));
  const missing = names.filter((_, i) => !eps[i]);
  return missing.length ? `no endpoint ${missing.join(', ')} any more` : (eps as EndpointRecipe[]);
}

/** Run the changed endpoints; a refusal names the first that no longer answers. */
async function verifyAnswers(ws: Workspace, draft: typeof ws.draft, eps: EndpointRecipe[]): Promise<string | null> {
  for (const ep of eps) {
    const v = await ws.test(draft, ep.name);
    if (!v.passed) return `${ep.name} no longer answers after the change (${v.message})`;
  }
  return null;
}

export async function renameEndpointOp(ws: Workspace, i: Of<'rename_endpoint'>): Promise<OpResult> {
  const draft = clone(ws.draft);
  const from = ws.current(i.endpoint);
  const problem = renameEndpoint(draft, from, i.to);
  if (problem) return refused(problem);
  commit(ws, draft, []);
  ws.noteRename(i.endpoint, i.to);
  ws.touched.add(i.to);
  return done(`renamed ${from} to ${i.to}`);
}

export async function renameFieldOp(ws: Workspace, i: Of<'rename_field'>): Promise<OpResult> {
  const draft = clone(ws.draft);
  const eps = targets(ws, i.endpoints, draft);
  if (typeof eps === 'string') return refused(eps);
  for (const ep of eps) {
    const problem = renameField(ep, i.field, i.to);
    if (problem) return refused(problem);
  }
  for (const ep of eps) {
    const v = await ws.test(draft, ep.name);
    if (!v.passed) return refused(`${ep.name} no longer answers after renaming ${i.field} (${v.message})`);
  }
  commit(ws, draft, eps.map((e) => e.name));
  return done(`renamed the field ${i.field} to ${i.to} in ${eps.map((e) => e.name).join(', ')}`);
}

export async function renameParamOp(ws: Workspace, i: Of<'rename_param'>): Promise<OpResult> {
  const draft = clone(ws.draft);
  const eps = targets(ws, i.endpoints, draft);
  if (typeof eps === 'string') return refused(eps);
  for (const ep of eps) {
    const problem = renameParam(ep, i.param, i.to);
    if (problem) return refused(problem);
  }
  const problem = await verifyAnswers(ws, draft, eps);
  if (problem) return refused(problem);
  commit(ws, draft, eps.map((e) => e.name));
  return done(`renamed the parameter ${i.param} to ${i.to} in ${eps.map((e) => e.name).join(', ')}`);
}

/** A value the parameter's own schema accepts, or why not. */
function checkValue(schema: JsonSchema, name: string, value: unknown): string | null {
  const { default: _drop, ...rest } = schema;
  try {
    validateParams({ type: 'object', properties: { [name]: rest } }, { [name]: value });
    return null;
  } catch (err) {
    if (!isQuarryError(err)) throw err; // validateParams refuses with a QuarryError; anything else is a fault
    return err.message;
  }
}

export async function setParamDefaultOp(ws: Workspace, i: Of<'set_param_default'>): Promise<OpResult> {
  const draft = clone(ws.draft);
  const eps = targets(ws, i.endpoints, draft);
  if (typeof eps === 'string') return refused(eps);
  for (const ep of eps) {
    const schema = paramSchemaOf(ep, i.param) ?? {};
    const problem = checkValue(schema, i.param, i.value);
    if (problem) return refused(`${JSON.stringify(i.value)} is not a valid ${i.param} for ${ep.name}: ${problem}`);
    setParamSchema(ep, i.param, { ...schema, default: i.value });
    // A parameter with a default is optional by nature.
    if (Array.isArray(ep.input_params.required)) ep.input_params.required = (ep.input_params.required as string[]).filter((r) => r !== i.param);
  }
  for (const ep of eps) {
    const { [i.param]: _omitted, ...rest } = ep.sample_inputs;
    const v = await ws.test(draft, ep.name, [{ params: rest, heldOut: false }]);
    if (!v.passed) return refused(`${ep.name} does not answer with ${i.param} left to its default (${v.message})`);
  }
  commit(ws, draft, eps.map((e) => e.name));
  return done(`${i.param} now defaults to ${JSON.stringify(i.value)} in ${eps.map((e) => e.name).join(', ')}`);
}

export async function setParamMaximumOp(ws: Workspace, i: Of<'set_param_maximum'>): Promise<OpResult> {
  const draft = clone(ws.draft);
  const eps = targets(ws, i.endpoints, draft);
  if (typeof eps === 'string') return refused(eps);
  for (const ep of eps) {
    const schema = paramSchemaOf(ep, i.param) ?? {};
    if (schema.type !== 'integer' && schema.type !== 'number') return refused(`${i.param} of ${ep.name} is not a number`);
    if (typeof schema.minimum === 'number' && schema.minimum > i.value) return refused(`${i.param} of ${ep.name} starts at ${schema.minimum}`);
    const next: JsonSchema = { ...schema, maximum: i.value };
    if (typeof next.default === 'number' && next.default > i.value) next.default = i.value;
    setParamSchema(ep, i.param, next);
  }
  const problem = await verifyAnswers(ws, draft, eps);
  if (problem) return refused(problem);
  commit(ws, draft, eps.map((e) => e.name));
  return done(`${i.param} now goes up to ${i.value} in ${eps.map((e) => e.name).join(', ')}`);
}

const LIMIT_SCHEMA = (value?: number): JsonSchema => ({
  type: 'integer',
  minimum: 1,
  maximum: 200,
  default: value ?? 20,
  description: 'Most records to return.',
});

/** A limit-style parameter: records sliced by a shape step; verified by asking for two. */
async function addLimitParam(ws: Workspace, draft: typeof ws.draft, ep: EndpointRecipe, i: Of<'add_param'>): Promise<string | null> {
  const existing = limitParamOf(ep);
  if (existing && existing !== i.param) {
    const problem = renameParam(ep, existing, i.param);
    if (problem) return problem;
    if (i.value !== undefined) setParamSchema(ep, i.param, { ...paramSchemaOf(ep, i.param), default: i.value });
  } else if (existing === i.param) {
    return `${ep.name} already has ${i.param}`;
  } else {
    if (paramSchemaOf(ep, i.param)) return `${ep.name} already has a parameter ${i.param}`;
    setParamSchema(ep, i.param, LIMIT_SCHEMA(i.value));
    limitWithParam(ep, i.param);
  }
  const v = await ws.test(draft, ep.name, [{ params: { ...ep.sample_inputs, [i.param]: 2 }, heldOut: false }]);
  if (!v.passed) return `${ep.name} does not answer with ${i.param}=2 (${v.message})`;
  if (v.outcomes.some((o) => o.records.length > 2)) return `${ep.name} returned more than 2 records with ${i.param}=2`;
  return null;
}

/** A page parameter: a page-number walk made to start at the caller's page, one page per call. */
async function addPageParam(ws: Workspace, draft: typeof ws.draft, ep: EndpointRecipe, i: Of<'add_param'>): Promise<string | null> {
  if (paramSchemaOf(ep, i.param)) return `${ep.name} already has a parameter ${i.param}`;
  const paginate = paginateStep(ep);
  if (!paginate || paginate.strategy.kind !== 'page_param') {
    return `${ep.name} walks the site's list by its "next" links, which have no page number to choose; it keeps its limit parameter instead`;
  }
  if ((paginate.strategy.var ?? 'page') === i.param) return `${i.param} is a name ${ep.name} already uses internally`;
  paginate.strategy = { ...paginate.strategy, start: `{${i.param}}` };
  paginate.max_pages = 1;
  setParamSchema(ep, i.param, { type: 'integer', minimum: 1, maximum: 10_000, default: 1, description: 'Page number (1 = first).' });
  const v = await ws.test(draft, ep.name, [
    { params: { ...ep.sample_inputs, [i.param]: 1 }, heldOut: false },
    { params: { ...ep.sample_inputs, [i.param]: 2 }, heldOut: true },
  ]);
  if (!v.passed || v.outcomes.some((o) => !o.ok)) return `${ep.name} does not answer page 2 (${v.message})`;
  return null;
}

export async function addParamOp(ws: Workspace, i: Of<'add_param'>): Promise<OpResult> {
  const draft = clone(ws.draft);
  const eps = targets(ws, i.endpoints, draft);
  if (typeof eps === 'string') return refused(eps);
  const changed: string[] = [];
  const problems: string[] = [];
  for (const ep of eps) {
    const before = clone(ep);
    const problem = i.role === 'limit' ? await addLimitParam(ws, draft, ep, i) : await addPageParam(ws, draft, ep, i);
    if (problem) {
      problems.push(problem);
      Object.assign(ep, before);
    } else changed.push(ep.name);
  }
  if (changed.length === 0) return refused(problems.join('; '));
  commit(ws, draft, changed);
  return done(`added the ${i.param} parameter to ${changed.join(', ')}${problems.length ? ` (not to the others: ${problems.join('; ')})` : ''}`);
}

const TYPE_OPS = new Set(['number', 'integer', 'currency_amount', 'boolean', 'class_word']);

/** Transform chains that could give the type, best guess first; verified by running them. */
function typeCandidates(field: string, spec: FieldSpec, type: Of<'retype_field'>['type']): Transform[][] {
  const base = (spec.transforms ?? []).filter((t) => !TYPE_OPS.has(t.op));
  const isPrice = resolveField(field).concept.shape === 'price';
  switch (type) {
    case 'number':
      return isPrice
        ? [[...base, { op: 'currency_amount' }], [...base, { op: 'number' }]]
        : [[...base, { op: 'number' }], [...base, { op: 'class_word', words: NUMBER_WORDS }], [...base, { op: 'currency_amount' }]];
    case 'integer':
      return [[...base, { op: 'integer' }], [...base, { op: 'class_word', words: NUMBER_WORDS }], [...base, { op: 'number' }, { op: 'integer' }]];
    case 'boolean':
      return [[...base, { op: 'boolean' }]];
    case 'string':
      return [base];
  }
}

const isType = (v: unknown, type: Of<'retype_field'>['type']) =>
  v === null || v === undefined ||
  (type === 'string' ? typeof v === 'string' : type === 'boolean' ? typeof v === 'boolean' : typeof v === 'number' && (type !== 'integer' || Number.isInteger(v)));

export async function retypeFieldOp(ws: Workspace, i: Of<'retype_field'>): Promise<OpResult> {
  const draft = clone(ws.draft);
  const eps = targets(ws, i.endpoints, draft);
  if (typeof eps === 'string') return refused(eps);
  for (const ep of eps) {
    const specs = outputExtracts(ep).map((s) => fieldsOf(s)[i.field]).filter(Boolean);
    if (specs.length === 0) return refused(`${ep.name} returns no field ${i.field}`);
    const before = await ws.baseline(liveNameOf(ws, ep.name));
    let chosen = false;
    for (const chain of typeCandidates(i.field, specs[0], i.type)) {
      for (const spec of specs) spec.transforms = chain;
      const v = await ws.test(draft, ep.name);
      const values = valuesOf(v, i.field);
      if (v.passed && fillOf(v, i.field) >= fillOf(before, i.field) && fillOf(v, i.field) > 0 && values.every((x) => isType(x, i.type))) {
        chosen = true;
        break;
      }
    }
    if (!chosen) return refused(`the values of ${i.field} in ${ep.name} do not read as ${i.type === 'integer' ? 'integers' : `${i.type}s`} (filled ${pct(fillOf(before, i.field))} before)`);
    const record = recordSchemaOf(ep);
    const prop = (record?.properties as Record<string, JsonSchema> | undefined)?.[i.field];
    if (prop) prop.type = [i.type, 'null'];
  }
  commit(ws, draft, eps.map((e) => e.name));
  return done(`${i.field} is now ${i.type === 'integer' ? 'an integer' : `a ${i.type}`} in ${eps.map((e) => e.name).join(', ')}`);
}

/** The live name of an endpoint the draft calls `name` (baselines are of the live recipe). */
function liveNameOf(ws: Workspace, name: string): string {
  return ws.original.endpoints.find((e) => ws.current(e.name) === name)?.name ?? name;
}

export async function describeEndpointOp(ws: Workspace, i: Of<'describe_endpoint'>): Promise<OpResult> {
  const draft = clone(ws.draft);
  const ep = ws.endpoint(draft, i.endpoint);
  if (!ep) return refused(`no endpoint ${i.endpoint} any more`);
  ep.description = i.description;
  commit(ws, draft, [ep.name]);
  return done(`described ${ep.name}`);
}

export async function describeFieldOp(ws: Workspace, i: Of<'describe_field'>): Promise<OpResult> {
  const draft = clone(ws.draft);
  const eps = targets(ws, i.endpoints, draft);
  if (typeof eps === 'string') return refused(eps);
  for (const ep of eps) {
    const record = recordSchemaOf(ep);
    const props = (record?.properties ?? {}) as Record<string, JsonSchema>;
    if (!record || !props[i.field]) return refused(`${ep.name} returns no field ${i.field}`);
    props[i.field] = { ...props[i.field], description: i.description };
  }
  commit(ws, draft, eps.map((e) => e.name));
  return done(`described the field ${i.field}`);
}

export async function describeParamOp(ws: Workspace, i: Of<'describe_param'>): Promise<OpResult> {
  const draft = clone(ws.draft);
  const eps = targets(ws, i.endpoints, draft);
  if (typeof eps === 'string') return refused(eps);
  for (const ep of eps) {
    const schema = paramSchemaOf(ep, i.param);
    if (!schema) return refused(`${ep.name} has no parameter ${i.param}`);
    setParamSchema(ep, i.param, { ...schema, description: i.description });
  }
  commit(ws, draft, eps.map((e) => e.name));
  return done(`described the parameter ${i.param}`);
}

export async function removeFieldsOp(ws: Workspace, i: Of<'remove_fields'>): Promise<OpResult> {
  const draft = clone(ws.draft);
  const eps = targets(ws, i.endpoints, draft);
  if (typeof eps === 'string') return refused(eps);
  for (const ep of eps) {
    for (const field of i.fields) {
      const problem = removeField(ep, field);
      if (problem) return refused(problem);
    }
  }
  const problem = await verifyAnswers(ws, draft, eps);
  if (problem) return refused(problem);
  commit(ws, draft, eps.map((e) => e.name));
  return done(`removed ${i.fields.join(', ')} from ${eps.map((e) => e.name).join(', ')}`);
}

export async function removeEndpointOp(ws: Workspace, i: Of<'remove_endpoint'>): Promise<OpResult> {
  const draft = clone(ws.draft);
  const name = ws.current(i.endpoint);
  const problem = removeEndpoint(draft, name);
  if (problem) return refused(problem);
  commit(ws, draft, []);
  ws.touched.delete(name);
  return done(`removed the endpoint ${name}`);
}

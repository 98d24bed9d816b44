/**
 * Reading an existing endpoint the way the builder wrote it: which step extracts its records
 * (the main extraction, possibly inside a paginate step), which steps enrich them (follow), what
 * kind of endpoint it is, which output fields and parameters it has. Revisions edit recipes the
 * builder made, or that people imported; nothing here assumes more than the recipe format.
 */
import type { EndpointRecipe, Extraction, ExtractStep, FollowStep, JsonSchema, Recipe, RequestStep, Step } from '../../recipe/types.js';
import { walkSteps } from '../../recipe/index.js';
import type { EndpointKind } from './types.js';

type FieldsExtraction = Extract<Extraction, { fields: unknown }>;

const hasFields = (e: Extraction): e is FieldsExtraction => e.kind !== 'value';
const writesData = (s: ExtractStep) => !s.into || s.into === 'data';

/** The extract step that produces the answer's records: the first one writing `data` outside follow steps. */
export function mainExtract(ep: EndpointRecipe): ExtractStep | null {
  let found: ExtractStep | null = null;
  walkSteps(ep.steps, '', (step, _path, ancestors) => {
    if (found || step.type !== 'extract' || !writesData(step) || !hasFields(step.extract)) return;
    if (ancestors.some((a) => a.type === 'follow')) return;
    found = step;
  });
  return found;
}

/** Follow steps over the answer's records (enrichment from each record's own page). */
export function followSteps(ep: EndpointRecipe): FollowStep[] {
  return ep.steps.filter((s): s is FollowStep => s.type === 'follow' && (!s.items || s.items === 'data'));
}

/** Every extract step whose fields become output keys: the main one and those of follow steps. */
export function outputExtracts(ep: EndpointRecipe): ExtractStep[] {
  const out: ExtractStep[] = [];
  const main = mainExtract(ep);
  if (main) out.push(main);
  for (const f of followSteps(ep)) {
    walkSteps(f.steps, '', (step) => {
      if (step.type === 'extract' && writesData(step) && hasFields(step.extract)) out.push(step);
    });
  }
  return out;
}

export function fieldsOf(extract: ExtractStep): FieldsExtraction['fields'] {
  return hasFields(extract.extract) ? extract.extract.fields : {};
}

/** Output keys of one record, in order. */
export function fieldKeys(ep: EndpointRecipe): string[] {
  return [...new Set(outputExtracts(ep).flatMap((s) => Object.keys(fieldsOf(s))))];
}

export function paramNames(ep: EndpointRecipe): string[] {
  return Object.keys((ep.input_params.properties as Record<string, unknown> | undefined) ?? {});
}

export function paramSchemaOf(ep: EndpointRecipe, name: string): JsonSchema | undefined {
  return (ep.input_params.properties as Record<string, JsonSchema> | undefined)?.[name];
}

export function paginateStep(ep: EndpointRecipe): Extract<Step, { type: 'paginate' }> | null {
  return (ep.steps.find((s) => s.type === 'paginate') as Extract<Step, { type: 'paginate' }> | undefined) ?? null;
}

/** The first request of the endpoint (inside a paginate step when there is one). */
export function firstRequest(ep: EndpointRecipe): RequestStep | null {
  let found: RequestStep | null = null;
  walkSteps(ep.steps, '', (step, _p, ancestors) => {
    if (!found && step.type === 'request' && !ancestors.some((a) => a.type === 'follow')) found = step;
  });
  return found;
}

/** The answer is a list of records (a list, a search), not one record. */
export function answersList(ep: EndpointRecipe): boolean {
  const main = mainExtract(ep);
  const shapeFirst = ep.steps.some((s) => s.type === 'shape' && s.first);
  if (shapeFirst) return false;
  if (paginateStep(ep)) return true;
  return !!main && (main.extract.kind === 'list' || main.extract.kind === 'json_list');
}

/** detail: one record by a parameter; search: records for a query; list: records of a listing. */
export function endpointKind(ep: EndpointRecipe): EndpointKind {
  if (/^search_/.test(ep.name)) return 'search';
  if (/^(list|browse)_/.test(ep.name)) return 'list';
  if (/^get_/.test(ep.name) && !answersList(ep)) return 'detail';
  if (!answersList(ep)) return 'detail';
  const req = firstRequest(ep);
  const text = JSON.stringify([req?.query ?? {}, req?.form ?? {}, req?.json ?? null]);
  return /\{(query|q|search|keywords?|term)\}/.test(text) ? 'search' : 'list';
}

/** Names of the things the endpoints return: get_book / list_books -> book. */
export function recordNoun(recipe: Recipe): string | null {
  for (const ep of recipe.endpoints) {
    const m = /^(?:get|list|search|browse)_([a-z0-9_]+)$/.exec(ep.name);
    if (!m) continue;
    const word = m[1];
    if (/^get_/.test(ep.name)) return word;
    return word.replace(/ies$/, 'y').replace(/(ss|x|ch|sh)es$/, '$1').replace(/s$/, '');
  }
  return null;
}

/** The record schema inside the endpoint's return schema (`data`, or `data.items` for lists). */
export function recordSchemaOf(ep: EndpointRecipe): JsonSchema | null {
  const data = (ep.return_schema.properties as Record<string, JsonSchema> | undefined)?.data;
  if (!data) return null;
  if (data.type === 'array' || (Array.isArray(data.type) && data.type.includes('array'))) return (data.items as JsonSchema) ?? null;
  return data;
}

export function findEndpointIn(recipe: Recipe, name: string): EndpointRecipe | undefined {
  return recipe.endpoints.find((e) => e.name === name);
}

/**
 * Repairing an endpoint that calls a JSON API when the API's shape changed (issue 12, point 7):
 * the endpoint's own steps run up to its request (tokens included) to get fresh answers, and
 * the extraction is induced again on them (records at a new path, renamed keys). New keys are
 * given the endpoint's old output names where one contains the other (`job_title` -> `title`),
 * so callers keep their fields. The fix revision then tests and compares as for any endpoint.
 */
import type { Fetcher } from '../../fetch/types.js';
import { runEndpoint } from '../../recipe/index.js';
import type { PageInput } from '../../recipe/extract/index.js';
import type { EndpointRecipe, Extraction, FieldSpec, Recipe, Step } from '../../recipe/types.js';
import { induceJsonList } from './induce.js';
import { objectExtraction } from './plan.js';
import { NoListFound } from '../list/induce.js';
import { rethrowUnless } from '../../errors/expected.js';

const WHOLE_BODY: Step = { type: 'extract', extract: { kind: 'value', field: { sources: [{ json: '$' }] } } };

/** Index of the endpoint's main extract step when it reads the JSON answer of the request just before it. */
function jsonExtractAt(ep: EndpointRecipe): number {
  const at = ep.steps.findIndex((s) => s.type === 'extract' && !s.from && (s.into === undefined || s.into === 'data'));
  const request = at > 0 ? ep.steps[at - 1] : undefined;
  return request?.type === 'request' && request.expect === 'json' ? at : -1;
}

export function isJsonApiEndpoint(ep: EndpointRecipe): boolean {
  return jsonExtractAt(ep) >= 0;
}

/** Renames induced fields to old output names that one contains the other of; old keys keep their place. */
function keepOldNames(fields: Record<string, FieldSpec>, oldKeys: string[]): Record<string, FieldSpec> {
  const out: Record<string, FieldSpec> = {};
  const free = new Set(oldKeys.filter((k) => !(k in fields)));
  for (const [name, spec] of Object.entries(fields)) {
    if (oldKeys.includes(name)) {
      out[name] = spec;
      continue;
    }
    const old = [...free].find((k) => name.includes(k) || k.includes(name));
    if (old) free.delete(old);
    out[old ?? name] = spec;
  }
  return out;
}

/**
 * The endpoint with its extraction induced again on fresh answers for `params` (one set per
 * case); null when it is not a JSON endpoint or no answer could be had.
 */
export async function reinduceJsonEndpoint(recipe: Recipe, ep: EndpointRecipe, paramSets: Array<Record<string, unknown>>, deps: { fetcher: Fetcher; signal?: AbortSignal }): Promise<EndpointRecipe | null> {
  const at = jsonExtractAt(ep);
  if (at < 0) return null;
  const main = ep.steps[at] as Extract<Step, { type: 'extract' }>;
  const probe: EndpointRecipe = { ...ep, steps: [...ep.steps.slice(0, at), WHOLE_BODY] };
  const probeRecipe: Recipe = { ...recipe, endpoints: [probe] };
  const pages: PageInput[] = [];
  for (const params of paramSets.slice(0, 3)) {
    try {
      const res = await runEndpoint(probeRecipe, ep.name, params, { fetcher: deps.fetcher, signal: deps.signal });
      const body = (res.body as { data?: unknown }).data;
      if (body !== null && typeof body === 'object') pages.push({ url: recipe.source_url, contentType: 'application/json', text: JSON.stringify(body) });
    } catch (err) {
      if (deps.signal?.aborted) throw err;
      rethrowUnless(err, 'run'); // this input does not answer: the others may
    }
  }
  if (pages.length === 0) return null;
  const oldKeys = Object.keys((main.extract as { fields?: object }).fields ?? {});
  let extraction: Extraction;
  if (main.extract.kind === 'json_list') {
    let induced;
    try {
      induced = induceJsonList(pages, { wantedFields: oldKeys });
    } catch (err) {
      if (!(err instanceof NoListFound)) throw err;
      return null;
    }
    extraction = { ...induced.extraction, fields: keepOldNames(induced.extraction.fields, oldKeys) };
  } else if (main.extract.kind === 'object') {
    const record = JSON.parse(pages[0].text) as Record<string, unknown>;
    if (Array.isArray(record)) return null;
    const fresh = objectExtraction(record, oldKeys) as Extract<Extraction, { kind: 'object' }>;
    extraction = { kind: 'object', fields: keepOldNames(fresh.fields, oldKeys) };
  } else return null;
  const steps = [...ep.steps];
  steps[at] = { ...main, extract: extraction };
  return { ...ep, steps };
}

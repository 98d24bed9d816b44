/**
 * The search endpoint (`search_<things>`): a GET search form of the site, verified with probe
 * queries made of words the site's own records contain.
 */
import type { Extraction, JsonSchema } from '../recipe/types.js';
import type { Fetcher } from '../fetch/types.js';
import type { Exploration } from './explore/types.js';
import { probeWords } from './explore/index.js';
import { induceSearch, searchSteps } from './search/index.js';
import { describeFields } from './naming.js';
import type { EndpointPlan } from './list-endpoints.js';

export async function planSearchEndpoint(input: {
  exploration: Exploration;
  name: string;
  noun: string;
  fetcher: Fetcher;
  signal: AbortSignal;
  listExtraction?: Extraction;
  wantedKeys: string[];
  /** Titles of records seen on the site, for probe words. */
  titles: string[];
}): Promise<EndpointPlan | null> {
  const form = input.exploration.searchForms[0];
  if (!form) return null;
  const words = probeWords(input.titles.length ? input.titles : [input.exploration.entry.text.replace(/<[^>]+>/g, ' ')]);
  if (words.length === 0) return null;
  const induced = await induceSearch({
    form,
    fetcher: input.fetcher,
    signal: input.signal,
    probeWords: words,
    detailTemplate: input.exploration.detail?.template,
    listExtraction: input.listExtraction,
    wantedFields: input.wantedKeys.length ? input.wantedKeys : undefined,
  });
  if (!induced.ok) return null;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const p of induced.params) {
    properties[p.name] = {
      type: 'string',
      description: p.description,
      ...(p.name === 'query' ? { minLength: 1, maxLength: 200 } : {}),
      ...(p.enum ? { enum: p.enum } : {}),
      ...(p.default !== undefined ? { default: p.default } : {}),
    };
    if (p.required) required.push(p.name);
  }
  const fields = Object.keys(induced.list.extraction.fields);
  const probes = induced.probes.filter((p) => p.records > 0).map((p) => p.word);
  return {
    endpoint: {
      name: input.name,
      method: 'GET',
      description: `Search ${input.noun.replace(/_/g, ' ')} records with the site's search: ${describeFields(fields)}.`,
      input_params: { type: 'object', properties, required },
      return_schema: { type: 'object' },
      sample_inputs: induced.sampleInputs,
      steps: searchSteps(induced),
    },
    cases: [
      { params: induced.sampleInputs, heldOut: false },
      ...probes.slice(1, 3).map((word) => ({ params: { ...induced.sampleInputs, query: word }, heldOut: true })),
    ],
    fields,
    isList: true,
  };
}

/**
 * The detail endpoint (`get_<thing>`): one record from one page of the detail template. Its
 * parameter is the template's variable part (or the path, or the whole URL: the explorer
 * proposes them best first); its extraction is induced from the sampled detail pages.
 */
import type { EndpointRecipe, Extraction, JsonSchema } from '../recipe/types.js';
import type { PageInput } from '../recipe/extract/index.js';
import type { DetailParameterCandidate, Exploration } from './explore/types.js';
import { induceDetailExtraction, type FieldReport } from './induce/index.js';
import { describeFields } from './naming.js';

/** Fields worth offering when the task names none, in order of interest. */
export const DEFAULT_DETAIL_FIELDS = [
  'title', 'price', 'currency', 'availability', 'brand', 'sku', 'author', 'publisher', 'date_published', 'isbn13',
  'rating', 'review_count', 'description', 'image', 'ingredients', 'yields', 'total_time', 'prep_time', 'cook_time',
  'job_title', 'company', 'location', 'salary', 'date_posted', 'category',
];

export interface DetailPlan {
  endpoint: EndpointRecipe;
  fields: string[];
  report: FieldReport[];
  /** Test inputs: sampled pages first, then unseen ones. */
  cases: Array<{ params: Record<string, unknown>; heldOut: boolean }>;
  extraction: Extraction;
  /** The sampled detail pages the extraction was induced from. */
  pages: PageInput[];
}

export function paramSchema(candidate: DetailParameterCandidate): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const p of candidate.params) {
    properties[p.name] = {
      type: p.type,
      description: `${p.name === 'url' ? 'Address' : p.name === 'path' ? 'Path' : `The ${p.name}`} of the page, e.g. ${JSON.stringify(p.examples[0] ?? '')}`,
      ...(p.pattern ? { pattern: p.pattern } : {}),
      ...(p.examples.length ? { examples: p.examples.slice(0, 3).map((e) => (p.type === 'integer' ? Number(e) : e)) } : {}),
      ...(p.type === 'string' ? { minLength: 1, maxLength: 2048 } : { minimum: 0 }),
    };
  }
  return { type: 'object', properties, required: candidate.params.map((p) => p.name), additionalProperties: false };
}

export function planDetailEndpoint(input: {
  exploration: Exploration;
  name: string;
  noun: string;
  fields: Array<{ name: string; hint?: string }>;
  /** True when the caller named the fields (keep them all, even when empty). */
  fieldsNamed: boolean;
  vertical?: string;
  maxHeldOut?: number;
}): DetailPlan | null {
  const detail = input.exploration.detail;
  if (!detail || detail.sampleUrls.length === 0 || detail.parameters.length === 0) return null;
  const pages: PageInput[] = detail.sampleUrls
    .map((u) => input.exploration.pages[u])
    .filter((p) => p && p.status >= 200 && p.status < 300)
    .map((p) => ({ url: p.url, contentType: p.contentType, text: p.text }));
  if (pages.length === 0) return null;
  const induced = induceDetailExtraction({ pages, fields: input.fields, vertical: input.vertical });
  const extraction = induced.extraction;
  // Without named fields, keep only what the site really has.
  if (!input.fieldsNamed) {
    const keep = new Set(induced.report.filter((r) => r.coverage >= 0.5 && r.confidence >= 0.5).map((r) => r.field));
    for (const k of Object.keys(extraction.fields)) if (!keep.has(k)) delete extraction.fields[k];
  }
  const fields = Object.keys(extraction.fields);
  if (fields.length === 0) return null;

  const candidate = detail.parameters[0];
  const sampled = new Set(detail.sampleUrls);
  const examples = candidate.examples;
  // Which examples belong to sampled pages: those whose filled URL is one of them.
  const cases = examples.map((params, i) => ({ params: params as Record<string, unknown>, heldOut: !sampled.has(detail.urls[i] ?? '') }));
  const trainingCases = cases.filter((c) => !c.heldOut);
  const heldOutCases = cases.filter((c) => c.heldOut).slice(0, input.maxHeldOut ?? 3);
  const endpoint: EndpointRecipe = {
    name: input.name,
    method: 'GET',
    description: `Get one ${input.noun.replace(/_/g, ' ')} by its ${candidate.describe}: ${describeFields(fields)}.`,
    input_params: paramSchema(candidate),
    return_schema: { type: 'object' },
    sample_inputs: (trainingCases[0] ?? cases[0])?.params ?? {},
    steps: [
      { type: 'request', url: candidate.urlTemplate },
      { type: 'extract', extract: extraction },
    ],
  };
  return {
    endpoint,
    fields,
    report: induced.report,
    cases: [...(trainingCases.length ? trainingCases : cases.slice(0, 3)), ...heldOutCases],
    extraction,
    pages,
  };
}

/**
 * The detail endpoint (`get_<thing>`): one record from one page of the detail template. Its
 * parameter is the template's variable part (or the path, or the whole URL: the explorer
 * proposes them best first); its extraction is induced from the sampled detail pages.
 */
import type { EndpointRecipe, Extraction, FieldSpec, JsonSchema } from '../recipe/types.js';
import { evaluateExtraction, type PageInput } from '../recipe/extract/index.js';
import type { DetailParameterCandidate, Exploration } from './explore/types.js';
import { induceDetailExtraction, type FieldReport } from './induce/index.js';
import { describeFields } from './naming.js';
import { detailFieldsShown } from './detail-details.js';
import { resolveField } from './knowledge/index.js';
import type { InducedEvidence } from './field-confidence.js';

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
  /** Fields asked for that no sampled page shows: left out (the caller reports them). */
  absent: string[];
  /** Fields asked for, known to the registry, that no sampled page shows: kept, reported. */
  unseen: string[];
  /** Per kept field, what the induction measured (field-confidence.ts). */
  evidence: Record<string, InducedEvidence>;
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

/**
 * Totals the pages state only as parts: a recipe's total time is its prep and cook time when
 * the page gives no total (schema.org totalTime is prepTime + cookTime by definition).
 */
const TOTALS: Array<{ concept: string; parts: string[] }> = [{ concept: 'total_time', parts: ['prep_time', 'cook_time'] }];

function addComputedTotals(fields: Record<string, FieldSpec>, pages: PageInput[]): void {
  const byConcept = new Map<string, string>();
  for (const name of Object.keys(fields)) {
    const r = resolveField(name);
    if (r.known && !byConcept.has(r.concept.id)) byConcept.set(r.concept.id, name);
  }
  for (const { concept, parts } of TOTALS) {
    const total = byConcept.get(concept);
    const names = parts.map((p) => byConcept.get(p));
    if (!total || names.some((n) => !n) || fields[total].compute) continue;
    fields[total] = { ...fields[total], compute: { op: 'sum', fields: names as string[] } };
    // A "total" that on every sample equals one of its parts reads that part (a bare "time"
    // label next to "Prep time"): only the sum is right then.
    // Equal values alone are no proof (many pages state total = prep); the same first source is.
    const sourceOf = (name: string) => JSON.stringify(fields[name].sources[0] ?? null);
    const rows = pages.map((p) => evaluateExtraction({ kind: 'object', fields }, p) as Record<string, unknown>);
    const readsPart = (names as string[]).some(
      (n) => sourceOf(n) === sourceOf(total) || (rows.length > 0 && rows.every((r) => r[total] != null && r[n] === r[total]) && sharesLabel(fields[total], fields[n])),
    );
    if (readsPart) fields[total] = { sources: [{ const: null }], compute: { op: 'sum', fields: names as string[] } };
  }
}

/** Both fields read a label source with the same first label list (a generic "time" label). */
function sharesLabel(a: FieldSpec, b: FieldSpec): boolean {
  const labels = (f: FieldSpec) => f.sources.filter((s) => 'label' in s).map((s) => JSON.stringify(s));
  return labels(a).some((l) => labels(b).includes(l));
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
  /** The task asks for "the details": add what the pages show beyond the named fields. */
  allDetails?: boolean;
  /** Keep named fields no page shows (an assistant may still find them); default false. */
  keepAbsent?: boolean;
}): DetailPlan | null {
  const detail = input.exploration.detail;
  if (!detail || detail.sampleUrls.length === 0 || detail.parameters.length === 0) return null;
  const pages: PageInput[] = detail.sampleUrls
    .map((u) => input.exploration.pages[u])
    .filter((p) => p && p.status >= 200 && p.status < 300)
    .map((p) => ({ url: p.url, contentType: p.contentType, text: p.text }));
  if (pages.length === 0) return null;
  const extras = input.allDetails ? detailFieldsShown(pages, input.fields.map((f) => f.name)) : [];
  const induced = induceDetailExtraction({ pages, fields: [...input.fields, ...extras], vertical: input.vertical });
  const extraction = induced.extraction;
  const asked = new Set(input.fieldsNamed ? input.fields.map((f) => f.name) : []);
  const report = new Map(induced.report.map((r) => [r.field, r]));
  // Named fields stay unless no sampled page shows them; others only when the site really has them.
  const absent: string[] = [];
  const unseen: string[] = [];
  // A label every sampled page shows is trusted a little more than a concept searched for.
  const labelled = new Set(extras.filter((e) => e.hint).map((e) => e.name));
  for (const k of Object.keys(extraction.fields)) {
    const r = report.get(k);
    if (asked.has(k)) {
      if (r && r.coverage === 0 && !input.keepAbsent) {
        // A concept the registry knows keeps its general sources (JSON-LD, labels): other pages
        // may show it. A field nothing knows and no sampled page shows is left out.
        if (resolveField(k).known) unseen.push(k);
        else {
          absent.push(k);
          delete extraction.fields[k];
        }
      }
    } else if (!r || r.coverage < 0.5 || r.score < (labelled.has(k) ? 0.4 : 0.5)) delete extraction.fields[k];
  }
  addComputedTotals(extraction.fields, pages);
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
    absent,
    unseen,
    evidence: Object.fromEntries(induced.report.filter((r) => r.field in extraction.fields).map((r) => [r.field, r.evidence])),
  };
}

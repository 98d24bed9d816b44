/**
 * How sure a build is of each field of an endpoint (issue 25 point 6), stored on the endpoint as
 * `field_confidence` and shown by GET /scraper/{id}, the task's generated API and the dashboard.
 *
 * A field is sure when three things hold, and its score multiplies them:
 * - coverage: the endpoint's tests (the training pages and pages it never saw) find a value on
 *   every record; a field read on one page of three is more likely a lucky match;
 * - fit: the values look like what the field holds (a price parses as an amount...), from the
 *   induction when it measured it;
 * - agreement: other kinds of source on the same pages (the JSON-LD and the printed text, a
 *   fallback selector) give the same value. Independent sources rarely agree by chance, and a
 *   field whose sources disagree may be reading the wrong one. A field only one source gives is
 *   neither confirmed nor contradicted: it scores between the two.
 */
import type { EndpointRecipe, FieldConfidence, Source } from '../recipe/types.js';
import { fieldKeys, fieldsOf, outputExtracts } from './revise/anatomy.js';
import type { EndpointVerdict } from './test-endpoints.js';

export type { FieldConfidence };

/** What the induction learnt of a field on its training pages (detail endpoints). */
export interface InducedEvidence {
  /** Share of training pages where the field's spec yields a value. */
  coverage: number;
  /** 0..1: how well the chosen source's values fit the field's shape. */
  fit: number;
  agreement?: number;
  pages: number;
}

/** Neither confirmed nor contradicted: sure enough to be "high" only when everything else is. */
export const SINGLE_SOURCE = 0.8;
/** What agreement on no page leaves: sources that always disagree make the field a guess. */
const DISAGREEING = 0.4;

const round2 = (n: number): number => Math.round(n * 100) / 100;

export function confidenceScore(coverage: number, fit: number, agreement: number | undefined): number {
  const agreeing = agreement === undefined ? SINGLE_SOURCE : DISAGREEING + (1 - DISAGREEING) * agreement;
  return round2(Math.max(0, Math.min(1, coverage * fit * agreeing)));
}

/** A short description of a recipe source, for people. */
export function describeSource(source: Source): string {
  if ('css' in source) return `css ${source.css}${source.attr ? ` @${source.attr}` : ''}`;
  if ('jsonld' in source) {
    const type = Array.isArray(source.jsonld.type) ? source.jsonld.type.join('|') : source.jsonld.type;
    return `jsonld ${type ? `${type}.` : ''}${source.jsonld.path}`;
  }
  if ('microdata' in source) return `microdata ${source.microdata.itemprop}`;
  if ('meta' in source) return `meta ${source.meta}`;
  if ('json' in source) return `json ${source.json}${source.embedded ? ` (${source.embedded})` : ''}`;
  if ('label' in source) return `label ${Array.isArray(source.label) ? source.label.slice(0, 3).join('|') : source.label}`;
  if ('regex' in source) return 'regex';
  if ('table' in source) return `table ${source.table}`;
  if ('page_url' in source) return 'page url';
  if ('template' in source) return 'template';
  return 'constant';
}

const isEmpty = (v: unknown): boolean => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * Each output field's confidence after the endpoint's tests: coverage over the records the
 * passing inputs produced, fit and agreement from the induction when it measured them.
 */
export function fieldConfidenceOf(
  ep: EndpointRecipe,
  verdict: Pick<EndpointVerdict, 'outcomes'>,
  induced: Readonly<Record<string, InducedEvidence>> = {},
): Record<string, FieldConfidence> {
  const passing = verdict.outcomes.filter((o) => o.ok);
  const records = passing.flatMap((o) => o.records);
  const specs = Object.assign({}, ...outputExtracts(ep).map(fieldsOf).reverse()) as ReturnType<typeof fieldsOf>;
  const out: Record<string, FieldConfidence> = {};
  for (const key of fieldKeys(ep)) {
    const evidence = induced[key];
    const spec = specs[key];
    const tested = records.length > 0 ? records.filter((r) => !isEmpty(r[key])).length / records.length : undefined;
    const coverage = tested ?? evidence?.coverage ?? 0;
    const from = (spec?.compute ? `computed (${spec.compute.op})` : spec?.sources[0] ? describeSource(spec.sources[0]) : undefined);
    out[key] = {
      score: confidenceScore(coverage, evidence?.fit ?? 1, evidence?.agreement),
      ...(from ? { from } : {}),
      coverage: round2(coverage),
      ...(evidence?.agreement !== undefined ? { agreement: round2(evidence.agreement) } : {}),
      pages: tested !== undefined ? passing.length : (evidence?.pages ?? 0),
    };
  }
  return out;
}

/**
 * After a revision re-tested an endpoint: coverage from the new tests; a field still read first
 * from the same source (its `from`) keeps what the induction measured (its score moves with its coverage), one
 * read from a new source keeps only what the tests show.
 */
export function refreshFieldConfidence(ep: EndpointRecipe, verdict: Pick<EndpointVerdict, 'outcomes'>): void {
  const before = ep.field_confidence ?? {};
  const now = fieldConfidenceOf(ep, verdict);
  for (const [key, c] of Object.entries(now)) {
    const old = before[key];
    if (!old || old.from !== c.from || !old.coverage || c.coverage === undefined) continue;
    c.score = round2(Math.min(1, (old.score * c.coverage) / old.coverage));
    if (old.agreement !== undefined) c.agreement = old.agreement;
  }
  ep.field_confidence = now;
}

/**
 * Induction of a detail-page extraction from a few training pages of one template.
 *
 * Glossary
 * - Training page: a fetched detail page the builder explored; the extraction must also work on
 *   pages of the same template it never saw.
 * - Candidate: one way to read a field (a Source plus the cleaning it needs), proposed from
 *   structured data, labels, anchors or headings, then measured on every training page.
 * - Coverage: share of training pages where the candidate yields a value.
 * - Fit: how well those values match the field's shape (an ISBN with a valid checksum...).
 */
import type { PageContext, PageInput } from '../../recipe/extract/index.js';
import type { Extraction, Source, Transform } from '../../recipe/types.js';
import type { Concept } from '../knowledge/index.js';
import type { DecisionTrace } from './rules.js';
import type { ScoredCandidate } from './score-candidates.js';
import type { InducedEvidence } from '../field-confidence.js';

export interface InduceFieldRequest {
  name: string;
  /** Free text saying what the field is, e.g. "the book's publisher". */
  hint?: string;
}

export interface InduceInput {
  pages: PageInput[];
  fields: InduceFieldRequest[];
  /** The kind of page (`book`, `product`, `recipe`...), when known. */
  vertical?: string;
  /** Rules (rules.ts, by name) not to apply: bench/ablate.ts measures what each one does. */
  rulesOff?: readonly string[];
  /**
   * Candidates measured on these same pages by an earlier induction (per field), reused: the
   * ablation bench induces each site once per rule switched off, and gathering and measuring the
   * candidates does not depend on the rules. Only for the same pages and vertical.
   */
  candidateCache?: Map<string, ScoredCandidate[]>;
}

export interface FieldReport {
  field: string;
  /** Short description of the chosen source(s), best first, e.g. `jsonld Recipe.recipeIngredient`. */
  source: string;
  /** Share of training pages where the chosen spec yields a value. */
  coverage: number;
  /** The best candidate's score (prior x coverage x fit, weighed by the rules), at most 1: keeps or drops a field no one named. */
  score: number;
  /** What the endpoint's `field_confidence` is made of (builder/field-confidence.ts). */
  evidence: InducedEvidence;
  /** Which candidates, which rules changed what, which sources won. */
  trace?: DecisionTrace;
}

export interface InduceResult {
  extraction: Extraction & { kind: 'object' };
  report: FieldReport[];
}

export type CandidateKind = 'jsonld' | 'microdata' | 'meta' | 'label' | 'css' | 'heading' | 'byline' | 'embedded';

/** Kinds that read data the page states for machines (not what a person sees). */
export const STRUCTURED_KINDS: ReadonlySet<CandidateKind> = new Set(['jsonld', 'microdata', 'meta', 'embedded']);

export interface Candidate {
  source: Source;
  kind: CandidateKind;
  /** Cleaning this source needs before the shape's transforms (kept harmless for other sources). */
  clean?: Transform[];
  /** 0..1 belief in this kind of source for this concept before looking at values. */
  prior: number;
  /** Human-readable description for the report. */
  describe: string;
  /**
   * A label saying the user's own words for the field: trusted even when its values do not fit
   * the concept's shape, as long as they look alike from page to page.
   */
  own?: boolean;
  /** Found by an id or class the page's author named after the field ("company-name"). */
  named?: boolean;
}

/** What candidate generators see. */
export interface InduceContext {
  pages: PageContext[];
  concept: Concept;
  /** schema.org types of the pages' main entity, best first (e.g. ['Recipe']). */
  mainTypes: string[];
  fieldName: string;
}

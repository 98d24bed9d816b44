/**
 * Measuring candidates on the training pages. A candidate's score multiplies its prior by how
 * often it yields a value (coverage), how well the values fit the field's shape (fit), whether
 * they vary where they should (a constant title is template text), whether they look like the
 * page's own title (titles), and whether other kinds of source agree with it.
 */
import { evaluateFieldOnPage, fold, type PageContext } from '../../recipe/extract/index.js';
import type { FieldSpec, Transform } from '../../recipe/types.js';
import { words } from '../words.js';
import type { Concept } from '../knowledge/index.js';
import { documentTitle } from './headings.js';
import { expectsVariety, fitValue, shapeTransforms, valueKey } from './shapes.js';
import { weigh } from './preference.js';
import { STRUCTURED_KINDS, type Candidate } from './types.js';
import { isEmpty } from '../../recipe/extract/index.js';

export interface ScoredCandidate {
  candidate: Candidate;
  spec: FieldSpec;
  /** Value per training page (null when none). */
  values: unknown[];
  coverage: number;
  fit: number;
  score: number;
}

export function specFor(candidate: Candidate, concept: Concept, extra: Transform[] = []): FieldSpec {
  const transforms = [...(candidate.clean ?? []), ...extra, ...(concept.clean ?? []), ...shapeTransforms(concept.shape)];
  const spec: FieldSpec = { sources: [candidate.source] };
  if (transforms.length > 0) spec.transforms = transforms;
  if (concept.many) spec.many = true;
  return spec;
}

export function measure(candidate: Candidate, concept: Concept, pages: PageContext[]): ScoredCandidate {
  const spec = specFor(candidate, concept);
  const values = pages.map((p) => {
    const v = evaluateFieldOnPage(spec, p);
    return isEmpty(v) ? null : v;
  });
  const present = values.filter((v) => v !== null);
  const coverage = pages.length === 0 ? 0 : present.length / pages.length;
  let fit = present.length === 0 ? 0 : present.reduce((acc: number, v) => acc + fitValue(concept.shape, v), 0) / present.length;
  if (concept.shape === 'list') fit *= listSizeFactor(present);
  // A name the page's JSON-LD states is the entity's own, whatever the <title> adds or leaves out.
  if (concept.shape === 'title') fit *= 0.5 + 0.5 * (candidate.kind === 'jsonld' ? 1 : titleLikeness(values, pages));
  if (concept.inTitle) fit *= 0.6 + 0.4 * inTitleShare(values, pages);
  let prior = candidate.prior;
  // The user's own label word beats the concept's idea of the value ("UPC" holding a hex code),
  // with a weaker prior, when the values are alike from page to page.
  if (candidate.own && fit < OWN_LABEL_FIT && alike(present)) {
    fit = OWN_LABEL_FIT;
    prior *= 0.85;
  }
  let score = prior * (0.25 + 0.75 * coverage) * (0.05 + 0.95 * fit);
  if (expectsVariety(concept.shape) && present.length >= 2 && new Set(present.map(valueKey)).size === 1) score *= 0.3;
  return { candidate, spec, values, coverage, fit, score };
}

/** The fit given to values read beside the user's own label word that the shape check refused. */
const OWN_LABEL_FIT = 0.7;
const MAX_OWN_VALUE = 120;

/** Short texts of one form on every page: the same kinds of characters, lengths within a factor of two. */
function alike(present: unknown[]): boolean {
  const texts = present.flatMap((v) => (Array.isArray(v) ? v : [v])).map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : ''));
  if (texts.length === 0 || texts.some((t) => !t || t.length > MAX_OWN_VALUE)) return false;
  const form = (t: string): string => [/\p{L}/u.test(t) ? 'L' : '', /\d/.test(t) ? 'D' : '', /\s/.test(t) ? 'S' : ''].join('');
  const lengths = texts.map((t) => t.length);
  return new Set(texts.map(form)).size === 1 && Math.max(...lengths) <= 2 * Math.min(...lengths) + 2;
}

/** Lists of one item are rarely the list asked for (ingredients, steps). */
function listSizeFactor(present: unknown[]): number {
  const sizes = present.map((v) => (Array.isArray(v) ? v.length : 1));
  const mean = sizes.reduce((a, b) => a + b, 0) / sizes.length;
  return mean >= 3 ? 1 : mean >= 2 ? 0.8 : 0.4;
}

/** Share of pages whose value appears in the document title (or contains it). */
function titleLikeness(values: unknown[], pages: PageContext[]): number {
  let hits = 0;
  let n = 0;
  values.forEach((v, i) => {
    if (typeof v !== 'string') return;
    n++;
    const t = fold(v);
    const title = documentTitle(pages[i]);
    if (t && (title.includes(t) || (title.length > 10 && t.includes(title)))) hits++;
    else if (t && wordShare(t, title) > 0.75) hits += 0.8;
  });
  return n === 0 ? 0 : hits / n;
}

/** Share of pages whose value occurs in the document title. */
function inTitleShare(values: unknown[], pages: PageContext[]): number {
  let hits = 0;
  let n = 0;
  values.forEach((v, i) => {
    if (typeof v !== 'string') return;
    n++;
    if (documentTitle(pages[i]).includes(fold(v))) hits++;
  });
  return n === 0 ? 0 : hits / n;
}

/**
 * Reward candidates that other kinds of source confirm. Per page, the number of distinct other
 * kinds (JSON-LD, meta, headings, labels, css...) giving the same value, up to three: a title
 * shown in the h1, og:title and JSON-LD headline beats a JSON-LD name only the <title> repeats.
 */
/** The most other kinds agreeing on every page add to a candidate's score (three kinds or more). */
const AGREEMENT_BONUS = 0.45;

export function applyAgreement(scored: ScoredCandidate[]): void {
  const keys = scored.map((s) => s.values.map((v) => (v === null ? null : valueKey(v))));
  scored.forEach((s, i) => {
    let total = 0;
    let present = 0;
    s.values.forEach((v, page) => {
      if (v === null) return;
      present++;
      const mine = keys[i][page];
      const kinds = new Set<string>();
      scored.forEach((o, j) => {
        if (j !== i && o.candidate.kind !== s.candidate.kind && keys[j][page] === mine) kinds.add(o.candidate.kind);
      });
      total += Math.min(kinds.size, 3) / 3;
    });
    if (present > 0) weigh(s, 1 + AGREEMENT_BONUS * (total / present));
  });
}

/** Whether two candidates give the same values where both give one (and overlap at all). */
export function agreesWith(a: ScoredCandidate, b: ScoredCandidate): { overlap: number; agree: number } {
  let overlap = 0;
  let agree = 0;
  a.values.forEach((v, i) => {
    const w = b.values[i];
    if (v === null || w === null) return;
    overlap++;
    if (valueKey(v) === valueKey(w)) agree++;
  });
  return { overlap, agree };
}

/** Share of a value's words the document title also has ("Receita de Pipoca de frango" / "Pipoca de frango: ..."). */
function wordShare(value: string, title: string): number {
  const v = words(value).filter((w) => w.length > 1);
  if (v.length < 2) return 0;
  const t = new Set(words(title));
  return v.filter((w) => t.has(w)).length / v.length;
}

/** The highest-scoring structured candidate that reads a value on some training page and fits the shape, if any. */
export function bestStructured(scored: ScoredCandidate[], minFit: number): ScoredCandidate | undefined {
  return scored.filter((s) => STRUCTURED_KINDS.has(s.candidate.kind) && s.coverage > 0 && s.fit >= minFit).sort((a, b) => b.score - a.score)[0];
}

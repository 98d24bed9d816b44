/**
 * Detail-page induction: from a few training pages of one template and the field names a user
 * asked for, an `object` Extraction whose fields list their sources best first, with fallbacks
 * of other kinds (so a page without JSON-LD still gets a value from its HTML).
 */
import { createPageContext, evaluateFieldOnPage, isEmpty, jsonLdNodes, type PageContext } from '../../recipe/extract/index.js';
import type { FieldSpec, Transform } from '../../recipe/types.js';
import { resolveField, type Concept } from '../knowledge/index.js';
import { gatherCandidates } from './candidates.js';
import { namesOneEntity } from './joined.js';
import { applyRules, type DecisionTrace } from './rules.js';
import { agreementOf, shapeFit, witnessesOf } from './confidence.js';
import { agreesWith, measure, type ScoredCandidate } from './score-candidates.js';
import { shapeTransforms } from './shapes.js';
import { addSiteCurrency } from './site-currency.js';
import { mainEntityTypes } from './structured.js';
import { STRUCTURED_KINDS, type FieldReport, type InduceInput, type InduceResult } from './types.js';

const MAX_SOURCES = 4;
/** Below this a candidate is more likely wrong than right: emitting it only adds false values. */
const MIN_SCORE = 0.12;

export function induceDetailExtraction(input: InduceInput): InduceResult {
  const pages = input.pages.map((p) => createPageContext(p));
  const mainTypes = mainEntityTypes(pages, input.vertical);
  const fields: Record<string, FieldSpec> = {};
  const report: FieldReport[] = [];
  const rulesOff = new Set(input.rulesOff ?? []);
  for (const request of input.fields) {
    const { concept } = resolveField(request.name, request.hint, input.vertical);
    const { scored, trace } = rankCandidates(pages, concept, mainTypes, request.name, rulesOff, input.candidateCache);
    const chosen = chooseSources(scored);
    trace.winner = chosen.map((c) => c.candidate.describe);
    const spec = buildSpec(chosen, concept);
    const currencySignal = addSiteCurrency(spec, concept, pages);
    if (currencySignal) trace.signals = [currencySignal];
    addSpeculativeSchema(spec, concept, pages);
    addSpeculativeLabels(spec, concept);
    fields[request.name] = spec;
    report.push({ ...fieldReport(request.name, concept, chosen, scored, spec, pages), trace });
  }
  return { extraction: { kind: 'object', fields }, report };
}

/** Every candidate for a field, measured on the training pages and weighed by the rules (rules.ts), best first. */
export function rankCandidates(
  pages: PageContext[],
  concept: Concept,
  mainTypes: string[],
  fieldName: string,
  rulesOff?: ReadonlySet<string>,
  cache?: Map<string, ScoredCandidate[]>,
): { scored: ScoredCandidate[]; trace: DecisionTrace } {
  const key = `${fieldName}\u0000${concept.id}`;
  let measured = cache?.get(key);
  if (!measured) {
    measured = gatherCandidates({ pages, concept, mainTypes, fieldName }).map((c) => measure(c, concept, pages));
    cache?.set(key, measured);
  }
  // Rules change scores in place and replace entries: each run works on its own copies.
  const scored = measured.map((s) => ({ ...s }));
  const trace = applyRules({ scored, concept, pages, mainTypes }, rulesOff);
  return { scored: scored.sort((a, b) => b.score - a.score), trace };
}

/** The best candidate, then fallbacks that agree with it or cover pages it misses. */
export function chooseSources(scored: ScoredCandidate[]): ScoredCandidate[] {
  const usable = scored.filter((s) => s.coverage > 0 && s.fit >= 0.3 && s.score >= MIN_SCORE);
  if (usable.length === 0) return [];
  const chosen: ScoredCandidate[] = [usable[0]];
  const top = usable[0].score;
  for (const s of usable.slice(1)) {
    if (chosen.length >= MAX_SOURCES) break;
    let ok = true;
    let redundant = false;
    let confirmed = true;
    for (const c of chosen) {
      const { overlap, agree } = agreesWith(s, c);
      if (overlap > 0 && agree / overlap < 0.6) ok = false;
      if (overlap === 0 || agree < overlap) confirmed = false;
      if (overlap > 0 && agree === overlap && s.candidate.kind === c.candidate.kind && s.coverage <= c.coverage) redundant = true;
    }
    // A weak source the chosen ones confirm on every page is a safe fallback; an unconfirmed
    // one must be nearly as strong as the best.
    if (!confirmed && s.score < 0.3 * top) continue;
    if (chosen.some((c) => positionOfLabelledRow(s, c))) continue;
    if (ok && !redundant) chosen.push(s);
  }
  return chosen;
}

/**
 * The value cell of a label/value row, as the last step of a selector: a `dd` or a `td`, or an
 * element its theme names the value ("ty-product-feature__value", "spec-value") beside the label.
 */
const ROW_VALUE_CELL = /(?:^|[\s>+~])(?:dd|td)(?=[.:#[]|$)|\.[\w-]*(?:__|-|_)value(?![\w-])|\.value(?![\w-])/;

/**
 * A selector for the value cell of the very row a chosen label reads (the same values, on no page
 * more) is that row's position, not its meaning. Spec tables list different rows for different
 * products, so on a page without the row it reads another row's value (the model where the brand
 * was): the label already reads that row wherever it is, and it is not kept as a fallback.
 */
function positionOfLabelledRow(s: ScoredCandidate, label: ScoredCandidate): boolean {
  if (s.candidate.kind !== 'css' || label.candidate.kind !== 'label') return false;
  const css = (s.candidate.source as { css?: string }).css ?? '';
  const lastStep = css.split(',').pop() ?? '';
  if (!ROW_VALUE_CELL.test(lastStep.trim())) return false;
  const { overlap, agree } = agreesWith(s, label);
  return overlap > 0 && agree === overlap && s.values.every((v, i) => v === null || label.values[i] !== null);
}

/** Stock states a page announces that structured data seldom can: a shown one wins. */
const ANNOUNCED_STOCK = ['PreOrder', 'PreSale', 'BackOrder'];

function buildSpec(chosen: ScoredCandidate[], concept: Concept): FieldSpec {
  const clean: Transform[] = [];
  const seen = new Set<string>();
  // Transforms apply to every source of the field: a fallback's split would cut the one name a
  // structured object states (see namesOneEntity).
  const oneName = chosen.length > 0 && namesOneEntity(chosen[0].candidate);
  for (const c of chosen) {
    for (const t of c.candidate.clean ?? []) {
      const key = JSON.stringify(t);
      if (oneName && t.op === 'split') continue;
      if (!seen.has(key)) {
        seen.add(key);
        clean.push(t);
      }
    }
  }
  const spec: FieldSpec = { sources: chosen.map((c) => c.candidate.source) };
  const transforms = [...clean, ...(concept.clean ?? []), ...shapeTransforms(concept.shape)];
  if (transforms.length > 0) spec.transforms = transforms;
  if (concept.many) spec.many = true;
  // A sale no training page showed: a stale structured price is the one the page strikes out.
  if (concept.shape === 'price' && !concept.struck && spec.sources.length > 1) spec.unless_struck = true;
  // A pre-order the page announces: structured stock on many platforms cannot say it.
  if (concept.shape === 'availability' && chosen.some((c) => !STRUCTURED_KINDS.has(c.candidate.kind))) spec.prefer_values = ANNOUNCED_STOCK;
  return spec;
}

/** Label words too common to trust without evidence from the training pages. */
const GENERIC_LABELS = new Set(['total', 'time', 'name', 'title', 'price', 'date', 'datum', 'fecha', 'tempo', 'prijs', 'preis', 'prix', 'precio']);

/**
 * A last-resort source: the concept's specific label words in every language, even those no
 * training page showed. Pages of another template (an older article without the recipe
 * plugin) often still say "Ingredients:" above a list. It only runs when every other source
 * came out empty.
 */
function addSpeculativeLabels(spec: FieldSpec, concept: Concept): void {
  if (concept.shape === 'title' || concept.shape === 'image' || concept.shape === 'url') return;
  const labels = concept.labels.filter((l) => (l.length >= 5 || l.includes(' ')) && !GENERIC_LABELS.has(l.toLowerCase()));
  if (labels.length === 0) return;
  const already = spec.sources.some((s) => 'label' in s && (Array.isArray(s.label) ? s.label : [s.label]).length >= labels.length);
  if (!already) spec.sources.push({ label: labels });
}

function fieldReport(field: string, concept: Concept, chosen: ScoredCandidate[], scored: ScoredCandidate[], spec: FieldSpec, pages: PageContext[]): FieldReport {
  const covered = pages.filter((p) => !isEmpty(evaluateFieldOnPage(spec, p))).length;
  const best = chosen[0];
  const coverage = pages.length === 0 ? 0 : covered / pages.length;
  const agreement = best ? agreementOf(best, witnessesOf(best, chosen, scored)) : undefined;
  return {
    field,
    source: chosen.map((c) => c.candidate.describe).join(' > ') || 'none',
    coverage,
    score: best ? Math.min(1, Math.round(best.score * 100) / 100) : 0,
    evidence: { coverage, fit: best ? shapeFit(best, concept) : 0, pages: pages.length, ...(agreement !== undefined ? { agreement } : {}) },
  };
}

/**
 * The concept's own schema.org property on a type the training pages carry, kept as a
 * fallback even when no training page fills it (a recipe's cookTime that page 1 leaves out).
 * It goes before the speculative label list, which is the weakest guess.
 */
function addSpeculativeSchema(spec: FieldSpec, concept: Concept, pages: PageContext[]): void {
  const present = new Map<string, string>();
  for (const page of pages) {
    for (const node of jsonLdNodes(page)) {
      const types = Array.isArray(node['@type']) ? node['@type'] : [node['@type']];
      for (const t of types) if (typeof t === 'string') present.set(t.toLowerCase(), t);
    }
  }
  for (const sp of concept.schema) {
    if (!sp.types) continue;
    const types = sp.types.map((t) => present.get(t.toLowerCase())).filter((t): t is string => t !== undefined);
    if (types.length === 0 || spec.sources.some((s) => 'jsonld' in s && s.jsonld.path === sp.path)) continue;
    const source: FieldSpec['sources'][number] = { jsonld: { type: types.length === 1 ? types[0] : types, path: sp.path } };
    const labelList = spec.sources.findIndex((s) => 'label' in s && Array.isArray(s.label) && s.label.length > 3);
    if (labelList >= 0) spec.sources.splice(labelList, 0, source);
    else spec.sources.push(source);
  }
}

/**
 * The induction's rules: what it prefers among a field's candidates beyond each candidate's own
 * measure (prior x coverage x fit, score-candidates.ts). Every rule has one shape: a name, the
 * concepts it applies to, what it prefers and why, and `apply`, which adds variants of
 * candidates (`ctx.add`) or states a preference (`rankAbove`, `weigh` of preference.ts).
 *
 * They run in the order of RULES: variants first (so later rules judge them too), then agreement
 * between kinds of source, then the preferences that compare a candidate with the best
 * structured one (which must see agreement already counted), then the list rules that widen or
 * reorder the winner. `applyRules` records, per field, which rules changed what (the decision
 * trace), and skips the rules named in `rulesOff` (bench/ablate.ts).
 */
import type { PageContext } from '../../recipe/extract/index.js';
import type { Concept } from '../knowledge/index.js';
import { nameCutVariants } from './affixes.js';
import { putAmountsFirst } from './amount-first.js';
import { splitJoinedValues } from './joined.js';
import { locatedFromStructured } from './located-from.js';
import { locatable } from './located.js';
import { weighByRegion } from './main-region.js';
import { preferRicherList, preferRicherText } from './richer.js';
import { applyAgreement, measure, type ScoredCandidate } from './score-candidates.js';
import { SHOWN_SHAPES, preferShownValue } from './shown-ids.js';
import { MAKERS, demoteSiteNames } from './site-name.js';
import { cutKindSuffix, demoteSiteSuffixed } from './site-suffix.js';
import { weighQualifiedPrices } from './qualified-prices.js';
import { weighStruckPrices } from './struck.js';
import type { Candidate } from './types.js';
import { wholeItemVariants } from './whole-items.js';

export interface RuleContext {
  /** The field's candidates, measured; rules add to it and change scores in place. */
  scored: ScoredCandidate[];
  concept: Concept;
  pages: PageContext[];
  /** schema.org types of the pages' main entity, best first. */
  mainTypes: string[];
  /** Measures candidates on the training pages and adds them. */
  add(candidates: Candidate[]): void;
}

export interface Rule {
  /** Kebab-case, stable: the trace and `rulesOff` name rules by it. */
  name: string;
  /** The concepts it applies to, in words. */
  concepts: string;
  appliesTo(concept: Concept): boolean;
  /** What it prefers, and why: how pages are written that makes it right. */
  prefers: string;
  apply(ctx: RuleContext): void;
}

const isMany = (c: Concept): boolean => c.many === true;
const isTitle = (c: Concept): boolean => c.shape === 'title';
const isManyList = (c: Concept): boolean => c.many === true && c.shape === 'list';

export const RULES: readonly Rule[] = [
  {
    name: 'located-from-structured',
    concepts: 'values shown as recognisable text (titles, names, codes, prices, dates, ratings)',
    appliesTo: (c) => locatable(c.shape),
    prefers: 'the element showing what the structured data states: it keeps reading on pages of the template without the data',
    apply: (ctx) => ctx.add(locatedFromStructured(ctx.scored, ctx.concept, ctx.pages)),
  },
  {
    name: 'name-only',
    concepts: 'people and organisations',
    appliesTo: (c) => c.shape === 'person' || c.shape === 'organization',
    prefers: 'the name without what follows it on its line (" · 10 March 2024")',
    apply: (ctx) => ctx.add(nameCutVariants(ctx.scored, ctx.concept.shape)),
  },
  {
    name: 'joined-values-split',
    concepts: 'many-valued people and lists',
    appliesTo: isMany,
    prefers: 'several values where the page writes them as one text ("A, B and C")',
    apply: (ctx) => splitJoinedValues(ctx.scored, ctx.concept, ctx.pages),
  },
  {
    name: 'site-suffix',
    concepts: 'titles',
    appliesTo: isTitle,
    prefers: 'the title without the site name a <title> or og:title adds after it',
    apply: (ctx) => ctx.add(demoteSiteSuffixed(ctx.scored, ctx.concept)),
  },
  {
    name: 'kind-tag',
    concepts: 'titles',
    appliesTo: isTitle,
    prefers: 'the title without the tag of the page kind after it ("– Recept")',
    apply: (ctx) => ctx.add(cutKindSuffix(ctx.scored, ctx.concept, ctx.mainTypes)),
  },
  {
    name: 'main-entity-region',
    concepts: "every concept (a category may come from the breadcrumb trail, a rating from the reviews' summary)",
    appliesTo: () => true,
    prefers: "values read in the main entity's block over ones read in consent banners, menus, headers, footers, rails of other items and reviews: those describe something else",
    apply: (ctx) => weighByRegion(ctx.scored, ctx.concept, ctx.pages, ctx.mainTypes),
  },
  {
    name: 'agreement',
    concepts: 'every concept',
    appliesTo: () => true,
    prefers: 'a value other kinds of source (JSON-LD, meta, headings, labels) also give: independent sources rarely agree by chance',
    apply: (ctx) => applyAgreement(ctx.scored),
  },
  {
    name: 'struck-prices',
    concepts: 'prices',
    appliesTo: (c) => c.shape === 'price',
    prefers: 'the amount shown plainly over one the page shows only struck out or net of tax (the reverse for a former price)',
    apply: (ctx) => weighStruckPrices(ctx.scored, ctx.concept, ctx.pages),
  },
  {
    name: 'qualified-prices',
    concepts: 'prices',
    appliesTo: (c) => c.shape === 'price',
    prefers: 'the amount shown plainly over one the page shows only per unit ("€4.99/kg"), as an instalment ("4 x R$ 25,00") or as a starting price ("ab 12,90 €"), when it shows a plain one too',
    apply: (ctx) => weighQualifiedPrices(ctx.scored, ctx.concept, ctx.pages, ctx.mainTypes),
  },
  {
    name: 'site-name',
    concepts: 'people, brands and manufacturers',
    appliesTo: (c) => c.shape === 'person' || MAKERS.has(c.id),
    prefers: "names that vary from page to page over the site's own name, which structured data often puts there",
    apply: (ctx) => demoteSiteNames(ctx.scored, ctx.concept, ctx.pages),
  },
  {
    name: 'shown-value',
    concepts: 'codes, short texts, titles, dates, people and organisations',
    appliesTo: (c) => SHOWN_SHAPES.has(c.shape),
    prefers: 'what the page prints under a label (or a class named after the field) over a structured value it never shows',
    apply: (ctx) => preferShownValue(ctx.scored, ctx.concept, ctx.pages),
  },
  {
    name: 'richer-text',
    concepts: 'plain texts',
    appliesTo: (c) => c.shape === 'text',
    prefers: 'the fuller visible text containing a structured fragment ("Chicago, IL" over "Chicago")',
    apply: (ctx) => preferRicherText(ctx.scored, ctx.concept),
  },
  {
    name: 'richer-list',
    concepts: 'many-valued lists',
    appliesTo: isManyList,
    prefers: 'the visible list with amounts and lines the structured list leaves out',
    apply: (ctx) => ctx.scored.push(...preferRicherList(ctx.scored, ctx.concept, ctx.pages)),
  },
  {
    name: 'whole-item',
    concepts: 'many-valued lists',
    appliesTo: isManyList,
    prefers: 'the whole line of a list item over the part a page marks ("4 cl Tequila" over "Tequila")',
    apply: (ctx) => ctx.scored.push(...wholeItemVariants(ctx.scored, ctx.concept, ctx.pages)),
  },
  {
    name: 'amounts-first',
    concepts: 'ingredient lines',
    appliesTo: (c) => c.amountFirst === true,
    prefers: 'lines with the amount first when the site prints cards with the amount last',
    apply: (ctx) => putAmountsFirst(ctx.scored, ctx.concept, ctx.pages),
  },
];

/** What one rule changed for a field: scores it moved and candidates it added. */
export interface RuleFiring {
  rule: string;
  /** Candidates whose score the rule changed (a few, the largest changes first). */
  changed: Array<{ candidate: string; from: number; to: number }>;
  /** Candidates it added (variants, or re-measured ones replacing others). */
  added: string[];
}

export interface DecisionTrace {
  /** The best candidates after every rule, best first (a few). */
  candidates: Array<{ candidate: string; kind: string; coverage: number; fit: number; score: number }>;
  /** The rules that changed something, in the order they ran. */
  fired: RuleFiring[];
  /** The chosen sources, best first (filled by the caller). */
  winner: string[];
  /** Page and site signals that decide the field's values (the site's currency: site-currency.ts). */
  signals?: string[];
}

const TRACE_CANDIDATES = 8;
const TRACE_CHANGES = 5;
const round = (n: number): number => Math.round(n * 1000) / 1000;

/** Runs every rule that applies to the field's concept and is not switched off; returns the trace. */
export function applyRules(ctx: Omit<RuleContext, 'add'>, rulesOff: ReadonlySet<string> = new Set()): DecisionTrace {
  const full: RuleContext = {
    ...ctx,
    add: (candidates) => ctx.scored.push(...candidates.map((c) => measure(c, ctx.concept, ctx.pages))),
  };
  const fired: RuleFiring[] = [];
  for (const rule of RULES) {
    if (rulesOff.has(rule.name) || !rule.appliesTo(ctx.concept)) continue;
    const before = new Map(ctx.scored.map((s) => [s, s.score]));
    rule.apply(full);
    const firing = whatChanged(rule.name, before, ctx.scored);
    if (firing) fired.push(firing);
  }
  const best = [...ctx.scored].sort((a, b) => b.score - a.score).slice(0, TRACE_CANDIDATES);
  const candidates = best.map((s) => ({ candidate: s.candidate.describe, kind: s.candidate.kind, coverage: round(s.coverage), fit: round(s.fit), score: round(s.score) }));
  return { candidates, fired, winner: [] };
}

function whatChanged(rule: string, before: Map<ScoredCandidate, number>, after: ScoredCandidate[]): RuleFiring | null {
  const changed = after
    .filter((s) => before.has(s) && before.get(s) !== s.score)
    .map((s) => ({ candidate: s.candidate.describe, from: round(before.get(s) ?? 0), to: round(s.score) }))
    .sort((a, b) => Math.abs(b.to - b.from) - Math.abs(a.to - a.from));
  const added = after.filter((s) => !before.has(s)).map((s) => s.candidate.describe);
  if (changed.length === 0 && added.length === 0) return null;
  return { rule, changed: changed.slice(0, TRACE_CHANGES), added: added.slice(0, TRACE_CHANGES) };
}

/**
 * Category inference for a new listing from its site's content: every concept of the multilingual
 * lexicon (concepts-data.ts) belongs to at most one category, so counting concepts counts evidence
 * for categories in any of the lexicon's languages. Title and description hints weigh more than
 * body text; host words ("jobs.example.org") and public-sector domains (.gov, .gouv.fr, .gob.es)
 * count too. Too little evidence gives `other`.
 */
import { conceptLexicon, countConcepts } from './concepts.js';
import { terms } from './tokenize.js';
import { CATEGORIES, type Category } from './types.js';

export interface CategoryHints {
  /** Page title: weighs three times the body. */
  title?: string;
  /** Meta description or the user's task text: weighs twice. */
  description?: string;
  /** Site host: its words weigh twice; public-sector and academic domains add their category. */
  host?: string;
}

export interface InferredCategories {
  primary: Category;
  secondary: Category[];
}

/** Score a category needs to be chosen at all. */
const MIN_EVIDENCE = 1;
/** A secondary category needs this share of the primary's score. */
const SECONDARY_SHARE = 0.4;
const MAX_SECONDARY = 2;

const DOMAIN_HINTS: Array<[RegExp, Category]> = [
  [/(?:^|\.)(?:gov|gouv|gob|govt|gv|go|admin|bund|gc)\.[a-z]{2}$|\.gov$|\.mil$|\.europa\.eu$/, 'government'],
  [/(?:^|\.)(?:edu|ac)(?:\.[a-z]{2})?$|(?:^|\.)uni-[a-z-]+\.de$/, 'education'],
];

export function inferCategories(text: string, hints: CategoryHints = {}): InferredCategories {
  const scores = new Map<Category, number>();
  addEvidence(scores, text, 1);
  if (hints.title) addEvidence(scores, hints.title, 3);
  if (hints.description) addEvidence(scores, hints.description, 2);
  if (hints.host) addHostEvidence(scores, hints.host.toLowerCase());

  const ranked = [...scores].filter(([, score]) => score >= MIN_EVIDENCE).sort((a, b) => b[1] - a[1] || CATEGORIES.indexOf(a[0]) - CATEGORIES.indexOf(b[0]));
  if (ranked.length === 0) return { primary: 'other', secondary: [] };
  const [primary, best] = ranked[0];
  const secondary = ranked
    .slice(1)
    .filter(([, score]) => score >= best * SECONDARY_SHARE)
    .slice(0, MAX_SECONDARY)
    .map(([category]) => category);
  return { primary, secondary };
}

/** Each concept adds sqrt(mentions) x its weight: repetition counts, but with diminishing returns. */
function addEvidence(scores: Map<Category, number>, text: string, factor: number): void {
  const lexicon = conceptLexicon();
  for (const [index, count] of countConcepts(terms(text), lexicon)) {
    const concept = lexicon.concepts[index];
    if (!concept.category) continue;
    const category = concept.category as Category;
    scores.set(category, (scores.get(category) ?? 0) + Math.sqrt(count) * (concept.weight ?? 1) * factor);
  }
}

function addHostEvidence(scores: Map<Category, number>, host: string): void {
  const labels = host.replace(/^www\./, '').split('.').slice(0, -1).join(' ');
  addEvidence(scores, labels, 2);
  for (const [pattern, category] of DOMAIN_HINTS) {
    if (pattern.test(host)) scores.set(category, (scores.get(category) ?? 0) + 4);
  }
}

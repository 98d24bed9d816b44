/**
 * The site's own name offered as a person: structured data often names the publishing site as
 * a recipe's or article's author ("Le Ricette della Nonna") while the byline names the person
 * who wrote it, different on every page. When a candidate gives the same value on every
 * training page, that value is part of every page's title (the site name), and another
 * candidate names different people on those pages, the site name is demoted. A blog whose
 * author is the site itself has no such competitor and keeps it. The same holds for a
 * product's brand (MAKERS below).
 */
import { fold, type PageContext } from '../../recipe/extract/index.js';
import type { Concept } from '../knowledge/index.js';
import { documentTitle } from './headings.js';
import { weigh } from './preference.js';
import type { ScoredCandidate } from './score-candidates.js';
import { valueKey } from './shapes.js';

const DEMOTION = 0.4;
const PERSON_FIT = 0.8;

function keys(s: ScoredCandidate): Array<string | null> {
  return s.values.map((v) => (v === null ? null : valueKey(v)));
}

/** The one value a candidate gives on every page, when it is the same everywhere and part of every title. */
function siteName(s: ScoredCandidate, pages: PageContext[]): string | null {
  const ks = keys(s);
  if (ks.some((k) => k === null) || new Set(ks).size !== 1) return null;
  const first = s.values[0];
  const text = typeof first === 'string' ? first : Array.isArray(first) && first.length === 1 && typeof first[0] === 'string' ? first[0] : null;
  if (!text) return null;
  return pages.every((p) => documentTitle(p).includes(fold(text))) ? ks[0] : null;
}

/**
 * Makers of the product: shop platforms fill a product's structured brand with the shop's own
 * name (the "vendor") while the page's "Brand:" line names the maker. A seller or publisher may
 * well be the site itself, so those keep it.
 */
export const MAKERS = new Set(['brand', 'manufacturer']);
const MAKER_FIT = 0.5;

export function demoteSiteNames(scored: ScoredCandidate[], concept: Concept, pages: PageContext[]): void {
  const minFit = concept.shape === 'person' ? PERSON_FIT : MAKERS.has(concept.id) ? MAKER_FIT : null;
  if (minFit === null || pages.length < 2) return;
  const varied = scored.filter((s) => s.fit >= minFit && s.coverage === 1 && new Set(keys(s)).size === pages.length);
  // A value the page names outright ("By Annelize Visagie", "Brand: Philips") on every page is
  // the field's, even when the training pages happen to share it.
  const labelled = scored.filter((s) => s.candidate.kind === 'label' && s.fit >= minFit && s.coverage === 1);
  for (const s of scored) {
    const name = siteName(s, pages);
    if (name === null) continue;
    const other = (o: ScoredCandidate) => keys(o).every((k) => k !== name);
    if (varied.some(other) || labelled.some(other)) weigh(s, DEMOTION);
  }
}

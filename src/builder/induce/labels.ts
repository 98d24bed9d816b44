/**
 * Candidates from visible labels ("Publisher: X", `<th>ISBN</th><td>…</td>`, `<dt>Zutaten</dt>`):
 * the concept's label words in every language we know, the user's own words for the field, and
 * the labels the training pages show whose words name the field ("Auteur(s)", "Superficie
 * construida"). Each label that hits is tried alone, and the exact ones all together.
 */
import type { Element } from 'domhandler';
import { foldLabel, labelValues, type PageContext } from '../../recipe/extract/index.js';
import type { Source } from '../../recipe/types.js';
import { MATCH_PRIOR, matchKind, shownLabels, type LabelMatchKind } from './page-labels.js';
import type { Candidate, InduceContext } from './types.js';

interface Hit {
  /** The label text to read with. */
  label: string;
  kind: LabelMatchKind;
  /** It says the user's own words for the field. */
  own: boolean;
}

export function labelCandidates(ctx: InduceContext): Candidate[] {
  const hits = labelHits(ctx);
  if (hits.length === 0) return [];
  const out: Candidate[] = hits.map((hit, i) => ({
    source: labelSource(ctx, hit.label),
    kind: 'label',
    prior: MATCH_PRIOR[hit.kind] - Math.min(0.1, 0.02 * i),
    own: hit.own && (hit.kind === 'exact' || hit.kind === 'stem'),
    describe: `label "${hit.label}"${hit.kind === 'exact' ? '' : ` (${hit.kind})`}`,
  }));
  const exact = hits.filter((h) => h.kind === 'exact').map((h) => h.label);
  if (exact.length > 1) {
    out.push({ source: labelSource(ctx, exact), kind: 'label', prior: 0.78, describe: `label ${exact.map((h) => `"${h}"`).join('|')}` });
  }
  return out;
}

/** Labels that occur on some training page: known words exactly first, then the page's own labels by how well they match. */
function labelHits(ctx: InduceContext): Hit[] {
  const own = new Set((ctx.concept.own ?? []).map((w) => w.toLowerCase()));
  const words = [...new Set([...ctx.concept.labels, ...own].map((l) => l.trim()).filter(Boolean))];
  const hits: Hit[] = [];
  const taken = new Set<string>();
  for (const word of words) {
    if (!ctx.pages.some((p) => labelValues(p, [word], null).length > 0)) continue;
    hits.push({ label: word, kind: 'exact', own: own.has(word.toLowerCase()) });
    taken.add(word.toLowerCase());
  }
  const fuzzy = new Map<string, Hit>();
  for (const page of ctx.pages) {
    for (const shown of shownLabels(page)) {
      const key = shown.text.toLowerCase();
      if (taken.has(key)) continue;
      for (const word of words) {
        // An exact match by words whose text differs ("Afmetingen (b x d x h)") is found here too.
        const kind = matchKind(shown, word);
        if (!kind || (kind === 'exact' && !onlyBracketsAdded(shown.text, word))) continue;
        const prev = fuzzy.get(key);
        if (!prev || MATCH_PRIOR[kind] > MATCH_PRIOR[prev.kind]) fuzzy.set(key, { label: shown.text, kind, own: own.has(word.toLowerCase()) });
      }
    }
  }
  const found = [...fuzzy.values()].filter((h) => ctx.pages.some((p) => labelValues(p, [h.label], null).length > 0));
  return [...hits, ...found.sort((a, b) => MATCH_PRIOR[b.kind] - MATCH_PRIOR[a.kind])];
}

/** "Afmetingen (b x d x h)" for "afmetingen": the page adds a bracketed qualifier and nothing else ("Cuisson —" adds a value). */
function onlyBracketsAdded(shown: string, word: string): boolean {
  return foldLabel(shown.replace(/\([^()]*\)/g, ' ')).replace(/\s+/g, ' ') === foldLabel(word);
}

/**
 * A label source; for fields of several values, restricted to the first label element when
 * the training pages show the label in separate places (the book's "Autor:" and a review's).
 */
function labelSource(ctx: InduceContext, label: string | string[]): Source {
  const labels = Array.isArray(label) ? label : [label];
  if (!ctx.concept.many) return { label };
  const scattered = ctx.pages.some((page) => scatteredLabels(page, labels));
  return scattered ? { label, first: true } : { label };
}

/** Whether the label elements found for these labels have different parents. */
function scatteredLabels(page: PageContext, labels: string[]): boolean {
  const parents = new Set<Element | null>();
  for (const m of labelValues(page, labels, null)) parents.add(m.labelEl.parent as Element | null);
  return parents.size > 1;
}

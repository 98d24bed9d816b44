/**
 * Fusing the lexical and the semantic arm into one score per slot.
 *
 * - `blend` (default): lexical score normalised by the query's idf mass (BM25 / sum of the query
 *   terms' idf, so 1 would be "every query term, saturated, in the best field") blended with the
 *   cosine rescaled above the similarity floor. A listing found by one arm only still ranks, by that
 *   arm's share.
 * - `rrf`: reciprocal rank fusion, sum of 1 / (k + rank) over the arms. Scale-free, but it throws
 *   away how far apart scores are, so a strong exact match and a weak semantic neighbour end up
 *   close; measured worse on the labelled set (docs/search.md).
 * Semantic candidates below `minSimilarity` are not candidates at all: every vector has some cosine
 * with every query, and "total" must count matches, not the catalogue.
 */

export type FusionMethod = 'blend' | 'rrf';

export interface FusionSettings {
  method: FusionMethod;
  /** Share of the lexical arm in `blend` (the semantic arm gets the rest). */
  lexicalWeight: number;
  /** Cosine below which a listing is no semantic match. */
  minSimilarity: number;
  /** The k of reciprocal rank fusion. */
  rrfK: number;
}

export const DEFAULT_FUSION: FusionSettings = { method: 'blend', lexicalWeight: 0.6, minSimilarity: 0.2, rrfK: 60 };

/** The `blend` of one slot: normalised lexical score (0 when no lexical match) and cosine (any). */
export function blendScore(lexical: number, similarity: number, settings: FusionSettings): number {
  const { lexicalWeight, minSimilarity } = settings;
  const semantic = similarity >= minSimilarity ? (similarity - minSimilarity) / (1 - minSimilarity) : 0;
  return lexicalWeight * lexical + (1 - lexicalWeight) * semantic;
}

/** Reciprocal rank fusion of slot -> normalised lexical score and slot -> cosine (above the floor). */
export function reciprocalRank(lexical: Map<number, number>, semantic: Map<number, number>, settings: FusionSettings): Map<number, number> {
  const fused = new Map<number, number>();
  const addRanks = (scores: Map<number, number>, floor: number) => {
    const ranked = [...scores].filter(([, s]) => s >= floor).sort((a, b) => b[1] - a[1]);
    ranked.forEach(([slot], rank) => fused.set(slot, (fused.get(slot) ?? 0) + 1 / (settings.rrfK + rank + 1)));
  };
  addRanks(lexical, Number.NEGATIVE_INFINITY);
  addRanks(semantic, settings.minSimilarity);
  return fused;
}

/**
 * Typo tolerance for the lexical arm: the terms of an index, findable by spelling. A query term the
 * index has never seen ("restuarant", "weahter", "hotles") is replaced by the closest known term within
 * one edit (two for words of eight letters or more), adjacent transpositions counting as one edit.
 * Candidates come from a trigram index over the vocabulary, so a lookup costs the terms sharing a
 * trigram with the query term, not the whole vocabulary; lookups only happen for unknown terms.
 * The first letter must match and stop words are never a correction ("hand" must not become "and"):
 * a wrong correction is worse than none.
 */
import { isStopWord } from './tokenize.js';

export class SpellingIndex {
  private readonly terms: string[] = [];
  private readonly byTrigram = new Map<string, number[]>();

  /** Register a term under an id (ids are dense, assigned by the caller in order). */
  add(id: number, term: string): void {
    this.terms[id] = term;
    for (const gram of trigrams(term)) {
      const list = this.byTrigram.get(gram);
      if (list) list.push(id);
      else this.byTrigram.set(gram, [id]);
    }
  }

  /**
   * The id of the closest known term within the allowed distance, preferring (among equally close)
   * the one `weight` ranks highest (document frequency); -1 when there is none or the term is short.
   */
  closest(term: string, weight: (id: number) => number): number {
    if (term.length < 4 || /\d/.test(term)) return -1;
    const maxDistance = term.length >= 8 ? 2 : 1;
    const candidates = new Set<number>();
    for (const gram of trigrams(term)) for (const id of this.byTrigram.get(gram) ?? []) candidates.add(id);
    let best = -1;
    let bestDistance = maxDistance + 1;
    let bestWeight = 0;
    for (const id of candidates) {
      const other = this.terms[id];
      if (Math.abs(other.length - term.length) > maxDistance) continue;
      const w = weight(id);
      if (w <= 0) continue;
      if (other[0] !== term[0] || isStopWord(other)) continue;
      const distance = editDistance(term, other, maxDistance);
      if (distance > maxDistance) continue;
      if (distance < bestDistance || (distance === bestDistance && w > bestWeight)) {
        best = id;
        bestDistance = distance;
        bestWeight = w;
      }
    }
    return best;
  }
}

function trigrams(term: string): Set<string> {
  const padded = `^${term}$`;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

/** Optimal string alignment distance (Levenshtein + adjacent transposition), cut off above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  let previous2 = new Array<number>(cols).fill(0);
  let previous = Array.from({ length: cols }, (_, j) => j);
  for (let i = 1; i < rows; i++) {
    const current = new Array<number>(cols);
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previous2[j - 2] + 1);
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[cols - 1];
}

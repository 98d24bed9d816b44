/**
 * The concept lexicon (concepts-data.ts) compiled for lookup: every word or phrase is reduced to the
 * same search terms the index uses (tokenize.ts), so "Mietwohnungen", "apartments" and "pisos" find
 * their concepts whatever their case, accents or plural. Phrases of up to three terms are matched
 * before single words; overlapping matches all count (a phrase adds to, never hides, its words).
 */
import { CONCEPTS, type ConceptEntry } from './concepts-data.js';
import { terms } from './tokenize.js';

export const MAX_PHRASE_TERMS = 3;

export interface ConceptLexicon {
  concepts: readonly ConceptEntry[];
  /** Search-term key ("flat", "real estat") -> indexes into `concepts`. */
  keys: ReadonlyMap<string, readonly number[]>;
}

let compiled: ConceptLexicon | undefined;

export function conceptLexicon(): ConceptLexicon {
  if (compiled) return compiled;
  const keys = new Map<string, number[]>();
  CONCEPTS.forEach((concept, index) => {
    for (const entry of concept.words.split('|')) {
      const key = terms(entry).slice(0, MAX_PHRASE_TERMS).join(' ');
      if (!key) continue;
      const list = keys.get(key) ?? [];
      if (!list.includes(index)) list.push(index);
      keys.set(key, list);
    }
  });
  compiled = { concepts: CONCEPTS, keys };
  return compiled;
}

/** How often each concept is mentioned in a list of search terms (concept index -> count). */
export function countConcepts(termList: readonly string[], lexicon: ConceptLexicon = conceptLexicon()): Map<number, number> {
  const counts = new Map<number, number>();
  for (let i = 0; i < termList.length; i++) {
    let key = '';
    for (let n = 1; n <= MAX_PHRASE_TERMS && i + n <= termList.length; n++) {
      key = n === 1 ? termList[i] : `${key} ${termList[i + n - 1]}`;
      const hits = lexicon.keys.get(key);
      if (!hits) continue;
      // An ambiguous word counts fractionally for each of its meanings.
      for (const concept of hits) counts.set(concept, (counts.get(concept) ?? 0) + 1 / hits.length);
    }
  }
  return counts;
}

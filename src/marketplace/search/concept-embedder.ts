/**
 * The default, offline embedder: no model file, no network, microseconds per text.
 *
 * A vector has two blocks, each L2-normalised and weighted, then the whole normalised:
 * - concepts: one dimension per curated concept (concepts-data.ts). Words that differ but mean the
 *   same ("flat", "Wohnung", "piso", "apartment") land on the same dimension, which is what the
 *   lexical arm cannot do. Counts are damped (1 + ln n) and scaled by the concept's weight.
 * - character trigrams: each search term's trigrams ("^bo", "boo", "ook", "ok$") hashed with a sign
 *   into `hashDims` buckets. This catches what the lexicon does not list: compounds
 *   ("Mietwohnungen" shares trigrams with "wohnung"), typos, and related word forms.
 * Cosine between two such vectors is a weighted mix of concept overlap and spelling overlap.
 */
import { conceptLexicon, countConcepts } from './concepts.js';
import { terms } from './tokenize.js';
import type { Embedder } from './types.js';

export interface ConceptEmbedderOptions {
  /** Buckets of the trigram block (default 256). */
  hashDims?: number;
  /** Weight of the concept block (default 1). */
  conceptWeight?: number;
  /** Weight of the trigram block (default 0.25; measured in docs/search.md). */
  trigramWeight?: number;
}

export function createConceptEmbedder(options: ConceptEmbedderOptions = {}): Embedder {
  const lexicon = conceptLexicon();
  const conceptDims = lexicon.concepts.length;
  const hashDims = options.hashDims ?? 256;
  const conceptWeight = options.conceptWeight ?? 1;
  const trigramWeight = options.trigramWeight ?? 0.25;
  const dim = conceptDims + hashDims;

  function embedOne(text: string): Float32Array {
    const termList = terms(text);
    const vector = new Float32Array(dim);
    for (const [concept, count] of countConcepts(termList, lexicon)) {
      vector[concept] = (1 + Math.log(count)) * (lexicon.concepts[concept].weight ?? 1);
    }
    for (const term of termList) addTrigrams(vector, conceptDims, hashDims, term);
    scaleRange(vector, 0, conceptDims, conceptWeight);
    scaleRange(vector, conceptDims, dim, trigramWeight);
    scaleRange(vector, 0, dim, 1);
    return vector;
  }

  return {
    dim,
    model: `quarry-concepts-v1-${hashDims}`,
    sparse: true,
    embed: (texts) => Promise.resolve(texts.map(embedOne)),
  };
}

/** Adds the signed, hashed trigrams of one term; every term contributes the same total mass. */
function addTrigrams(vector: Float32Array, start: number, buckets: number, term: string): void {
  const padded = `^${term}$`;
  const count = Math.max(padded.length - 2, 1);
  const share = 1 / Math.sqrt(count);
  for (let i = 0; i + 3 <= padded.length || i === 0; i++) {
    const hash = fnv1a(padded.slice(i, i + 3));
    const sign = hash & 0x80000000 ? -1 : 1;
    vector[start + ((hash & 0x7fffffff) % buckets)] += sign * share;
    if (padded.length < 3) break;
  }
}

/** L2-normalise the range [from, to) to length `target` (zero ranges stay zero). */
function scaleRange(vector: Float32Array, from: number, to: number, target: number): void {
  let sum = 0;
  for (let i = from; i < to; i++) sum += vector[i] * vector[i];
  if (sum === 0) return;
  const factor = target / Math.sqrt(sum);
  for (let i = from; i < to; i++) vector[i] *= factor;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * One hybrid query over one collection (listings or endpoints): run the lexical arm, run the
 * semantic arm over the accepted slots, fuse, apply a per-slot boost, and order. Shared by the
 * listing search and the endpoint search so both rank the same way.
 */
import type { FieldedBm25, ScoreBuffer } from './bm25.js';
import { fuse, type FusionSettings } from './fusion.js';
import type { VectorStore } from './vectors.js';

export interface HybridCollection {
  bm25: FieldedBm25;
  buffer: ScoreBuffer;
  vectors: VectorStore;
  /** One past the highest slot in use. */
  slotCount: number;
}

export interface HybridQuery {
  terms: string[];
  /** Null: lexical arm only. */
  vector: Float32Array | null;
  fusion: FusionSettings;
  /** Whether a slot may be returned (it exists and passes the filters). */
  accept: (slot: number) => boolean;
  /** Multiplier for a slot's fused score (country boost); 1 for none. */
  boost: (slot: number) => number;
  /** Orders equal scores (higher first), e.g. the listing's top_score. */
  tieBreak: (slot: number) => number;
}

export interface RankedSlot {
  slot: number;
  score: number;
}

export function hybridRank(collection: HybridCollection, query: HybridQuery): RankedSlot[] {
  const lexical = lexicalScores(collection, query);
  const semantic = query.vector ? semanticScores(collection, query, query.vector) : new Map<number, number>();
  const fused = fuse(lexical, semantic, query.fusion);
  const ranked: RankedSlot[] = [];
  for (const [slot, score] of fused) ranked.push({ slot, score: score * query.boost(slot) });
  return ranked.sort((a, b) => b.score - a.score || query.tieBreak(b.slot) - query.tieBreak(a.slot) || a.slot - b.slot);
}

/** BM25 per accepted slot, divided by the query's idf mass (0..1). */
function lexicalScores(collection: HybridCollection, query: HybridQuery): Map<number, number> {
  const { bm25, buffer } = collection;
  const scores = new Map<number, number>();
  if (query.terms.length === 0) return scores;
  buffer.ensure(collection.slotCount);
  try {
    const idfMass = bm25.score(query.terms, buffer);
    for (let i = 0; i < buffer.count; i++) {
      const slot = buffer.touched[i];
      if (query.accept(slot)) scores.set(slot, buffer.scores[slot] / idfMass);
    }
  } finally {
    buffer.clear();
  }
  return scores;
}

/** Cosine per accepted slot, kept only above the similarity floor. */
function semanticScores(collection: HybridCollection, query: HybridQuery, vector: Float32Array): Map<number, number> {
  const scores = new Map<number, number>();
  const floor = query.fusion.minSimilarity;
  for (let slot = 0; slot < collection.slotCount; slot++) {
    if (!query.accept(slot)) continue;
    const similarity = collection.vectors.similarity(vector, slot);
    if (similarity !== null && similarity >= floor) scores.set(slot, similarity);
  }
  return scores;
}

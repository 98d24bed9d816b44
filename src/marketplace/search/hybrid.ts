/**
 * One hybrid query over one collection (listings or endpoints): run the lexical arm, run the
 * semantic arm, fuse the accepted slots, apply a per-slot boost, and keep the k best. Shared
 * by the listing search and the endpoint search so both rank the same way.
 *
 * Hot path (every search): scores live in typed arrays indexed by slot and are cleared after use;
 * no per-candidate objects except the k kept ones.
 */
import type { FieldedBm25, ScoreBuffer } from './bm25.js';
import { blendScore, reciprocalRank, type FusionSettings } from './fusion.js';
import { betterBy, TopK, type RankedSlot } from './top-k.js';
import type { VectorStore } from './vectors.js';

export type { RankedSlot } from './top-k.js';

export interface HybridCollection {
  bm25: FieldedBm25;
  /** Lexical accumulator. */
  buffer: ScoreBuffer;
  /** Semantic scratch: cosines of the slots above the floor. */
  similarities: ScoreBuffer;
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

export interface HybridResult {
  /** Every matching slot counted, whether kept or not. */
  total: number;
  /** The k best, best first. */
  top: RankedSlot[];
}

export function hybridRank(collection: HybridCollection, query: HybridQuery, k: number): HybridResult {
  const { buffer, similarities } = collection;
  buffer.ensure(collection.slotCount);
  similarities.ensure(collection.slotCount);
  try {
    const idfMass = query.terms.length > 0 ? collection.bm25.score(query.terms, buffer) : 0;
    if (query.vector) semanticArm(collection, query.vector);
    const best = new TopK(k, betterBy(query.tieBreak));
    if (query.fusion.method === 'rrf') offerRrf(collection, query, idfMass, best);
    else offerBlend(collection, query, idfMass, best);
    return { total: best.total, top: best.sorted() };
  } finally {
    buffer.clear();
    similarities.clear();
  }
}

/** Cosine of every slot sharing a dimension with the query (filters and floor apply when offering). */
function semanticArm(collection: HybridCollection, vector: Float32Array): void {
  collection.vectors.scoreAll(vector, collection.similarities);
}

function offerBlend(collection: HybridCollection, query: HybridQuery, idfMass: number, best: TopK): void {
  const { buffer, similarities } = collection;
  for (let i = 0; i < buffer.count; i++) {
    const slot = buffer.touched[i];
    if (!query.accept(slot)) continue;
    const score = blendScore(buffer.scores[slot] / idfMass, similarities.scores[slot], query.fusion);
    best.offer(slot, score * query.boost(slot));
  }
  // Semantic-only matches: above the floor, accepted, and not offered above (no lexical score).
  const floor = query.fusion.minSimilarity;
  for (let i = 0; i < similarities.count; i++) {
    const slot = similarities.touched[i];
    const similarity = similarities.scores[slot];
    if (similarity < floor || buffer.has(slot) || !query.accept(slot)) continue;
    best.offer(slot, blendScore(0, similarity, query.fusion) * query.boost(slot));
  }
}

function offerRrf(collection: HybridCollection, query: HybridQuery, idfMass: number, best: TopK): void {
  const { buffer, similarities } = collection;
  const lexical = new Map<number, number>();
  for (let i = 0; i < buffer.count; i++) {
    const slot = buffer.touched[i];
    if (query.accept(slot)) lexical.set(slot, buffer.scores[slot] / idfMass);
  }
  const semantic = new Map<number, number>();
  for (let i = 0; i < similarities.count; i++) {
    const slot = similarities.touched[i];
    if (query.accept(slot)) semantic.set(slot, similarities.scores[slot]);
  }
  for (const [slot, score] of reciprocalRank(lexical, semantic, query.fusion)) best.offer(slot, score * query.boost(slot));
}

/**
 * Unit vectors per slot, compared with a query by dot product (= cosine, all vectors normalised).
 * A vector that is mostly zeros (the concept embedder's are) is kept sparse, index + value, which
 * cuts memory and time by the same factor; a dense one (remote models) is kept as it came.
 */

interface SparseVector {
  indexes: Uint16Array | Uint32Array;
  values: Float32Array;
}

type Stored = Float32Array | SparseVector;

/** Keep a vector sparse when at most this share of its entries is non-zero. */
const SPARSE_SHARE = 0.35;

export class VectorStore {
  private readonly vectors: (Stored | undefined)[] = [];
  private dimension = 0;

  get dim(): number {
    return this.dimension;
  }

  set(slot: number, vector: Float32Array): void {
    if (this.dimension === 0) this.dimension = vector.length;
    if (vector.length !== this.dimension) {
      throw new Error(`vector of dimension ${vector.length} where the store holds ${this.dimension}`);
    }
    this.vectors[slot] = compact(normalised(vector));
  }

  has(slot: number): boolean {
    return this.vectors[slot] !== undefined;
  }

  delete(slot: number): void {
    this.vectors[slot] = undefined;
  }

  /** Cosine of the query with the vector in `slot`; null when the slot has none. */
  similarity(query: Float32Array, slot: number): number | null {
    const stored = this.vectors[slot];
    if (!stored) return null;
    if (stored instanceof Float32Array) {
      let sum = 0;
      for (let i = 0; i < stored.length; i++) sum += stored[i] * query[i];
      return sum;
    }
    const { indexes, values } = stored;
    let sum = 0;
    for (let i = 0; i < indexes.length; i++) sum += values[i] * query[indexes[i]];
    return sum;
  }
}

export function normalised(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i] * vector[i];
  if (sum === 0 || Math.abs(sum - 1) < 1e-6) return vector;
  const factor = 1 / Math.sqrt(sum);
  return vector.map((v) => v * factor);
}

function compact(vector: Float32Array): Stored {
  let nonZero = 0;
  for (let i = 0; i < vector.length; i++) if (vector[i] !== 0) nonZero++;
  if (nonZero > vector.length * SPARSE_SHARE) return vector;
  const indexes = vector.length <= 0xffff ? new Uint16Array(nonZero) : new Uint32Array(nonZero);
  const values = new Float32Array(nonZero);
  let j = 0;
  for (let i = 0; i < vector.length; i++) {
    if (vector[i] === 0) continue;
    indexes[j] = i;
    values[j++] = vector[i];
  }
  return { indexes, values };
}

/**
 * Unit vectors per slot, scored against a query by dot product (= cosine, all vectors normalised).
 *
 * Two layouts, chosen by the embedder (`Embedder.sparse`):
 * - sparse (the concept embedder): an inverted index, one posting list (slot, value) per dimension.
 *   A query only walks the dimensions it has, so 10,000 listings cost the postings of ~20-40
 *   dimensions instead of 10,000 full dot products; memory is the number of non-zeros.
 * - dense (remote models, every dimension non-zero): a Float32Array per slot and a plain dot product.
 */
import type { ScoreBuffer } from './bm25.js';

class DimensionPostings {
  slots = new Int32Array(8);
  values = new Float32Array(8);
  length = 0;

  push(slot: number, value: number): void {
    if (this.length === this.slots.length) {
      const slots = new Int32Array(this.length * 2);
      slots.set(this.slots);
      this.slots = slots;
      const values = new Float32Array(this.length * 2);
      values.set(this.values);
      this.values = values;
    }
    this.slots[this.length] = slot;
    this.values[this.length++] = value;
  }

  delete(slot: number): void {
    for (let i = 0; i < this.length; i++) {
      if (this.slots[i] !== slot) continue;
      this.length--;
      this.slots[i] = this.slots[this.length];
      this.values[i] = this.values[this.length];
      return;
    }
  }
}

export class VectorStore {
  private readonly sparse: boolean;
  private dimension = 0;
  /** Dense layout: the vector per slot. Sparse layout: the dimensions per slot (for deletion). */
  private readonly rows: (Float32Array | Uint32Array | undefined)[] = [];
  private readonly columns: DimensionPostings[] = [];

  constructor(layout: 'sparse' | 'dense') {
    this.sparse = layout === 'sparse';
  }

  get dim(): number {
    return this.dimension;
  }

  set(slot: number, vector: Float32Array): void {
    if (this.dimension === 0) this.dimension = vector.length;
    if (vector.length !== this.dimension) {
      throw new Error(`vector of dimension ${vector.length} where the store holds ${this.dimension}`);
    }
    this.delete(slot);
    const unit = normalised(vector);
    if (!this.sparse) {
      this.rows[slot] = unit;
      return;
    }
    const dims: number[] = [];
    for (let d = 0; d < unit.length; d++) {
      if (unit[d] === 0) continue;
      (this.columns[d] ??= new DimensionPostings()).push(slot, unit[d]);
      dims.push(d);
    }
    this.rows[slot] = Uint32Array.from(dims);
  }

  has(slot: number): boolean {
    return this.rows[slot] !== undefined;
  }

  delete(slot: number): void {
    const row = this.rows[slot];
    if (!row) return;
    if (row instanceof Uint32Array) for (const d of row) this.columns[d].delete(slot);
    this.rows[slot] = undefined;
  }

  /** Add the cosine of `query` with every stored vector into `out` (slots with no overlap may be absent). */
  scoreAll(query: Float32Array, out: ScoreBuffer): void {
    if (this.dimension === 0 || query.length !== this.dimension) return;
    if (this.sparse) {
      for (let d = 0; d < query.length; d++) {
        const q = query[d];
        const column = this.columns[d];
        if (q === 0 || !column) continue;
        for (let i = 0; i < column.length; i++) out.add(column.slots[i], q * column.values[i]);
      }
      return;
    }
    for (let slot = 0; slot < this.rows.length; slot++) {
      const row = this.rows[slot] as Float32Array | undefined;
      if (!row) continue;
      let sum = 0;
      for (let i = 0; i < row.length; i++) sum += row[i] * query[i];
      out.add(slot, sum);
    }
  }
}

export function normalised(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i] * vector[i];
  if (sum === 0 || Math.abs(sum - 1) < 1e-6) return vector;
  const factor = 1 / Math.sqrt(sum);
  return vector.map((v) => v * factor);
}

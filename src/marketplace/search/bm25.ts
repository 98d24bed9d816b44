/**
 * Incremental, field-weighted BM25 (the simple BM25F of Robertson & Zaragoza): per document, the
 * term frequencies of each field are length-normalised, weighted and summed BEFORE saturation, so a
 * term that appears in the name and the description is not counted twice as two separate matches.
 *
 *   tf~(t,d) = sum_f  w_f * tf_f / (1 - b_f + b_f * len_f / avglen_f)
 *   score    = sum_t  idf(t) * tf~ / (k1 + tf~),   idf = ln(1 + (N - df + 0.5) / (df + 0.5))
 *
 * Documents live in caller-owned integer slots. Postings are typed arrays per term (slot + the field
 * frequencies packed 8 bits each into one uint32), so 10,000 listings cost a few MB, an upsert only
 * touches the postings of that document's own terms, and statistics (N, df, avglen) are always
 * current without a rebuild.
 */
import { SpellingIndex } from './fuzzy.js';

export interface FieldSpec {
  /** Importance of a match in this field relative to the others. */
  weight: number;
  /** Length normalisation, 0 (none) to 1 (full). */
  b: number;
}

/** Scores of the documents a query touched; reused between queries to avoid allocation. */
export class ScoreBuffer {
  scores = new Float64Array(0);
  touched = new Int32Array(0);
  /** 1 for touched slots: a score may sum to exactly 0 (signed vectors), so the score cannot tell. */
  private marks = new Uint8Array(0);
  count = 0;

  ensure(capacity: number): void {
    if (this.scores.length >= capacity) return;
    const size = Math.max(capacity, this.scores.length * 2, 64);
    this.scores = new Float64Array(size);
    this.touched = new Int32Array(size);
    this.marks = new Uint8Array(size);
    this.count = 0;
  }

  add(slot: number, value: number): void {
    if (this.marks[slot] === 0) {
      this.marks[slot] = 1;
      this.touched[this.count++] = slot;
    }
    this.scores[slot] += value;
  }

  has(slot: number): boolean {
    return this.marks[slot] === 1;
  }

  clear(): void {
    for (let i = 0; i < this.count; i++) {
      this.scores[this.touched[i]] = 0;
      this.marks[this.touched[i]] = 0;
    }
    this.count = 0;
  }
}

class Postings {
  slots = new Int32Array(4);
  tfs = new Uint32Array(4);
  length = 0;

  push(slot: number, packed: number): void {
    if (this.length === this.slots.length) {
      const slots = new Int32Array(this.length * 2);
      slots.set(this.slots);
      this.slots = slots;
      const tfs = new Uint32Array(this.length * 2);
      tfs.set(this.tfs);
      this.tfs = tfs;
    }
    this.slots[this.length] = slot;
    this.tfs[this.length] = packed;
    this.length++;
  }

  /** Swap-remove: order of postings does not matter for scoring. */
  delete(slot: number): void {
    for (let i = 0; i < this.length; i++) {
      if (this.slots[i] !== slot) continue;
      this.length--;
      this.slots[i] = this.slots[this.length];
      this.tfs[i] = this.tfs[this.length];
      return;
    }
  }
}

const MAX_FIELDS = 4;
/** A misspelt query term matched through its correction counts this much of an exact match. */
const CORRECTED_TERM_FACTOR = 0.8;
const MAX_TF = 255;

export class FieldedBm25 {
  private readonly fields: FieldSpec[];
  private readonly k1: number;
  private readonly termIds = new Map<string, number>();
  private readonly postings: Postings[] = [];
  private readonly spelling = new SpellingIndex();
  /** Per slot: the term ids it was indexed under (to remove it), or undefined when empty. */
  private readonly slotTerms: (Int32Array | undefined)[] = [];
  /** Per field, per slot: the field's length in terms. */
  private readonly lengths: number[][];
  private readonly totalLengths: number[];
  private docCount = 0;

  constructor(fields: FieldSpec[], k1 = 1.2) {
    if (fields.length === 0 || fields.length > MAX_FIELDS) throw new Error(`FieldedBm25 takes 1 to ${MAX_FIELDS} fields`);
    this.fields = fields;
    this.k1 = k1;
    this.lengths = fields.map(() => []);
    this.totalLengths = fields.map(() => 0);
  }

  get size(): number {
    return this.docCount;
  }

  /** Index a document's fields (terms per field, in field order) under a slot; replaces what the slot held. */
  add(slot: number, fieldTerms: string[][]): void {
    this.remove(slot);
    const packed = new Map<number, number>();
    fieldTerms.forEach((list, field) => {
      const shift = field * 8;
      for (const term of list) {
        const id = this.termId(term);
        const current = packed.get(id) ?? 0;
        if (((current >>> shift) & 0xff) < MAX_TF) packed.set(id, current + (1 << shift));
      }
      this.lengths[field][slot] = list.length;
      this.totalLengths[field] += list.length;
    });
    const ids = new Int32Array(packed.size);
    let i = 0;
    for (const [id, tf] of packed) {
      this.postings[id].push(slot, tf >>> 0);
      ids[i++] = id;
    }
    this.slotTerms[slot] = ids;
    this.docCount++;
  }

  remove(slot: number): void {
    const ids = this.slotTerms[slot];
    if (!ids) return;
    for (const id of ids) this.postings[id].delete(slot);
    this.fields.forEach((_, field) => {
      this.totalLengths[field] -= this.lengths[field][slot] ?? 0;
      this.lengths[field][slot] = 0;
    });
    this.slotTerms[slot] = undefined;
    this.docCount--;
  }

  /**
   * Add the BM25F score of every document matching any query term into `buffer`. Returns the query's
   * idf mass (sum over its distinct terms, unknown terms counted as the rarest), the natural scale
   * for normalising the scores: a document can only approach it by matching every term well.
   * A term the index does not hold is replaced by its closest spelling (fuzzy.ts), at a discount.
   */
  score(queryTerms: string[], buffer: ScoreBuffer): number {
    const n = this.docCount;
    if (n === 0) return 0;
    const avg = this.totalLengths.map((total) => Math.max(total / n, 1e-9));
    let idfMass = 0;
    for (const term of new Set(queryTerms)) {
      let list = this.postingsOf(this.termIds.get(term));
      let factor = 1;
      if (!list) {
        list = this.postingsOf(this.spelling.closest(term, (id) => this.postings[id].length));
        factor = CORRECTED_TERM_FACTOR;
      }
      const df = list?.length ?? 0;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      idfMass += idf;
      if (!list) continue;
      for (let i = 0; i < df; i++) {
        const slot = list.slots[i];
        const tf = this.weightedTf(list.tfs[i], slot, avg);
        buffer.add(slot, (factor * idf * tf) / (this.k1 + tf));
      }
    }
    return idfMass;
  }

  /** Postings of a term id, or undefined when the id is unknown (-1 too) or no document has it any more. */
  private postingsOf(id: number | undefined): Postings | undefined {
    if (id === undefined || id < 0) return undefined;
    const list = this.postings[id];
    return list.length > 0 ? list : undefined;
  }

  private weightedTf(packed: number, slot: number, avg: number[]): number {
    let sum = 0;
    for (let field = 0; field < this.fields.length; field++) {
      const tf = (packed >>> (field * 8)) & 0xff;
      if (tf === 0) continue;
      const { weight, b } = this.fields[field];
      sum += (weight * tf) / (1 - b + (b * this.lengths[field][slot]) / avg[field]);
    }
    return sum;
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.postings.length;
      this.termIds.set(term, id);
      this.postings.push(new Postings());
      this.spelling.add(id, term);
    }
    return id;
  }
}

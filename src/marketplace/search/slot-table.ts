/**
 * Integer slots for entries, reusing freed ones so the arrays indexed by slot (BM25 lengths,
 * vectors, score buffers) stay as large as the peak collection, not as the number of upserts.
 */
export class SlotTable<T> {
  private readonly entries: (T | undefined)[] = [];
  private readonly free: number[] = [];
  private count = 0;

  insert(entry: T): number {
    const slot = this.free.pop() ?? this.entries.length;
    this.entries[slot] = entry;
    this.count++;
    return slot;
  }

  release(slot: number): void {
    if (this.entries[slot] === undefined) return;
    this.entries[slot] = undefined;
    this.free.push(slot);
    this.count--;
  }

  get(slot: number): T | undefined {
    return this.entries[slot];
  }

  /** Number of live entries. */
  get size(): number {
    return this.count;
  }

  /** One past the highest slot ever used: the bound for loops over slots. */
  get capacity(): number {
    return this.entries.length;
  }

  *values(): IterableIterator<T> {
    for (const entry of this.entries) if (entry !== undefined) yield entry;
  }
}

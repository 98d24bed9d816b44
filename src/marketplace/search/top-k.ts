/**
 * The k best of a stream of scored slots, kept in a min-heap, so a query touching 10,000 listings
 * for a page of 20 costs n log k instead of sorting everything.
 */

export interface RankedSlot {
  slot: number;
  score: number;
}

/** Greater-than on (score, tie-break, lower slot first): total, so equal scores page stably. */
export type Better = (a: RankedSlot, b: RankedSlot) => boolean;

export function betterBy(tieBreak: (slot: number) => number): Better {
  return (a, b) => {
    if (a.score !== b.score) return a.score > b.score;
    const ta = tieBreak(a.slot);
    const tb = tieBreak(b.slot);
    if (ta !== tb) return ta > tb;
    return a.slot < b.slot;
  };
}

export class TopK {
  private readonly heap: RankedSlot[] = [];
  private seen = 0;

  constructor(
    private readonly k: number,
    private readonly better: Better,
  ) {}

  /** Number of items offered (the query's total). */
  get total(): number {
    return this.seen;
  }

  offer(slot: number, score: number): void {
    this.seen++;
    if (this.k <= 0) return;
    const item = { slot, score };
    if (this.heap.length < this.k) {
      this.heap.push(item);
      this.siftUp(this.heap.length - 1);
    } else if (this.better(item, this.heap[0])) {
      this.heap[0] = item;
      this.siftDown(0);
    }
  }

  /** The kept items, best first. */
  sorted(): RankedSlot[] {
    return [...this.heap].sort((a, b) => (this.better(a, b) ? -1 : this.better(b, a) ? 1 : 0));
  }

  // The root is the WORST kept item, so a newcomer only has to beat it.
  private siftUp(i: number): void {
    const { heap } = this;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.better(heap[parent], heap[i])) break;
      [heap[parent], heap[i]] = [heap[i], heap[parent]];
      i = parent;
    }
  }

  private siftDown(i: number): void {
    const { heap } = this;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < heap.length && this.better(heap[worst], heap[left])) worst = left;
      if (right < heap.length && this.better(heap[worst], heap[right])) worst = right;
      if (worst === i) return;
      [heap[worst], heap[i]] = [heap[i], heap[worst]];
      i = worst;
    }
  }
}

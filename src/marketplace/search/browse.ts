/**
 * Browse orders (no query): `top` (top_score desc), `recent` (updated_at desc), `name` (A to Z,
 * locale-aware collation, so "Ärzte" sorts with "A" and "item 10" after "item 9"). Each order is
 * computed once and kept until the next change to the index, so browsing 10,000 listings costs a
 * filter and a slice, not a sort.
 */
import type { BrowseSort } from './types.js';

export interface BrowseEntry {
  slot: number;
  id: string;
  name: string;
  topScore: number;
  updatedMs: number;
}

export class BrowseOrders {
  private readonly collator: Intl.Collator;
  private readonly cache = new Map<BrowseSort, number[]>();

  constructor(locale: string) {
    this.collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  }

  invalidate(): void {
    this.cache.clear();
  }

  /** Slots in `sort` order; `entries` is read only when the order is not cached. */
  order(sort: BrowseSort, entries: () => BrowseEntry[]): number[] {
    const cached = this.cache.get(sort);
    if (cached) return cached;
    const list = entries().sort(this.comparator(sort));
    const slots = list.map((e) => e.slot);
    this.cache.set(sort, slots);
    return slots;
  }

  /** Ties fall through to name, then id, so every order is total and pages never overlap. */
  private comparator(sort: BrowseSort): (a: BrowseEntry, b: BrowseEntry) => number {
    const byName = (a: BrowseEntry, b: BrowseEntry) =>
      this.collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    if (sort === 'name') return byName;
    if (sort === 'recent') return (a, b) => b.updatedMs - a.updatedMs || byName(a, b);
    return (a, b) => b.topScore - a.topScore || byName(a, b);
  }
}

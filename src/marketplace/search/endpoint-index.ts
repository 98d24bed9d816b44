/**
 * The endpoints of all listings as their own searchable collection (for search-endpoints): each
 * endpoint has a slot, BM25 fields (endpoint name, summary, its API's name) and a vector. The
 * listing index owns the lifecycle: it adds a listing's endpoints after indexing the listing and
 * removes them with it.
 */
import { FieldedBm25, ScoreBuffer } from './bm25.js';
import { ENDPOINT_FIELDS, endpointFields } from './listing-text.js';
import { SlotTable } from './slot-table.js';
import type { ListingDoc, ListingEndpoint } from './types.js';
import { VectorStore } from './vectors.js';

export interface EndpointEntry {
  listingSlot: number;
  endpoint: ListingEndpoint;
}

export class EndpointIndex {
  readonly bm25 = new FieldedBm25(ENDPOINT_FIELDS);
  readonly buffer = new ScoreBuffer();
  readonly similarities = new ScoreBuffer();
  readonly vectors: VectorStore;
  readonly table = new SlotTable<EndpointEntry>();

  constructor(layout: 'sparse' | 'dense') {
    this.vectors = new VectorStore(layout);
  }

  /** Index every endpoint of `doc`; returns their slots in endpoint order. */
  add(listingSlot: number, doc: ListingDoc): number[] {
    return doc.endpoints.map((endpoint) => {
      const slot = this.table.insert({ listingSlot, endpoint });
      this.bm25.add(slot, endpointFields(doc, endpoint));
      return slot;
    });
  }

  remove(slots: readonly number[]): void {
    for (const slot of slots) {
      this.bm25.remove(slot);
      this.vectors.delete(slot);
      this.table.release(slot);
    }
  }

  get size(): number {
    return this.table.size;
  }
}

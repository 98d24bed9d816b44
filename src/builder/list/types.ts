/**
 * Induction of list extractions (HTML list pages, search results, JSON APIs).
 *
 * Glossary
 * - Record region: sibling elements sharing a tag+class signature, repeated at least three times,
 *   each holding a link and text (a product card, a table row, a search hit).
 * - Item selector: the CSS selector that picks exactly the records of the region on every
 *   training page (the `items` of a `list` extraction).
 * - Field: one value read in each record, by a selector relative to the record (or a JSON path
 *   for JSON records), with the transforms that type it.
 * - Training pages: the list pages induction learns from; the extraction is expected to work on
 *   every page of the same template, including ones never seen.
 */
import type { Extraction, PaginationStrategy } from '../../recipe/types.js';

export type TypeHint = 'string' | 'number' | 'integer' | 'boolean' | 'url' | 'date' | 'array';

export interface InducedField {
  name: string;
  type: TypeHint;
  /** Up to five distinct non-empty values, as the extraction yields them. */
  samples: unknown[];
  /** Every record's value on the training pages (nulls kept; at most 200): feed inferSchemaType. */
  values: unknown[];
  /** Share of training records with a value. */
  coverage: number;
  /** How it is read, for people: `css "h3 a" @title`, `json "price"`. */
  describe: string;
}

/** The request of a list's first page, paired with its pagination strategy. */
export interface ListRequest {
  /**
   * Absolute URL template of the request step. For next_link and cursor-with-start strategies the
   * first page's URL as is (`{+cursor}` for a next-URL cursor); for page_param/offset it may hold
   * the page var (`/catalogue/page-{page}.html`) or leave it to `query`.
   */
  url: string;
  query?: Record<string, string>;
}

export interface InducedList {
  extraction: Extraction & { kind: 'list' };
  /** How to reach the next pages; null when the training pages show no pagination. */
  pagination: PaginationStrategy | null;
  /** The request step for the paginate step (always set: the first training page at least). */
  request: ListRequest;
  /**
   * Every pagination that holds, best first (`pagination`/`request` are the first): e.g. a
   * page_param alternative with its request, for an endpoint letting callers pick a page.
   */
  paginationOptions: Array<{ strategy: PaginationStrategy; request: ListRequest; describe: string }>;
  fields: InducedField[];
  /** Records the extraction finds on each training page, in order. */
  itemCount: number[];
  /** 0..1: repetition, field coverage, agreement across pages. */
  confidence: number;
  /** Human-readable notes (why this region, what was left out). */
  notes: string[];
}

export interface InducedJsonList {
  extraction: Extraction & { kind: 'json_list' };
  /** Path of the record array (`$` = the body itself). */
  path: string;
  pagination: PaginationStrategy | null;
  request: ListRequest;
  fields: InducedField[];
  itemCount: number[];
  confidence: number;
  notes: string[];
}

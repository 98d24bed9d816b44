/**
 * What the builder knows about common fields, independent of any site: the names people give
 * them, the labels pages show next to them (in many languages), where schema.org puts them, and
 * the shape of their values.
 *
 * Glossary
 * - Concept: one kind of datum (a price, an author, a cooking time...).
 * - Shape: what a well-formed value looks like; it drives validation of candidates during
 *   induction and the transforms that type the output.
 */

import type { Transform } from '../../recipe/types.js';

export type Shape =
  | 'title'
  | 'text'
  | 'longtext'
  | 'person'
  | 'organization'
  | 'isbn13'
  | 'isbn10'
  | 'gtin'
  | 'identifier'
  | 'price'
  | 'currency'
  | 'date'
  | 'duration'
  | 'yield'
  | 'availability'
  | 'condition'
  | 'list'
  | 'url'
  | 'image'
  | 'number'
  | 'integer'
  | 'rating'
  | 'boolean';

/**
 * Every concept the registry defines. A concept's id, a language table's key and a borrowFrom
 * reference must be one of these, so a misspelt id is a compile error, not a concept that is
 * silently never found; test/builder/registry.test.ts checks each id has exactly one concept.
 */
export const CONCEPT_IDS = [
  'price', 'list_price', 'currency', 'availability', 'condition', 'sku', 'mpn', 'gtin', 'brand',
  'manufacturer', 'seller', 'warranty', 'color', 'size', 'material', 'weight', 'dimensions', 'title',
  'description', 'image', 'url', 'author', 'publisher', 'date_published', 'date_modified', 'rating',
  'review_count', 'category', 'language', 'keywords', 'ingredients', 'instructions', 'yields', 'total_time',
  'prep_time', 'cook_time', 'calories', 'cuisine', 'course', 'isbn13', 'isbn10', 'pages', 'book_format',
  'edition', 'series', 'translator', 'company', 'job_title', 'salary', 'employment_type', 'date_posted',
  'location', 'phone', 'email', 'start_date', 'bedrooms', 'bathrooms', 'floor_level', 'floor_area',
  'mileage', 'year', 'remote', 'performer', 'director', 'cast', 'id',
] as const;

export type ConceptId = (typeof CONCEPT_IDS)[number];

/** The id of a concept made from a requested field's own words (a field the registry does not know). */
export type OwnConceptId = `field:${string}`;

export interface SchemaPath {
  /** schema.org types the path applies to; absent = the page's main entity. */
  types?: string[];
  /** Path inside the object, evaluation syntax of the extraction language (`offers.price`). */
  path: string;
}

export interface Concept {
  id: ConceptId | OwnConceptId;
  /** Field names (folded, words joined by `_`) that mean this concept, in several languages. */
  names: string[];
  /** Labels shown next to the value on pages (en, es, nl, de, fr, it, pt, pl...). */
  labels: string[];
  /** schema.org locations, best first. */
  schema: SchemaPath[];
  /** Microdata itemprops (dotted for nesting), best first. */
  microdata?: string[];
  /** <meta> property/name keys. */
  meta?: string[];
  /** Words found in ids/classes/data attributes of the elements holding the value. */
  anchors: string[];
  shape: Shape;
  /** Several values per page (authors, ingredients). */
  many?: boolean;
  /** Each value is a line stating an amount, written first ("275 g flour"): see induce/amount-first.ts. */
  amountFirst?: boolean;
  /** Values usually appear in the page's title (a brand in the product name). */
  inTitle?: boolean;
  /**
   * Concepts whose sources also carry this value, with the cleaning that extracts it: a
   * currency is read from the price text, a date from "Publisher: X (June 5, 2010)".
   */
  borrowFrom?: Array<{ concept: ConceptId; clean?: Transform[] }>;
  /** Cleaning every source of this concept needs (a publisher without its trailing date). */
  clean?: Transform[];
  /** A former price: the page shows it struck out next to the current one. */
  struck?: boolean;
  /**
   * How list and JSON-API induction name this concept in a record: the words that mean it in an
   * item's class names, data attributes and JSON keys, and the record key (default the id).
   */
  record?: { words: string[]; key?: string };
  /**
   * The user's own words for the field (its name split from snake_case or camelCase, a short
   * hint): a label that says exactly these words is trusted even when the value does not fit the
   * concept's shape (a "UPC" row holding a shop's own hex code). Set by resolveField.
   */
  own?: string[];
}

/** A concept the knowledge files define (its id is one of CONCEPT_IDS). */
export type RegistryConcept = Concept & { id: ConceptId };

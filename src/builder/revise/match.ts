/**
 * Finding what a clause names in the recipe: endpoints (by name, by kind word, by record noun),
 * fields (by key, by words, by meaning through the field knowledge: "ISBN" finds `isbn13`,
 * "cost" finds `price`) and parameters (by name, or by role: "page size" finds `limit`).
 */
import type { Recipe } from '../../recipe/types.js';
import { resolveField as conceptOf, nameTokens } from '../knowledge/index.js';
import { answersList, endpointKind, fieldKeys, paramNames } from './anatomy.js';
import { unquote } from './clauses.js';
import { snakeCase } from '../../util/identifiers.js';

/** "Get Book", "get-book", "`get_book`" -> get_book. */
export function norm(text: string): string {
  return snakeCase(unquote(text).replace(/^(?:the|a|an)\s+/i, ''), { prefix: '' });
}

const singular = (w: string) => w.replace(/ies$/, 'y').replace(/(ss|x|ch|sh)es$/, '$1').replace(/([^s])s$/, '$1');

const KIND_WORDS: Array<[RegExp, 'search' | 'list' | 'detail']> = [
  [/^(search|searching|search_results|find|finder|query|lookup_by_query)$/, 'search'],
  [/^(list|listing|listings|browse|browsing|catalog|catalogue|index|all|list_page|list_pages)$/, 'list'],
  [/^(detail|details|detail_page|detail_pages|get|single|single_item|item_page|lookup|look_up|by_id)$/, 'detail'],
];

const ALL_WORDS = /^(it|this|that|everything|all|the_api|api|the_scraper|scraper|endpoints|all_endpoints|the_endpoints|data|the_data|results|output|the_output|everything_else)$/;

/** Every endpoint: "it", "everything", "the API". */
export function meansAll(ref: string): boolean {
  return ALL_WORDS.test(norm(ref)) || norm(ref) === '';
}

/** Endpoints a reference names: exact name first, then a kind word, then the record noun. */
export function matchEndpoints(ref: string, recipe: Recipe, opts: { exactOnly?: boolean } = {}): string[] {
  const key = norm(ref).replace(/_endpoint$/, '');
  const names = recipe.endpoints.map((e) => e.name);
  if (names.includes(key)) return [key];
  if (opts.exactOnly) return [];
  for (const [re, kind] of KIND_WORDS) {
    if (re.test(key)) return recipe.endpoints.filter((e) => endpointKind(e) === kind).map((e) => e.name);
  }
  const noun = singular(key);
  const byNoun = names.filter((n) => {
    const m = /^(?:get|list|search|browse)_([a-z0-9_]+)$/.exec(n);
    return m && singular(m[1]) === noun;
  });
  if (byNoun.length === 0) return [];
  // "books" names the list, "book" the detail, when both exist.
  if (key !== noun) {
    const lists = byNoun.filter((n) => answersList(recipe.endpoints.find((e) => e.name === n)!));
    if (lists.length) return lists;
  }
  const details = byNoun.filter((n) => !answersList(recipe.endpoints.find((e) => e.name === n)!));
  return details.length ? details : byNoun;
}

export interface FieldMatch {
  endpoint: string;
  field: string;
}

/**
 * Fields a reference names, in the given endpoints (all by default). Exact keys win over words,
 * words over meaning, so "title" never finds `job_title` when `title` exists.
 */
export function matchFields(ref: string, recipe: Recipe, endpoints?: string[]): FieldMatch[] {
  const scope = recipe.endpoints.filter((e) => !endpoints || endpoints.length === 0 || endpoints.includes(e.name));
  const all = scope.flatMap((e) => fieldKeys(e).map((field) => ({ endpoint: e.name, field })));
  const key = norm(ref);
  const tokens = nameTokens(unquote(ref)).join('_');
  const tiers: Array<(f: FieldMatch) => boolean> = [
    (f) => f.field === unquote(ref),
    (f) => norm(f.field) === key,
    (f) => nameTokens(f.field).join('_') === tokens,
    (f) => sameConcept(f.field, ref),
  ];
  for (const tier of tiers) {
    const hits = all.filter(tier);
    if (hits.length) return hits;
  }
  return [];
}

function sameConcept(a: string, b: string): boolean {
  const ca = conceptOf(a);
  const cb = conceptOf(unquote(b));
  return ca.known && cb.known && ca.concept.id === cb.concept.id;
}

/** Parameter roles the revision operations know how to add. */
export type ParamRole = 'limit' | 'page';

const LIMIT_NAMES = /^(limit|page_?size|per_?page|size|count|max|max_?results|max_?items|max_?records|num|number|n|top|take|number_of_(results|records|items)|how_many(_results|_records|_items)?|results_per_page|items_per_page|rows)$/;
const PAGE_NAMES = /^(page|page_?number|page_?num|pagenum|p|page_?no|page_?index)$/;

export function paramRole(name: string): ParamRole | null {
  const key = norm(name);
  if (PAGE_NAMES.test(key)) return 'page';
  if (LIMIT_NAMES.test(key)) return 'limit';
  return null;
}

export interface ParamMatch {
  endpoint: string;
  param: string;
}

/** Parameters a reference names: by name, else by role ("page size" finds `limit`). */
export function matchParams(ref: string, recipe: Recipe, endpoints?: string[]): ParamMatch[] {
  const scope = recipe.endpoints.filter((e) => !endpoints || endpoints.length === 0 || endpoints.includes(e.name));
  const all = scope.flatMap((e) => paramNames(e).map((param) => ({ endpoint: e.name, param })));
  const key = norm(ref).replace(/_param(eter)?$/, '');
  const exact = all.filter((p) => norm(p.param) === key);
  if (exact.length) return exact;
  const role = paramRole(key);
  return role ? all.filter((p) => paramRole(p.param) === role) : [];
}

/**
 * Understanding the task sentence without a language model: which fields the caller names,
 * which kinds of endpoint it asks for (a list, a detail by id, a search), and the thing the
 * site is about ("book", "product", "recipe"). Deliberately small and explicit: what it does
 * not recognise it leaves to the site (with no fields named, the builder extracts what the
 * site offers).
 */

import { conceptNamed, nameTokens } from './knowledge/resolve.js';
import { escapeRegExp } from '../util/regex.js';

export type EndpointKind = 'list' | 'detail' | 'search';

export interface TaskIntent {
  /**
   * Output keys of the fields asked for: the concept's name in singular snake_case ("book
   * titles" -> `title`), or the caller's own identifier when it is one (`isbn_13`, `yields`).
   */
  fields: string[];
  /** Key -> the caller's phrase for it (a label hint for induction). */
  hints?: Record<string, string>;
  /** Endpoint kinds asked for; empty means "the obvious endpoints of the site". */
  kinds: EndpointKind[];
  /** Singular noun of the records ("book"), when the sentence names one. */
  entity: string | null;
  /** The sentence, trimmed. */
  text: string;
}

const LIST_WORDS = /\b(list|lists|listing|all|every|catalog(?:ue)?|index|browse|each (?:item|page) of|overview|feed|latest|top)\b/i;
const DETAIL_WORDS = /\b(details?|each\s+\w+\s+page|detail pages?|by (?:id|url|slug|isbn|sku)|single|one|specific|get (?:a|the|one)|information about|from each)\b/i;
const SEARCH_WORDS = /\b(search|find|look ?up|query|keyword|matching)\b/i;

/**
 * Function words that introduce or join field names. Only these are dropped: nouns such as
 * "pages" or "data" can be real fields ("number of pages").
 */
const STOP = new Set([
  'and', 'or', 'the', 'a', 'an', 'its', 'their', 'with', 'plus', 'also', 'including', 'include', 'etc', 'such', 'as',
  'of', 'for', 'each', 'every', 'all', 'from', 'get', 'fetch', 'extract', 'return', 'returns', 'scrape', 'me', 'like',
  'is', 'are',
]);

/** Words that name the record or the page rather than a field, dropped only when a part is nothing else. */
const NOT_A_FIELD_ALONE = new Set(['details', 'detail', 'information', 'fields', 'field']);

function singular(word: string): string {
  const w = word.toLowerCase();
  if (/ies$/.test(w)) return w.slice(0, -3) + 'y';
  if (/(ss|us|is)$/.test(w)) return w;
  if (/(xes|ches|shes|sses)$/.test(w)) return w.slice(0, -2);
  if (/s$/.test(w)) return w.slice(0, -1);
  return w;
}

/** "title, author and isbn_13" -> ["title", "author", "isbn_13"]. */
export function splitFieldList(text: string): string[] {
  return text
    .split(/,|;|\band\b|\bor\b|&|\+|\n|\//i)
    .map((part) =>
      part
        .trim()
        .replace(/^[-*•\s]+/, '')
        .replace(/[.!?:]+$/, '')
        .trim(),
    )
    .map((part) => {
      // Drop leading filler ("the", "its") but keep multi-word names ("publication date").
      const words = part.split(/\s+/).filter(Boolean);
      while (words.length > 1 && STOP.has(words[0].toLowerCase())) words.shift();
      return words.join(' ');
    })
    .filter((part) => part.length > 0 && part.length <= 60 && !STOP.has(part.toLowerCase()) && !NOT_A_FIELD_ALONE.has(part.toLowerCase()))
    .filter((part) => /[\p{L}\p{N}_]/u.test(part));
}

/**
 * Field names become output keys: the caller's spelling, made a safe identifier. Accents on
 * Latin letters are dropped ("Año" -> "Ano"); letters of other scripts are kept ("цена").
 */
export function fieldKey(name: string): string {
  const key = name
    .normalize('NFKD')
    .replace(/([A-Za-z])[\u0300-\u036f]+/g, '$1')
    .normalize('NFC')
    .trim()
    .replace(/[^\p{L}\p{N}_]+/gu, '_')
    .replace(/^_+|_+$/g, '');
  return /^[\p{L}_]/u.test(key) ? key : `field_${key}`;
}

function findFieldList(text: string): string | null {
  // "...: a, b, c" — the most explicit form.
  const colon = /:\s*([^:]+)$/.exec(text);
  if (colon && /[,]|\band\b/.test(colon[1])) return colon[1];
  // "with/including/such as a, b and c".
  const intro = /\b(?:with|including|include|such as|namely|fields?|containing|return(?:ing)?|get(?:ting)?|extract(?:ing)?)\s+(?:their |its |the )?([^.]*?(?:,|\band\b)[^.]*)/i.exec(text);
  if (intro) return intro[1];
  return colon ? colon[1] : null;
}

function findEntity(text: string): string | null {
  const patterns = [
    /\b(?:each|every|one|a|the|single)\s+([a-z][a-z-]{2,})\s+(?:page|pages|detail|details|listing|record)\b/i,
    /\bthe\s+([a-z][a-z-]{2,})\s+details\b/i,
    /\b(?:each|every)\s+([a-z][a-z-]{2,})\s*:/i,
    /\b(?:list|search|find|get|all|browse)\s+(?:all\s+|the\s+)?([a-z][a-z-]{2,}s)\b/i,
    // "list job vacancies", "browse car listings": the thing is the word before a generic noun.
    /\b(?:list|search|find|get|all|browse)\s+(?:all\s+|the\s+)?([a-z][a-z-]{2,})\s+(?:vacancies|listings|offers|postings|openings|entries|records|items|adverts|ads)\b/i,
  ];
  for (const p of patterns) {
    const m = p.exec(text);
    if (m && !STOP.has(m[1].toLowerCase())) return singular(m[1]);
  }
  return null;
}

/** A phrase that asks for an endpoint rather than a field: "the details of each book", "search them by keyword". */
const DETAIL_PHRASE = /\b(?:details?|information|info|full record|(?:detail|product|record)\s+pages?)\b/i;
const SEARCH_PHRASE = /^(?:and\s+)?(?:search|find|look ?up|query)\b/i;
const ALL_PAGES_PHRASE = /^(?:(?:from|across|over|on)\s+)?(?:all|every|each)\s+(?:the\s+)?pages?$/i;
/** "from the catalogue", "on the product page": where a field is read, not what it is. */
const WHERE = /\s+(?:from|on|in|at|across)\s+(?:the\s+|each\s+|every\s+|all\s+|its\s+|their\s+|a\s+)?([\p{L}\s-]{2,40})$/iu;
const LIST_PLACE = /\b(?:catalog(?:ue)?|list(?:ing)?s?|index|overview|search results|results|category|categories|shop|store|site|website|home ?page)\b/i;
const DETAIL_PLACE = /\b(?:detail|product|record|item)?\s*pages?\b/i;

interface PhraseReading {
  field: string | null;
  kinds: EndpointKind[];
  entity: string | null;
  /** Fields named inside an endpoint phrase: "a book's details including UPC". */
  more: string[];
}

/** One part of the field list: a field (its concept phrase), or an endpoint, or a place. */
function readPhrase(part: string, entity: string | null): PhraseReading {
  const out: PhraseReading = { field: null, kinds: [], entity: null, more: [] };
  let text = part.trim().replace(/^(?:and|also|then|plus)\s+/i, '');
  if (ALL_PAGES_PHRASE.test(text)) return { ...out, kinds: ['list'] };
  if (SEARCH_PHRASE.test(text)) return { ...out, kinds: ['search'] };
  const including = /\b(?:including|incl\.?|with|such as)\s+(.+)$/i.exec(text);
  const head = including ? text.slice(0, including.index).trim() : text;
  // "get one product by its handle": an endpoint asked for, not a field named so.
  const getOne = /^(?:get|fetch|read|look\s+up|return)\s+(?:one|a|an|a\s+single|single|any)\s+([\p{L}-]{3,})(?:\s+by\s+.{1,40})?$/iu.exec(head);
  if (getOne) return { ...out, kinds: ['detail'], entity: singular(getOne[1]), more: including ? splitFieldList(including[1]) : [] };
  if (DETAIL_PHRASE.test(head) && /\b(?:each|every|a|an|one|single|the|its|their)\b|['’]s\b|^(?:get\s+)?details?$/i.test(head)) {
    const noun = /\b(?:each|every|a|an|one|single)\s+([\p{L}-]{3,})/iu.exec(head)?.[1] ?? /([\p{L}-]{3,})['’]s\b/u.exec(head)?.[1];
    return { ...out, kinds: ['detail'], entity: noun && !DETAIL_PHRASE.test(noun) ? singular(noun) : null, more: including ? splitFieldList(including[1]) : [] };
  }
  // "availability from the catalogue": the place chooses the endpoint, the rest is the field.
  const where = WHERE.exec(text);
  if (where && (LIST_PLACE.test(where[1]) || DETAIL_PLACE.test(where[1]))) {
    text = text.slice(0, where.index).trim();
    out.kinds.push(LIST_PLACE.test(where[1]) ? 'list' : 'detail');
  }
  out.field = conceptPhrase(text, entity);
  return out;
}

/** "book titles", "the title of each book", "a book's price" -> "title", "price": the field without its record noun. */
function conceptPhrase(text: string, entity: string | null): string | null {
  let t = text.trim();
  if (entity) {
    const e = escapeRegExp(entity);
    t = t
      .replace(new RegExp(`\\s+(?:of|for)\\s+(?:each|every|the|a|an|all)?\\s*${e}(?:e?s)?$`, 'i'), '')
      .replace(new RegExp(`^(?:the\\s+|each\\s+|every\\s+|a\\s+)?${e}(?:['’]s|e?s)?\\s+(?=\\S)`, 'i'), '');
  }
  t = t.replace(/\s+(?:of|for)\s+(?:each|every|all)\s+[\p{L}-]+$/iu, '').replace(/^(?:the|its|their|each|every)\s+/i, '').trim();
  return t.length > 0 ? t : null;
}

/**
 * The output key of a field phrase: the caller's identifier when it is one (`isbn_13`), else
 * the concept's name in singular snake_case ("prices" -> `price`, "ratings" -> `rating`),
 * keeping a plural the registry itself uses as a name (`ingredients`, `yields`).
 */
export function conceptKey(phrase: string): string | null {
  const p = phrase.trim();
  if (/^[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)+$/u.test(p)) return fieldKey(p.toLowerCase());
  const tokens = nameTokens(p);
  if (tokens.length === 0) return null;
  const verbatim = tokens.join('_');
  const one = [...tokens.slice(0, -1), singular(tokens[tokens.length - 1])].join('_');
  const bySingular = conceptNamed(one);
  if (bySingular) return bySingular.names.includes(verbatim) ? verbatim : one;
  if (conceptNamed(verbatim)) return verbatim;
  return fieldKey(tokens.length === 1 ? one : verbatim);
}

export function parseTask(sentence: string): TaskIntent {
  const text = (sentence ?? '').trim().replace(/\s+/g, ' ');
  const list = findFieldList(text);
  const head = list ? text.slice(0, text.length - list.length) : text;
  const kinds = new Set<EndpointKind>();
  if (SEARCH_WORDS.test(head)) kinds.add('search');
  if (DETAIL_WORDS.test(head)) kinds.add('detail');
  if (LIST_WORDS.test(head)) kinds.add('list');
  let entity = findEntity(head);
  const parts = list ? splitPhrases(list) : [];
  const readings = parts.map((p) => readPhrase(p, entity));
  entity ??= readings.find((r) => r.entity)?.entity ?? findEntity(text);
  const phrases: string[] = [];
  for (const [i, r] of readings.entries()) {
    const again = entity && !readings[i].entity ? readPhrase(parts[i], entity) : r;
    for (const k of again.kinds) kinds.add(k);
    if (again.field) phrases.push(again.field);
    phrases.push(...again.more.map((m) => conceptPhrase(m, entity) ?? m));
  }
  const seen = new Set<string>();
  const fields: string[] = [];
  const hints: Record<string, string> = {};
  for (const phrase of phrases) {
    const key = conceptKey(phrase);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    fields.push(key);
    hints[key] = phrase;
  }
  return { fields, hints, kinds: [...kinds], entity, text };
}

/** Field phrases of a list: split like splitFieldList, keeping "including ..." with its endpoint phrase. */
function splitPhrases(list: string): string[] {
  const out: string[] = [];
  for (const raw of list.split(/,|;|\band\b|&|\n/i)) {
    const part = raw.trim().replace(/^[-*•\s]+/, '').replace(/[.!?:]+$/, '').trim();
    if (!part) continue;
    const prev = out[out.length - 1];
    // "details including UPC, ISBN and weight": the words after "including" belong to it.
    if (prev && /\b(?:including|incl\.?|such as)\s+/i.test(prev) && !DETAIL_PHRASE.test(part)) out[out.length - 1] = `${prev}, ${part}`;
    else out.push(part);
  }
  return out.filter((p) => /[\p{L}\p{N}_]/u.test(p) && !STOP.has(p.toLowerCase()));
}

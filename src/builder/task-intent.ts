/**
 * Understanding the task sentence without a language model: which fields the caller names,
 * which kinds of endpoint it asks for (a list, a detail by id, a search), and the thing the
 * site is about ("book", "product", "recipe"). Deliberately small and explicit: what it does
 * not recognise it leaves to the site (with no fields named, the builder extracts what the
 * site offers).
 */

export type EndpointKind = 'list' | 'detail' | 'search';

export interface TaskIntent {
  /** Field names exactly as the caller wrote them (they become output keys). */
  fields: string[];
  /** Endpoint kinds asked for; empty means "the obvious endpoints of the site". */
  kinds: EndpointKind[];
  /** Singular noun of the records ("book"), when the sentence names one. */
  entity: string | null;
  /** The sentence, trimmed. */
  text: string;
}

const LIST_WORDS = /\b(list|lists|listing|all|every|catalog(?:ue)?|index|browse|each (?:item|page) of|overview|feed|latest|top)\b/i;
const DETAIL_WORDS = /\b(details?|each\s+\w+\s+page|detail pages?|by (?:id|url|slug|isbn|sku)|single|one|specific|get (?:a|the|one)|information about|from each)\b/i;
/** A verb phrase about the records ("search them by keyword", "find one by id"), not a field name. */
const TASK_CLAUSE = /^(?:search|find|filter|look ?up|query|browse|list|get)\s+(?:them|it|those|these|by|for|one|all|the)\b/i;
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

export function parseTask(sentence: string): TaskIntent {
  const text = (sentence ?? '').trim().replace(/\s+/g, ' ');
  const list = findFieldList(text);
  const seen = new Set<string>();
  // A clause joined to the field list ("..., and search them by keyword") asks for an endpoint
  // kind, it names no field.
  const parts = list ? splitFieldList(list) : [];
  const clauses = parts.filter((f) => TASK_CLAUSE.test(f));
  const fields = parts.filter((f) => !TASK_CLAUSE.test(f)).filter((f) => {
    const k = f.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const head = (list ? text.slice(0, text.length - list.length) : text) + (clauses.length ? ` ${clauses.join(' ')}` : '');
  const kinds: EndpointKind[] = [];
  if (SEARCH_WORDS.test(head)) kinds.push('search');
  if (DETAIL_WORDS.test(head)) kinds.push('detail');
  if (LIST_WORDS.test(head)) kinds.push('list');
  return { fields, kinds, entity: findEntity(head) ?? findEntity(text), text };
}

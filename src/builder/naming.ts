/**
 * Names and words the generated API shows people: endpoint names as verbs (`list_books`,
 * `get_book`, `search_books`), the API's name, and descriptions written from what was found.
 */
import { snakeCase } from '../util/identifiers.js';

export function pluralize(noun: string): string {
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

/** A snake_case identifier safe for endpoint names (`^[a-z][a-z0-9_]*$`). */
export function snake(text: string): string {
  return snakeCase(text, { prefix: 'item_', max: 40 });
}

/** The record noun: the task's, else the page type's (schema.org `Book` -> book), else "item". */
export function entityNoun(taskEntity: string | null, schemaTypes: string[] = []): string {
  if (taskEntity) return snake(taskEntity);
  const t = schemaTypes.find((x) => !/^(WebPage|WebSite|Organization|BreadcrumbList|ItemList|Thing|Person|ImageObject)$/.test(x));
  if (t) return snake(t.replace(/Product(Group|Model)/, 'Product'));
  return 'item';
}

export const endpointNames = (noun: string) => ({
  list: `list_${pluralize(noun)}`,
  detail: `get_${noun}`,
  search: `search_${pluralize(noun)}`,
});

const GENERIC_PART = /^(home|homepage|index|welcome|all products|page \d+|sandbox|start|inicio|accueil|startseite)$/i;

function titleParts(title: string): string[] {
  return title
    .split(/\s[|\-–—:·»]\s/)
    .map((p) => p.trim())
    .filter((p) => p.length >= 3 && p.length <= 60);
}

/**
 * The API's name: the site's own name, which is the part its page titles share
 * ("All products - page 1 | Books to Scrape" and "Sapiens | Books to Scrape" -> "Books to
 * Scrape"); with one title, its last non-generic part (sites put their name last); else the host.
 */
export function apiName(titles: Array<string | undefined>, host: string, siteName?: string | null): string {
  if (siteName && siteName.trim().length >= 2) return siteName.trim().slice(0, 60);
  const lists = titles.filter((t): t is string => !!t).map(titleParts);
  const counts = new Map<string, number>();
  for (const parts of lists) for (const p of new Set(parts)) counts.set(p, (counts.get(p) ?? 0) + 1);
  const shared = [...counts].filter(([p, n]) => n >= 2 && !GENERIC_PART.test(p)).sort((a, b) => b[1] - a[1]);
  if (shared.length) return shared[0][0];
  const first = lists[0] ?? [];
  const named = [...first].reverse().find((p) => !GENERIC_PART.test(p));
  return named ?? host.replace(/^www\./, '');
}

export function describeFields(fields: string[]): string {
  if (fields.length === 0) return '';
  if (fields.length === 1) return fields[0];
  return `${fields.slice(0, -1).join(', ')} and ${fields[fields.length - 1]}`;
}

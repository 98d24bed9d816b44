/**
 * Several values in one text: "Ann Lee, Bob Stone and Cy Dale", "Ana García y Luis Pérez",
 * "A; B". For a field of several people the induction adds a `split` transform at list
 * separators and at the conjunction of the page's language (and any conjunction the training
 * values show), unless splitting would break a training value into one-word pieces ("José
 * Ortega y Gasset", "Smith, John", "Lekker en Simpel"). A list field (ingredients) read as one
 * text per page is split at the separator that text repeats. Used by detail.ts.
 */
import type { PageContext } from '../../recipe/extract/index.js';
import type { Transform } from '../../recipe/types.js';
import { escapeRegExp } from '../../util/regex.js';

/** "and" in the languages we meet, by the primary subtag of `<html lang>`. */
const CONJUNCTIONS: Record<string, string[]> = {
  en: ['and'], es: ['y', 'e'], ca: ['i'], pt: ['e'], gl: ['e'], fr: ['et'], it: ['e', 'ed'], de: ['und'], nl: ['en'], pl: ['i', 'oraz'],
  cs: ['a'], sk: ['a'], sv: ['och'], da: ['og'], nb: ['og'], nn: ['og'], no: ['og'], fi: ['ja'], tr: ['ve'], ro: ['și', 'si'], hu: ['és'],
  ur: ['اور'], fa: ['و'], ar: ['و'],
};
const ALL_CONJUNCTIONS = [...new Set(Object.values(CONJUNCTIONS).flat())];

/** Commas as scripts write them: Latin, Arabic-script "،", ideographic "、" and full-width "，". */
const COMMAS = ',،、，';

function pattern(conjunctions: string[]): string {
  const words = conjunctions.map(escape).join('|');
  return words ? `\\s*(?:[${COMMAS}]\\s*(?:${words})\\s+|[;${COMMAS}&]|\\s(?:${words})\\s)\\s*` : `\\s*[;${COMMAS}&]\\s*`;
}

function pageLanguage(page: PageContext): string {
  return (page.$('html').attr('lang') ?? '').trim().toLowerCase().split(/[-_]/)[0];
}

const items = (values: unknown[]): string[] =>
  values.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v): v is string => typeof v === 'string' && v.trim() !== '');

/** Longer one-word parts are names in their own right ("Gewandhausorchester", "MDR-Rundfunkchor"), not broken pieces. */
const NAME_WORD = 9;

/** Whether a part after splitting still reads as a whole name. */
const wholeName = (s: string): boolean => {
  const words = s.trim().split(/\s+/).filter(Boolean);
  return words.length >= 2 || (words.length === 1 && words[0].length >= NAME_WORD);
};

/**
 * The split transform for a many-valued person field, from the values its good candidates read
 * on the training pages; null when splitting would break one of them into one-word pieces.
 */
export function peopleSplit(values: unknown[], pages: PageContext[]): Transform | null {
  const texts = items(values);
  const conjunctions = new Set(pages.flatMap((p) => CONJUNCTIONS[pageLanguage(p)] ?? []));
  for (const word of ALL_CONJUNCTIONS) if (texts.some((t) => new RegExp(`\\s${escapeRegExp(word)}\\s`, 'i').test(t))) conjunctions.add(word);
  if (conjunctions.size === 0) conjunctions.add('and');
  const source = pattern([...conjunctions]);
  const re = new RegExp(source, 'i');
  for (const text of texts) {
    const parts = text.split(re).filter((p) => p.trim());
    if (parts.length > 1 && !parts.every(wholeName)) return null;
  }
  return { op: 'split', pattern: source, flags: 'i' };
}

const LIST_SEPARATORS = [';', '•', '·', '|', '\n', ','];

/** For a list read as one text per page: a split at the separator every such text repeats. */
export function listSplit(values: unknown[]): Transform | null {
  const perPage = values.map((v) => items([v])).filter((list) => list.length > 0);
  if (perPage.length === 0 || perPage.some((list) => list.length !== 1)) return null;
  const texts = perPage.map((list) => list[0]);
  const separator = LIST_SEPARATORS.find((sep) => texts.every((t) => t.split(sep).length >= 3));
  return separator ? { op: 'split', pattern: `\\s*${escapeRegExp(separator)}\\s*` } : null;
}

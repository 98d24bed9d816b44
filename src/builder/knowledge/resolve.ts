/**
 * From a requested field name (any language, any casing: `isbn_13`, `publicationDate`,
 * `Zutaten`, `number of pages`) to a Concept. Unknown names get a concept made from their
 * own words, so induction still searches labels, anchors and schema.org properties named alike.
 */
import { words } from '../words.js';
import { isMoneyName } from '../money.js';
import { COMMERCE } from './commerce.js';
import { COMMON } from './common.js';
import { FOOD } from './food.js';
import { MORE_LANGUAGES } from './languages.js';
import { SCRIPT_LANGUAGES } from './scripts.js';
import { SOUTHEAST_ASIAN_LANGUAGES } from './southeast-asia.js';
import { BALKAN_LANGUAGES } from './balkans.js';
import { BALTIC_LANGUAGES } from './baltic.js';
import { SWAHILI_FILIPINO_WORDS } from './swahili-filipino.js';
import { FURTHER_LANGUAGES } from './further-languages.js';
import { MEDIA } from './media.js';
import { OTHER } from './other.js';
import type { Concept, ConceptId, RegistryConcept, Shape } from './types.js';

export const CONCEPTS: RegistryConcept[] = [...COMMON, ...COMMERCE, ...MEDIA, ...FOOD, ...OTHER].map(withMoreLanguages);

/** A concept with its words in the languages of languages.ts, scripts.ts, southeast-asia.ts, balkans.ts, baltic.ts, swahili-filipino.ts and further-languages.ts added (no duplicates). */
function withMoreLanguages(concept: RegistryConcept): RegistryConcept {
  const merge = (a: string[], b: string[] = []): string[] => [...new Set([...a, ...b])];
  let out = concept;
  for (const more of [MORE_LANGUAGES[concept.id], SCRIPT_LANGUAGES[concept.id], SOUTHEAST_ASIAN_LANGUAGES[concept.id], BALKAN_LANGUAGES[concept.id], BALTIC_LANGUAGES[concept.id], SWAHILI_FILIPINO_WORDS[concept.id], FURTHER_LANGUAGES[concept.id]]) {
    if (!more) continue;
    out = { ...out, names: merge(out.names, more.names), labels: merge(out.labels, more.labels), anchors: merge(out.anchors, more.anchors) };
  }
  return out;
}

export function conceptById(id: ConceptId): Concept | undefined {
  return CONCEPTS.find((c) => c.id === id);
}

/** `publicationDate`, `Publication-Date`, `publication date` -> ['publication', 'date']; `Maße`, `цена` keep their letters. */
export function nameTokens(name: string): string[] {
  return words(name);
}

const byName = new Map<string, Concept>();
for (const concept of CONCEPTS) {
  for (const n of concept.names) {
    const key = nameTokens(n).join('_');
    if (!byName.has(key)) byName.set(key, concept);
  }
}

/** The concept one of whose names is exactly these tokens joined by `_`, if any. */
export function conceptNamed(key: string): Concept | undefined {
  return byName.get(key);
}

/** Words that qualify a field with its vertical or a generic noun: `book_title`, `author_name`. */
const QUALIFIERS = new Set(['product', 'item', 'book', 'recipe', 'article', 'job', 'page', 'the', 'of', 'name', 'value', 'main', 'full', 'text', 'list']);

export interface ResolvedField {
  name: string;
  concept: Concept;
  /** False when the concept was made from the name's own words. */
  known: boolean;
}

/**
 * Bare names that mean another concept in a vertical: an event's "date" is when it takes place,
 * a job ad's "date" when it was posted (elsewhere a bare date is a publication date).
 */
const NAMES_BY_VERTICAL: Record<string, Record<string, string>> = {
  event: { date: 'start_date' },
  job: { date: 'date_posted' },
};

export function resolveField(name: string, hint?: string, vertical?: string): ResolvedField {
  const tokens = nameTokens(name);
  const own = ownWords(tokens, hint);
  const key = tokens.join('_');
  const meant = vertical ? byName.get(NAMES_BY_VERTICAL[vertical]?.[key] ?? '') : undefined;
  if (meant) return { name, concept: withOwnWords(meant, tokens, own), known: true };
  const exact = byName.get(key);
  if (exact) return { name, concept: withOwnWords(exact, tokens, own), known: true };
  const unqualified = tokens.filter((t) => !QUALIFIERS.has(t));
  const stripped = byName.get(unqualified.join('_'));
  if (stripped && unqualified.length > 0) return { name, concept: withOwnWords(stripped, tokens, own), known: true };
  // The head noun of an English compound comes last: `sale_price` is a price, `cover_type` is not a cover.
  const head = unqualified[unqualified.length - 1];
  const byHead = head ? byName.get(head) : undefined;
  if (byHead && unqualified.length <= 3) return { name, concept: withOwnWords(byHead, tokens, own), known: true };
  if (hint) {
    const hintKey = nameTokens(hint).join('_');
    const hit = byName.get(hintKey) ?? byName.get(nameTokens(hint).pop() ?? '');
    if (hit) return { name, concept: withOwnWords(hit, tokens, own), known: true };
  }
  return { name, concept: { ...conceptFromName(name, tokens, hint), own }, known: false };
}

/** Longest hint still read as a label rather than a sentence. */
const MAX_HINT_WORDS = 5;

/** The user's words for a field: its name's words ("product type"), and a short hint. */
function ownWords(tokens: string[], hint?: string): string[] {
  const words = [tokens.join(' ')];
  const hintWords = hint ? nameTokens(hint) : [];
  if (hintWords.length > 0 && hintWords.length <= MAX_HINT_WORDS) words.push(hintWords.join(' '));
  return [...new Set(words.filter(Boolean))];
}

/** The concept, plus the field's own words as labels and an anchor ("paper weight" for `paper_weight`). */
function withOwnWords(concept: Concept, tokens: string[], own: string[]): Concept {
  const known = new Set(concept.labels.map((l) => nameTokens(l).join(' ')));
  const labels = [...concept.labels, ...own.filter((w) => !known.has(w))];
  const anchors = tokens.length > 0 ? [...new Set([...concept.anchors, tokens.join('-')])] : concept.anchors;
  return { ...concept, labels, anchors, own };
}

function camel(tokens: string[]): string {
  return tokens.map((t, i) => (i === 0 ? t : t[0].toUpperCase() + t.slice(1))).join('');
}

/** The shape a field's name suggests. */
export function shapeFromName(tokens: string[]): Shape {
  const has = (...words: string[]): boolean => tokens.some((t) => words.includes(t));
  const last = tokens[tokens.length - 1] ?? '';
  if (has('time', 'duration', 'minutes')) return 'duration';
  if (has('date', 'published', 'updated', 'created') || last === 'at' || last === 'on') return 'date';
  // An order total, a balance, a tax: money, never a whole count (builder/money.ts); "total_results" stays a count.
  if (has('price', 'cost', 'fee', 'fees', 'amount', 'salary', 'rent') || isMoneyName(tokens)) return 'price';
  if (has('currency')) return 'currency';
  if (has('count', 'number', 'num', 'qty', 'quantity', 'total') || last === 'n') return 'integer';
  if (has('url', 'link', 'href', 'website')) return 'url';
  if (has('image', 'photo', 'picture', 'thumbnail', 'logo')) return 'image';
  if (has('rating', 'score', 'stars')) return 'rating';
  if (tokens[0] === 'is' || tokens[0] === 'has' || tokens[0] === 'can') return 'boolean';
  return 'text';
}

function conceptFromName(name: string, tokens: string[], hint?: string): Concept {
  const words = tokens.join(' ');
  const shape = shapeFromName(tokens);
  const last = tokens[tokens.length - 1] ?? '';
  const plural = shape === 'text' && /[^su]s$/.test(last) && last.length > 3;
  return {
    id: `field:${tokens.join('_') || name}`,
    names: [tokens.join('_')],
    labels: [words, ...(hint ? [hint] : [])].filter(Boolean),
    schema: [{ path: camel(tokens) }, ...(tokens.length > 1 ? [{ path: tokens.join('_') }] : [])],
    microdata: [camel(tokens)],
    meta: [],
    anchors: [tokens.join('-'), tokens.join('_'), tokens.join('')].filter((a, i, all) => a.length > 2 && all.indexOf(a) === i),
    shape,
    many: plural,
  };
}

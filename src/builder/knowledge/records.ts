/**
 * The record vocabulary: how list and JSON-API induction name a value of an item (a class name
 * `price_color`, a key `starRating`), read from the registry's concepts (their `record` words),
 * so the builder's list and detail induction share one vocabulary.
 */
import { CONCEPTS } from './resolve.js';

interface RecordName {
  key: string;
  words: string[];
  /** A former price: matched only when the whole name says so ("old-price"), never by one word. */
  former: boolean;
}

const RECORD_NAMES: RecordName[] = CONCEPTS.filter((c) => c.record).map((c) => ({
  key: c.record!.key ?? c.id,
  words: c.record!.words,
  former: c.struck === true,
}));

/** The record key a name's tokens mean (`['star', 'rating']` -> `rating`), or null. */
export function recordKey(tokens: string[]): string | null {
  const joined = tokens.join('-');
  for (const name of RECORD_NAMES) if (name.words.includes(joined)) return name.key;
  for (const token of tokens) {
    for (const name of RECORD_NAMES) if (!name.former && name.words.includes(token)) return name.key;
  }
  return null;
}

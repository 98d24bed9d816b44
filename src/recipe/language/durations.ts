/**
 * Duration unit words of every language (generated from CLDR, plus the packs' words), folded as
 * the text they are looked up in, each with its length in minutes.
 */
import { fold } from '../extract/text.js';
import { DURATION_UNIT_WORDS, type DurationUnit } from './generated/units.js';
import { LANGUAGES } from './locales.js';
import { PACKS } from './packs/index.js';

export const UNIT_LENGTH_MINUTES: Record<DurationUnit, number> = { week: 10080, day: 1440, hour: 60, minute: 1, second: 1 / 60 };

/** Folded for lookup; NFC again because folding decomposes Hangul syllables into jamo ("시간"). */
const key = (w: string): string => fold(w).normalize('NFC').replace(/\.$/, '');

/**
 * A letter alone ("t", "p", "с") is the narrow unit of one language and another unit in the next
 * (de "T" a day, da "t" an hour, pl "t" a week): CLDR's one-letter words are left out, and a pack
 * names those its language reads (en "h", fr "j"). An ideograph alone ("分", "분") is a word.
 */
const isInitial = (w: string): boolean => [...w].length === 1 && !/[\p{sc=Han}\p{sc=Hangul}\p{sc=Hiragana}\p{sc=Katakana}]/u.test(w);

function unitTable(): Map<string, number> {
  const table = new Map<string, number>();
  // Packs first: a language's own reading of a word wins over what CLDR gives another language.
  for (const language of LANGUAGES) {
    for (const [unit, words] of Object.entries(PACKS[language]?.units ?? {}) as Array<[DurationUnit, string[]]>) {
      for (const w of words) if (!table.has(key(w))) table.set(key(w), UNIT_LENGTH_MINUTES[unit]);
    }
  }
  // Then CLDR, languages in locales.ts order: the first language to write a word decides it.
  for (const language of LANGUAGES) {
    for (const [unit, words] of Object.entries(DURATION_UNIT_WORDS[language] ?? {}) as Array<[DurationUnit, string[]]>) {
      for (const w of words) if (!isInitial(w) && !table.has(key(w))) table.set(key(w), UNIT_LENGTH_MINUTES[unit]);
    }
  }
  return table;
}

/** Folded unit word -> minutes. */
export const DURATION_UNITS = unitTable();

/** Folded words for a half ("media hora", "saa 1 na nusu"). */
export const HALF_WORDS = new Set(LANGUAGES.flatMap((language) => (PACKS[language]?.half ?? []).map(key)));

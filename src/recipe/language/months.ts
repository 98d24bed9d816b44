/**
 * Month names of every language (generated from CLDR), folded for lookup: a word's month in the
 * page's language when it has one there, else in the first language (locales.ts order) that has it.
 */
import { fold } from '../extract/text.js';
import { MONTH_WORDS } from './generated/months.js';
import { LANGUAGES } from './locales.js';

const byLanguage = new Map<string, Map<string, number>>();
const anyLanguage = new Map<string, number>();
for (const language of LANGUAGES) {
  const own = new Map<string, number>();
  (MONTH_WORDS[language] ?? []).forEach((words, i) => {
    for (const w of words) {
      const k = fold(w);
      if (!own.has(k)) own.set(k, i + 1);
      if (!anyLanguage.has(k)) anyLanguage.set(k, i + 1);
    }
  });
  byLanguage.set(language, own);
}

/** The month (1-12) a folded word names; `language` (a BCP 47 tag) decides a word two languages share. */
export function monthOfWord(folded: string, language?: string | null): number | undefined {
  if (language) {
    const own = byLanguage.get(language) ?? byLanguage.get(language.split('-')[0]);
    const month = own?.get(folded);
    if (month !== undefined) return month;
  }
  return anyLanguage.get(folded);
}

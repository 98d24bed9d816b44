/** Kazakh (and Russian as written in Kazakhstan). */
import type { LanguagePack } from '../pack.js';

export const kk: LanguagePack = {
  currencies: { тг: 'KZT', '₸.': 'KZT' },
};

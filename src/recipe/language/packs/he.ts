/** Hebrew. */
import type { LanguagePack } from '../pack.js';

export const he: LanguagePack = {
  currencies: { 'ש"ח': 'ILS', 'ש״ח': 'ILS' },
};

/** German. */
import type { LanguagePack } from '../pack.js';

export const de: LanguagePack = {
  currencies: { 'Fr.': 'CHF' },
  units: { day: ['tagen'] },
  half: ['halb'],
};

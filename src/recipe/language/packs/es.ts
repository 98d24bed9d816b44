/** Spanish. */
import type { LanguagePack } from '../pack.js';

export const es: LanguagePack = {
  // "U$S": how Uruguay and Argentina write US dollars.
  currencies: { 'U$S': 'USD' },
  units: { hour: ['hs'] },
  half: ['media'],
};

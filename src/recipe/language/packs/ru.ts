/** Russian. */
import type { LanguagePack } from '../pack.js';

export const ru: LanguagePack = {
  // CLDR gives "р." to the Belarusian rouble; Russian shops write it for their own.
  currencies: { 'р.': 'RUB' },
  units: { hour: ['ч'] },
};

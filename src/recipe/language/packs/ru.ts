/** Russian. */
import type { LanguagePack } from '../pack.js';

export const ru: LanguagePack = {
  // CLDR gives "р." to the Belarusian rouble; Russian shops write it for their own.
  currencies: { 'р.': 'RUB', рубль: 'RUB', рубля: 'RUB', рублей: 'RUB',
    // The capital Er alone: how shops type the rouble sign ₽ without it.
    Р: 'RUB' },
  units: { hour: ['ч'] },
};

/** English: the words of pages CLDR does not list. */
import type { LanguagePack } from '../pack.js';

export const en: LanguagePack = {
  currencies: { 'USD$': 'USD', euro: 'EUR', euros: 'EUR', dollar: 'USD', dollars: 'USD', pound: 'GBP', pounds: 'GBP', yen: 'JPY',
    // Shared signs read as English pages most often mean them; the page's country decides otherwise.
    Rs: 'INR', 'Rs.': 'INR', 'C$': 'CAD',
    // The South African rand; the Kuwaiti dinar as English pages of the Gulf write it.
    R: 'ZAR', KD: 'KWD',
    // The lira sign, as old pages write the pound.
    '₤': 'GBP' },
  // A letter alone is an initial several languages share: only these read as units in English.
  units: { day: ['d'], hour: ['h', 'hrs'], minute: ['m', 'mins'], second: ['s', 'secs'] },
  half: ['half'],
};

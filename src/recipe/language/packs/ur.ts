/** Urdu. */
import type { LanguagePack } from '../pack.js';

export const ur: LanguagePack = {
  currencies: { '₨': 'PKR' },
};

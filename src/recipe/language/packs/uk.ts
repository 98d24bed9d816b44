/** Ukrainian. */
import type { LanguagePack } from '../pack.js';

export const uk: LanguagePack = {
  currencies: { грн: 'UAH' },
};

/** Romanian. */
import type { LanguagePack } from '../pack.js';

export const ro: LanguagePack = {
  currencies: { lei: 'RON' },
};

/** Turkish. */
import type { LanguagePack } from '../pack.js';

export const tr: LanguagePack = {
  currencies: { TL: 'TRY' },
};

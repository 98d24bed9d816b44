/** Indonesian. */
import type { LanguagePack } from '../pack.js';

export const id: LanguagePack = {
  currencies: { Rp: 'IDR' },
};

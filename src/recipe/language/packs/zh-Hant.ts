/** Chinese (traditional). */
import type { LanguagePack } from '../pack.js';

export const zhHant: LanguagePack = {
  currencies: { 圓: 'TWD' },
};

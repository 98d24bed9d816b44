/** Croatian. */
import type { LanguagePack } from '../pack.js';

export const hr: LanguagePack = {
  currencies: { kn: 'HRK' },
};

/** Bulgarian. */
import type { LanguagePack } from '../pack.js';

export const bg: LanguagePack = {
  currencies: { лв: 'BGN' },
};

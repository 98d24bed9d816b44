/** Malay. */
import type { LanguagePack } from '../pack.js';

export const ms: LanguagePack = {
  currencies: { RM: 'MYR' },
};

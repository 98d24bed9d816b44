/** Maltese. */
import type { LanguagePack } from '../pack.js';

export const mt: LanguagePack = {
  units: { hour: ['siegħa', 'sigħat'] },
};

/** Dutch. */
import type { LanguagePack } from '../pack.js';

export const nl: LanguagePack = {
  units: { hour: ['u', 'uren'] },
};

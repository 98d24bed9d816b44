/** Czech. */
import type { LanguagePack } from '../pack.js';

export const cs: LanguagePack = {
  units: { hour: ['hod'] },
};

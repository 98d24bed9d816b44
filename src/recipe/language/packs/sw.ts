/** Swahili. */
import type { LanguagePack } from '../pack.js';

export const sw: LanguagePack = {
  units: { hour: ['masaa'] },
  half: ['nusu'],
};

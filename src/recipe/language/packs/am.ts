/** Amharic. */
import type { LanguagePack } from '../pack.js';

export const am: LanguagePack = {
  units: { day: ['ቀን'] },
};

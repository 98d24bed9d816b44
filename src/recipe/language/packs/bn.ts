/** Bengali. */
import type { LanguagePack } from '../pack.js';

export const bn: LanguagePack = {
  units: { hour: ['ঘন্টা'] },
};

/** Macedonian. */
import type { LanguagePack } from '../pack.js';

export const mk: LanguagePack = {
  units: { hour: ['часот'] },
};

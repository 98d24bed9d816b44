/** Basque. */
import type { LanguagePack } from '../pack.js';

export const eu: LanguagePack = {
  units: { hour: ['orduak'], minute: ['minutuak'] },
};

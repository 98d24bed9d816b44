/** Zulu. */
import type { LanguagePack } from '../pack.js';

export const zu: LanguagePack = {
  units: { minute: ['imizuzu'] },
};

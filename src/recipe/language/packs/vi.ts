/** Vietnamese. */
import type { LanguagePack } from '../pack.js';

export const vi: LanguagePack = {
  units: { hour: ['tiếng'] },
};

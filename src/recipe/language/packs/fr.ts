/** French. */
import type { LanguagePack } from '../pack.js';

export const fr: LanguagePack = {
  units: { day: ['j'], minute: ['mn'] },
  half: ['demi'],
};

/** Hungarian. */
import type { LanguagePack } from '../pack.js';

export const hu: LanguagePack = {
  currencies: { Ft: 'HUF' },
};

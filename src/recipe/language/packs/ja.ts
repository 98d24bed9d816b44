/** Japanese. */
import type { LanguagePack } from '../pack.js';

export const ja: LanguagePack = {
  currencies: { 円: 'JPY' },
};

/** Korean. */
import type { LanguagePack } from '../pack.js';

export const ko: LanguagePack = {
  currencies: { 원: 'KRW' },
};

/** Chinese (simplified). */
import type { LanguagePack } from '../pack.js';

export const zh: LanguagePack = {
  currencies: { RMB: 'CNY' },
};

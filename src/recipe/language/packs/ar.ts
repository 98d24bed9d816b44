/** Arabic. */
import type { LanguagePack } from '../pack.js';

export const ar: LanguagePack = {
  currencies: { 'ج.م': 'EGP', 'د.إ': 'AED', 'ر.س': 'SAR', '﷼': 'SAR' },
};

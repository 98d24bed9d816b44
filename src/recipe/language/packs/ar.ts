/** Arabic. */
import type { LanguagePack } from '../pack.js';

export const ar: LanguagePack = {
  currencies: { 'ج.م': 'EGP', 'د.إ': 'AED', 'ر.س': 'SAR', '﷼': 'SAR',
    // Currency names: the pound, dirham and riyal most pages that write them mean.
    جنيه: 'EGP', درهم: 'AED', ريال: 'SAR' },
};

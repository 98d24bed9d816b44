/** Vietnamese. */
import type { LanguagePack } from '../pack.js';

export const vi: LanguagePack = {
  // "đ": the dong as shops type it without the sign ₫.
  currencies: { đ: 'VND' },
  units: { hour: ['tiếng'] },
};

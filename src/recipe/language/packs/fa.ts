/** Persian: the Arabic spellings of its unit words, as many Persian pages write them. */
import type { LanguagePack } from '../pack.js';

export const fa: LanguagePack = {
  // The toman (ten rials) has no ISO code: prices in tomans are Iranian.
  currencies: { تومان: 'IRR' },
  units: { hour: ['ساعه'], minute: ['دقيقه'] },
};

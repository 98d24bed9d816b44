/** Persian: the Arabic spellings of its unit words, as many Persian pages write them. */
import type { LanguagePack } from '../pack.js';

export const fa: LanguagePack = {
  units: { hour: ['ساعه'], minute: ['دقيقه'] },
};

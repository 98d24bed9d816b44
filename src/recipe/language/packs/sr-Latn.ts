/** Serbian in Latin script. */
import type { LanguagePack } from '../pack.js';

export const srLatn: LanguagePack = {
  currencies: { dinara: 'RSD' },
};

/** Polish: "zl" is "zł" typed without its diacritic. */
import type { LanguagePack } from '../pack.js';

export const pl: LanguagePack = {
  currencies: { zl: 'PLN' },
};

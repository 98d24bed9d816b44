/** Swedish: "kr" is also the Danish, Norwegian and Icelandic crown; the page's country decides (REGION_SIGNS). */
import type { LanguagePack } from '../pack.js';

export const sv: LanguagePack = {
  currencies: { kr: 'SEK' },
};

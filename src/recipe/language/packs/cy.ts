/** Welsh. */
import type { LanguagePack } from '../pack.js';

export const cy: LanguagePack = {
  units: { hour: ['oriau'], minute: ['munudau'] },
};

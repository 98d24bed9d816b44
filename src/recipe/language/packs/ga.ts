/** Irish. */
import type { LanguagePack } from '../pack.js';

export const ga: LanguagePack = {
  units: { hour: ['uair', 'uaire'], minute: ['nóiméad', 'nóiméid'] },
};

/** Tamil. */
import type { LanguagePack } from '../pack.js';

export const ta: LanguagePack = {
  units: { hour: ['மணி', 'மணிநேரம்'], minute: ['நிமிடம்'] },
};

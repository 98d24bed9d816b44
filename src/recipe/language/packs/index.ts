/** Every language pack, by language code (src/recipe/language/locales.ts). A new pack is added here. */
import type { Language } from '../locales.js';
import type { LanguagePack } from '../pack.js';
import { am } from './am.js';
import { ar } from './ar.js';
import { bg } from './bg.js';
import { bn } from './bn.js';
import { cs } from './cs.js';
import { cy } from './cy.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { eu } from './eu.js';
import { fa } from './fa.js';
import { fr } from './fr.js';
import { ga } from './ga.js';
import { he } from './he.js';
import { hu } from './hu.js';
import { id } from './id.js';
import { ms } from './ms.js';
import { hr } from './hr.js';
import { ro } from './ro.js';
import { pl } from './pl.js';
import { srLatn } from './sr-Latn.js';
import { sv } from './sv.js';
import { ja } from './ja.js';
import { kk } from './kk.js';
import { ko } from './ko.js';
import { mk } from './mk.js';
import { mt } from './mt.js';
import { nl } from './nl.js';
import { ru } from './ru.js';
import { sw } from './sw.js';
import { ta } from './ta.js';
import { tr } from './tr.js';
import { uk } from './uk.js';
import { ur } from './ur.js';
import { vi } from './vi.js';
import { zh } from './zh.js';
import { zhHant } from './zh-Hant.js';
import { zu } from './zu.js';

export const PACKS: Partial<Record<Language, LanguagePack>> = {
  en, es, fr, de, nl, cs, ru, uk, bg, mk, kk, tr, he, ar, fa, ur, ja, zh, 'zh-Hant': zhHant, ko, vi, sw, bn, cy, eu, ta, mt, ga, zu, am, hu, id, ms, hr, ro, pl, sv, 'sr-Latn': srLatn,
};

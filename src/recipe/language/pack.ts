/**
 * A language's hand-written words: only what CLDR (the generated tables) does not know. One
 * file per language in packs/, registered in packs/index.ts.
 */
import type { DurationUnit } from './generated/units.js';

export interface LanguagePack {
  /**
   * Currency words and signs pages write that CLDR has no sign for ("TL", "грн", "euros"), with
   * their ISO 4217 code. A sign CLDR gives another code is read as written here.
   */
  currencies?: Record<string, string>;
  /** Duration unit words CLDR lacks: page abbreviations ("hrs"), spelling variants, other cases. */
  units?: Partial<Record<DurationUnit, string[]>>;
  /** Words for a half, in the place of a number ("media hora", "1 hora y media"). */
  half?: string[];
}

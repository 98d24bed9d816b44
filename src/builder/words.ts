/**
 * The builder's one tokenizer: the words of a field name, a label, a class name or a task
 * phrase, in any script. `publicationDate`, `Publication-Date` and `publication date` give
 * ['publication', 'date']; `Maße` -> ['maße'], `цена` -> ['цена'], `商品編號` -> ['商品編號'],
 * `מק"ט` -> ['מק', 'ט']. Latin accents are dropped (as fold does for labels) and the text is
 * recomposed (NFC) so Hangul syllables stay whole. Used by detail, list, search and revision
 * induction alike, through the knowledge registry's nameTokens.
 */
import { fold } from '../recipe/extract/index.js';

export function words(text: string): string[] {
  return fold(text.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2'))
    .normalize('NFC')
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean);
}

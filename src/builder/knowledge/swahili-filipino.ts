/**
 * Labels in Swahili and Filipino (Tagalog), merged into the concepts like languages.ts. Only
 * words shops and recipe sites of those languages commonly print beside the value ("Muda wa
 * maandalizi", "Mahitaji", "Paghahanda", "Mga sangkap"), never a string of one site.
 */
import type { LanguageWords } from './languages.js';
import type { ConceptId } from './types.js';

export const SWAHILI_FILIPINO_WORDS: Partial<Record<ConceptId, LanguageWords>> = {
  title: { labels: ['jina la bidhaa', 'pangalan ng produkto'] },
  description: { labels: ['maelezo', 'maelezo ya bidhaa', 'paglalarawan'] },
  price: { labels: ['bei', 'presyo'] },
  brand: { labels: ['chapa', 'nembo'] },
  availability: { labels: ['upatikanaji', 'hali ya stoo', 'kakayahang magamit'] },
  author: { labels: ['mwandishi', 'imeandikwa na', 'mapishi ya', 'isinulat ni', 'may-akda'] },
  ingredients: { labels: ['mahitaji', 'viungo', 'vitu vinavyohitajika', 'vinavyohitajika', 'mga sangkap', 'sangkap'] },
  instructions: { labels: ['jinsi ya kupika', 'namna ya kupika', 'maelekezo', 'hatua', 'paraan ng pagluluto', 'paraan ng paggawa', 'paano lutuin', 'mga hakbang'] },
  yields: { labels: ['walaji', 'idadi ya walaji', 'inatosha', 'inatoa', 'kwa watu', 'idadi ya watu', 'para sa', 'gagawa ng'] },
  total_time: { labels: ['jumla ya muda', 'muda wote', 'muda jumla', 'kabuuang oras', 'kabuuang oras ng pagluluto'] },
  prep_time: { labels: ['muda wa maandalizi', 'maandalizi', 'muda wa kuandaa', 'paghahanda', 'oras ng paghahanda'] },
  cook_time: { labels: ['muda wa kupika', 'kupika', 'muda wa kuoka', 'kuoka', 'pagluluto', 'oras ng pagluluto'] },
};

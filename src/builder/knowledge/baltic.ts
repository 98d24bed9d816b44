/**
 * Labels in Latvian, Lithuanian and Estonian, merged into the concepts like languages.ts. Only
 * words shops and recipe sites of those languages commonly print beside the value ("Prekės
 * kodas", "Tootekood", "Sagatavošanas laiks"), never a string of one site.
 */
import type { LanguageWords } from './languages.js';
import type { ConceptId } from './types.js';

export const BALTIC_LANGUAGES: Partial<Record<ConceptId, LanguageWords>> = {
  title: { labels: ['nosaukums', 'pavadinimas', 'nimetus'] },
  description: { labels: ['apraksts', 'aprašymas', 'kirjeldus'] },
  price: { names: ['cena', 'kaina', 'hind'], labels: ['cena', 'kaina', 'hind'] },
  brand: { labels: ['zīmols', 'prekės ženklas', 'kaubamärk', 'bränd'] },
  manufacturer: { labels: ['ražotājs', 'gamintojas', 'tootja'] },
  sku: { labels: ['preces kods', 'artikuls', 'prekės kodas', 'tootekood', 'artikkel'] },
  availability: { labels: ['pieejamība', 'prieinamumas', 'saadavus', 'noliktavā', 'laoseis'] },
  warranty: { labels: ['garantija', 'garantii'] },
  author: { labels: ['autors', 'autorius', 'receptes autors', 'recepto autorius'] },
  ingredients: { labels: ['sastāvdaļas', 'produkti', 'ingredientai', 'produktai', 'koostisosad', 'koostisained', 'vaja läheb'] },
  instructions: { labels: ['pagatavošana', 'gatavošana', 'gaminimas', 'paruošimas', 'valmistamine', 'valmistusviis'] },
  yields: { labels: ['sanāk', 'porcijas', 'porciju skaits', 'porcijos', 'porcijų skaičius', 'išeiga', 'portsjonid', 'portsjoneid', 'kogus'] },
  total_time: { labels: ['kopējais laiks', 'kopā', 'bendras laikas', 'iš viso', 'kokku', 'koguaeg'] },
  prep_time: { labels: ['sagatavošanas laiks', 'sagatavošana', 'paruošimo laikas', 'paruošimas', 'ettevalmistus', 'ettevalmistusaeg'] },
  cook_time: { labels: ['gatavošanas laiks', 'cepšanas laiks', 'vārīšanas laiks', 'gaminimo laikas', 'kepimo laikas', 'virimo laikas', 'küpsetusaeg', 'keetmisaeg'] },
};

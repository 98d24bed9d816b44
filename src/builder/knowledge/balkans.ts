/**
 * Labels in Bulgarian and in Croatian/Serbian/Bosnian/Slovene (Latin and Cyrillic), merged into
 * the concepts like languages.ts. Only words shops and recipe sites of those languages commonly
 * print beside the value ("Код на продукта", "Šifra", "Vrijeme pripreme"), never a string of one site.
 */
import type { LanguageWords } from './languages.js';
import type { ConceptId } from './types.js';

export const BALKAN_LANGUAGES: Partial<Record<ConceptId, LanguageWords>> = {
  title: { labels: ['име на продукта', 'naziv', 'naziv proizvoda', 'назив'] },
  description: { labels: ['описание на продукта', 'opis', 'opis proizvoda', 'опис'] },
  price: { names: ['cijena', 'cena'], labels: ['цена', 'cijena', 'cena', 'цијена', 'maloprodajna cijena', 'mpc'] },
  brand: { labels: ['марка', 'brend', 'бренд'] },
  manufacturer: { labels: ['производител', 'proizvođač', 'proizvajalec', 'произвођач'] },
  sku: {
    labels: ['код на продукта', 'продуктов код', 'каталожен номер', 'код на артикула', 'артикулен номер', 'арт. номер',
      'šifra', 'šifra proizvoda', 'šifra artikla', 'kataloški broj', 'oznaka', 'koda izdelka', 'šifra izdelka', 'шифра', 'шифра производа'],
  },
  availability: { labels: ['наличност', 'наличие', 'dostupnost', 'raspoloživost', 'stanje', 'zaloga', 'доступност', 'стање'] },
  warranty: { labels: ['гаранция', 'jamstvo', 'garancija', 'гаранција'] },
  author: { labels: ['автор', 'autor', 'recept poslao', 'objavio', 'objavila', 'публикувано от', 'аутор', 'аутор рецепта', 'autor recepta', 'припремио', 'припремила'] },
  ingredients: { names: ['sastojci', 'sestavine', 'съставки', 'продукти'], labels: ['съставки', 'необходими продукти', 'продукти', 'sastojci', 'namirnice', 'sestavine', 'састојци', 'намирнице'] },
  instructions: { labels: ['начин на приготвяне', 'приготвяне', 'postupak', 'način pripreme', 'postopek'] },
  yields: { labels: ['порции', 'брой порции', 'porcije', 'broj porcija', 'za osoba', 'osobe', 'število porcij', 'porcij', 'порције', 'број порција', 'број особа'] },
  total_time: { labels: ['общо време', 'общо', 'ukupno', 'ukupno vrijeme', 'ukupno vreme', 'skupni čas', 'укупно', 'укупно време'] },
  prep_time: { labels: ['време за подготовка', 'подготовка', 'priprema', 'vrijeme pripreme', 'vreme pripreme', 'čas priprave', 'priprava', 'припрема', 'време припреме'] },
  cook_time: {
    labels: ['време за готвене', 'готвене', 'печене', 'kuhanje', 'vrijeme kuhanja', 'vreme kuvanja', 'kuvanje', 'pečenje', 'vrijeme pečenja', 'prženje',
      'čas kuhanja', 'peka', 'čas peke', 'кување', 'печење'],
  },
};

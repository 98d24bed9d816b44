/**
 * Synthetic marketplace listings for the search benchmark: a seeded RNG (same seed, same 10,000
 * listings), every category, seven languages, a country on two thirds of them, 2 to 7 endpoints each,
 * names and descriptions assembled from per-category vocabularies so that term statistics look like
 * a real catalogue (many listings share "search", "list", "price"; few share a brand name).
 */
import type { ListingDoc } from '../../src/marketplace/search/index.js';

/** mulberry32: small, fast, good enough for benchmark data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Vocabulary {
  /** Words for names and descriptions, per language. */
  nouns: Record<string, string[]>;
  /** Endpoint name stems (combined with verbs). */
  objects: string[];
}

export const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt'] as const;
type Language = (typeof LANGUAGES)[number];

const COUNTRY_OF: Record<Language, string[]> = {
  en: ['US', 'GB', 'AU', 'CA', 'IE'],
  de: ['DE', 'AT', 'CH'],
  fr: ['FR', 'BE', 'CH'],
  es: ['ES', 'MX', 'AR'],
  it: ['IT'],
  nl: ['NL', 'BE'],
  pt: ['PT', 'BR'],
};

export const VOCABULARY: Record<string, Vocabulary> = {
  'real-estate': { nouns: { en: ['apartments', 'homes', 'property', 'rentals', 'real estate', 'houses'], de: ['Wohnungen', 'Immobilien', 'Miete', 'Häuser'], fr: ['immobilier', 'appartements', 'location', 'maisons'], es: ['pisos', 'alquiler', 'viviendas', 'inmuebles'], it: ['case', 'affitto', 'immobili', 'appartamenti'], nl: ['woningen', 'huur', 'huizen'], pt: ['imóveis', 'aluguel', 'apartamentos'] }, objects: ['listings', 'properties', 'agents', 'neighbourhoods', 'prices'] },
  jobs: { nouns: { en: ['jobs', 'careers', 'vacancies', 'hiring', 'remote work'], de: ['Stellenangebote', 'Jobs', 'Karriere'], fr: ['emplois', 'offres d’emploi', 'carrières'], es: ['empleo', 'ofertas de trabajo', 'vacantes'], it: ['lavoro', 'offerte di lavoro'], nl: ['vacatures', 'banen'], pt: ['vagas', 'empregos'] }, objects: ['jobs', 'companies', 'salaries', 'applications'] },
  food: { nouns: { en: ['recipes', 'restaurants', 'cooking', 'meal plans', 'food delivery'], de: ['Rezepte', 'Restaurants', 'Kochen'], fr: ['recettes', 'restaurants', 'cuisine'], es: ['recetas', 'restaurantes', 'cocina'], it: ['ricette', 'ristoranti', 'cucina'], nl: ['recepten', 'restaurants'], pt: ['receitas', 'restaurantes'] }, objects: ['recipes', 'restaurants', 'menus', 'ingredients', 'reviews'] },
  'news-media': { nouns: { en: ['news', 'headlines', 'stories', 'podcasts', 'weather'], de: ['Nachrichten', 'Zeitung', 'Wetter'], fr: ['actualités', 'journal', 'météo'], es: ['noticias', 'periódico', 'tiempo'], it: ['notizie', 'giornale', 'meteo'], nl: ['nieuws', 'krant', 'weer'], pt: ['notícias', 'jornal'] }, objects: ['articles', 'headlines', 'authors', 'sections', 'forecasts'] },
  finance: { nouns: { en: ['stocks', 'exchange rates', 'crypto', 'mortgages', 'funds'], de: ['Aktien', 'Börse', 'Kredite'], fr: ['bourse', 'crédit', 'devises'], es: ['bolsa', 'hipotecas', 'divisas'], it: ['borsa', 'mutui'], nl: ['beurs', 'hypotheken'], pt: ['ações', 'câmbio'] }, objects: ['quotes', 'rates', 'coins', 'filings', 'dividends'] },
  sports: { nouns: { en: ['football', 'scores', 'fixtures', 'basketball', 'tennis'], de: ['Fußball', 'Ergebnisse', 'Bundesliga'], fr: ['football', 'résultats', 'classement'], es: ['fútbol', 'resultados', 'liga'], it: ['calcio', 'risultati', 'classifica'], nl: ['voetbal', 'uitslagen'], pt: ['futebol', 'resultados'] }, objects: ['matches', 'teams', 'players', 'standings', 'scores'] },
  'e-commerce': { nouns: { en: ['shop', 'electronics', 'fashion', 'books', 'deals'], de: ['Shop', 'Mode', 'Elektronik', 'Angebote'], fr: ['boutique', 'mode', 'livres'], es: ['tienda', 'moda', 'ofertas'], it: ['negozio', 'moda', 'offerte'], nl: ['winkel', 'aanbiedingen'], pt: ['loja', 'ofertas'] }, objects: ['products', 'categories', 'prices', 'reviews', 'stock'] },
  travel: { nouns: { en: ['hotels', 'flights', 'trains', 'holidays', 'car rental'], de: ['Hotels', 'Flüge', 'Reisen', 'Bahn'], fr: ['hôtels', 'vols', 'voyages'], es: ['hoteles', 'vuelos', 'viajes'], it: ['alberghi', 'voli', 'viaggi'], nl: ['hotels', 'vluchten', 'reizen'], pt: ['hotéis', 'voos', 'viagens'] }, objects: ['hotels', 'flights', 'departures', 'fares', 'rooms'] },
  automotive: { nouns: { en: ['used cars', 'vehicles', 'dealers', 'EV charging'], de: ['Gebrauchtwagen', 'Autos', 'Fahrzeuge'], fr: ['voitures', 'occasions'], es: ['coches', 'vehículos'], it: ['auto usate', 'veicoli'], nl: ['auto', 'occasions'], pt: ['carros', 'veículos'] }, objects: ['vehicles', 'dealers', 'models', 'stations'] },
  health: { nouns: { en: ['doctors', 'clinics', 'drugs', 'fitness'], de: ['Ärzte', 'Apotheke', 'Gesundheit'], fr: ['médecins', 'santé', 'pharmacie'], es: ['médicos', 'salud', 'farmacia'], it: ['medici', 'salute'], nl: ['artsen', 'gezondheid'], pt: ['médicos', 'saúde'] }, objects: ['doctors', 'appointments', 'drugs', 'clinics'] },
  education: { nouns: { en: ['courses', 'universities', 'tutorials', 'schools'], de: ['Kurse', 'Hochschulen'], fr: ['cours', 'universités', 'formation'], es: ['cursos', 'universidades'], it: ['corsi', 'università'], nl: ['cursussen', 'opleidingen'], pt: ['cursos', 'escolas'] }, objects: ['courses', 'programmes', 'lessons', 'schools'] },
  government: { nouns: { en: ['tenders', 'legislation', 'statistics', 'permits'], de: ['Gesetze', 'Ausschreibungen', 'Statistik'], fr: ['marchés publics', 'lois', 'statistiques'], es: ['licitaciones', 'leyes', 'estadísticas'], it: ['appalti', 'leggi'], nl: ['aanbestedingen', 'wetten'], pt: ['licitações', 'leis'] }, objects: ['notices', 'laws', 'datasets', 'indicators'] },
  social: { nouns: { en: ['forum', 'community', 'profiles', 'reviews'], de: ['Forum', 'Community'], fr: ['forum', 'communauté'], es: ['foro', 'comunidad'], it: ['forum', 'comunità'], nl: ['forum'], pt: ['fórum'] }, objects: ['threads', 'posts', 'profiles', 'comments'] },
  entertainment: { nouns: { en: ['movies', 'concerts', 'music charts', 'video games', 'tickets'], de: ['Kino', 'Konzerte', 'Musik'], fr: ['cinéma', 'concerts', 'musique'], es: ['cine', 'conciertos', 'música'], it: ['cinema', 'concerti'], nl: ['bioscoop', 'concerten'], pt: ['cinema', 'shows'] }, objects: ['events', 'showtimes', 'tickets', 'artists', 'games'] },
  reference: { nouns: { en: ['dictionary', 'encyclopedia', 'company register', 'packages'], de: ['Wörterbuch', 'Lexikon'], fr: ['dictionnaire'], es: ['diccionario'], it: ['dizionario'], nl: ['woordenboek'], pt: ['dicionário'] }, objects: ['words', 'definitions', 'companies', 'packages'] },
  other: { nouns: { en: ['directory', 'tools', 'catalogue'], de: ['Verzeichnis'], fr: ['annuaire'], es: ['directorio'], it: ['elenco'], nl: ['gids'], pt: ['guia'] }, objects: ['entries', 'items', 'records'] },
};

const BRAND_PARTS = ['Nova', 'Blue', 'Open', 'Swift', 'Bright', 'Pixel', 'Urban', 'North', 'Alpha', 'True', 'Metro', 'Quick', 'Zen', 'Peak', 'Silver', 'Atlas', 'Echo', 'Prime', 'Vista', 'Nexo'];
const BRAND_ENDS = ['Hub', 'ly', 'Base', 'Finder', 'Scout', 'Radar', 'Point', 'Works', 'Spot', 'Zone', 'Desk', 'Board', 'Link', 'Wise', 'Mart'];
const VERBS = ['search', 'list', 'get', 'find', 'browse', 'latest', 'top'];
const DESCRIPTION_TEMPLATES: Record<Language, string[]> = {
  en: ['Up-to-date {a} and {b} from {brand}, with details, prices and photos.', 'Browse {a} by city and filter {b} by date.', '{brand} collects {a} and {b} every day.'],
  de: ['Aktuelle {a} und {b} bei {brand}, mit Details und Preisen.', '{a} nach Stadt durchsuchen und {b} filtern.'],
  fr: ['Les {a} et {b} de {brand}, mis à jour chaque jour.', 'Parcourez les {a} par ville et filtrez les {b}.'],
  es: ['{a} y {b} actualizados de {brand}, con precios y fotos.', 'Busca {a} por ciudad y filtra {b} por fecha.'],
  it: ['{a} e {b} aggiornati da {brand}, con prezzi e foto.', 'Cerca {a} per città e filtra {b}.'],
  nl: ['Actuele {a} en {b} van {brand}, met prijzen en foto’s.', 'Zoek {a} per stad en filter {b}.'],
  pt: ['{a} e {b} atualizados de {brand}, com preços e fotos.', 'Pesquise {a} por cidade e filtre {b}.'],
};

export function generateListings(count: number, seed = 42): ListingDoc[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const categories = Object.keys(VOCABULARY);
  const listings: ListingDoc[] = [];
  for (let i = 0; i < count; i++) {
    const category = pick(categories);
    const vocabulary = VOCABULARY[category];
    const language: Language = random() < 0.45 ? 'en' : pick(LANGUAGES);
    const nouns = vocabulary.nouns[language] ?? vocabulary.nouns.en;
    const brand = `${pick(BRAND_PARTS)}${pick(BRAND_ENDS)}${random() < 0.3 ? ` ${Math.floor(random() * 90 + 10)}` : ''}`;
    const [a, b] = [pick(nouns), pick(nouns)];
    const description = pick(DESCRIPTION_TEMPLATES[language]).replace('{a}', a).replace('{b}', b).replace('{brand}', brand);
    const endpointCount = 2 + Math.floor(random() * 6);
    const endpoints = Array.from({ length: endpointCount }, (_, e) => {
      const object = vocabulary.objects[(e + Math.floor(random() * 5)) % vocabulary.objects.length];
      const verb = pick(VERBS);
      return { name: `${verb}_${object}${e > 0 && random() < 0.3 ? `_by_${pick(['city', 'date', 'id', 'name'])}` : ''}`, method: 'POST', summary: `${verb} ${object} of ${brand}` };
    });
    listings.push({
      id: `lst_${i.toString(36).padStart(5, '0')}`,
      slug: `${brand.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${i}`,
      name: `${brand} ${a.charAt(0).toUpperCase()}${a.slice(1)}`,
      description,
      categories: { primary: category, secondary: random() < 0.2 ? [pick(categories.filter((c) => c !== category))] : [] },
      country: random() < 0.67 ? pick(COUNTRY_OF[language]) : null,
      updated_at: new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 600) * 86_400_000).toISOString(),
      top_score: Math.round(random() * 1000) / 10,
      endpoints,
    });
  }
  return listings;
}

/** Mixed benchmark queries: category words in several languages, synonyms, endpoint names, brands. */
export function generateQueries(count: number, seed = 7): string[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const fixed = ['apartments for rent', 'job vacancies', 'cooking recipes', 'latest news', 'stock prices', 'used cars', 'cheap flights', 'football scores', 'doctor appointment', 'online courses', 'list_products', 'searchHotelsByCity', 'Wohnung mieten', 'noticias', 'ricette', 'weather forecast', 'concert tickets', 'public tenders', 'crypto prices', 'second hand furniture'];
  const queries: string[] = [];
  for (let i = 0; i < count; i++) {
    const roll = random();
    const vocabulary = VOCABULARY[pick(Object.keys(VOCABULARY))];
    if (roll < 0.3) queries.push(pick(fixed));
    else if (roll < 0.6) queries.push(pick(vocabulary.nouns[pick(LANGUAGES)] ?? vocabulary.nouns.en));
    else if (roll < 0.8) queries.push(`${pick(VERBS)}_${pick(vocabulary.objects)}`);
    else queries.push(`${pick(BRAND_PARTS)}${pick(BRAND_ENDS)} ${pick(vocabulary.nouns.en)}`);
  }
  return queries;
}

import { describe, expect, it } from 'vitest';
import { inferCategories, inferCountry } from '../../src/marketplace/search/index.js';

describe('inferCategories', () => {
  it.each([
    ['Find your next job. Thousands of vacancies from top employers, apply online.', {}, 'jobs'],
    ['Stellenangebote und Karriere: finden Sie Ihren neuen Job', {}, 'jobs'],
    ['Appartements à louer et maisons à vendre, agence immobilière à Lyon', {}, 'real-estate'],
    ['Pisos en alquiler en Madrid', {}, 'real-estate'],
    ['Easy dinner recipes with ingredients and cooking time', {}, 'food'],
    ['Ricette della tradizione: primi piatti e dolci', {}, 'food'],
    ['Breaking news, headlines and analysis from our newsroom', {}, 'news-media'],
    ['Live stock quotes, dividends and market indices', {}, 'finance'],
    ['Premier League fixtures, results and league standings', {}, 'sports'],
    ['Cheap flights and hotel deals for your next holiday', {}, 'travel'],
    ['Gebrauchtwagen kaufen: Autos vom Händler', {}, 'automotive'],
    ['Find a doctor and book an appointment at a clinic near you', {}, 'health'],
    ['Online courses and degree programmes from universities', {}, 'education'],
    ['Film showtimes, concert tickets and festival line-ups', {}, 'entertainment'],
    ['English dictionary: definitions, synonyms and translations', {}, 'reference'],
    ['Community forum: threads, comments and user profiles', {}, 'social'],
    ['Shop smartphones, laptops and headphones; free delivery on every product', {}, 'e-commerce'],
    ['Welcome to our homepage', {}, 'other'],
    ['', {}, 'other'],
    // hints: the title weighs more than the body, the domain adds its own evidence
    ['Latest articles and photos', { title: 'Used cars for sale' }, 'automotive'],
    ['Forms, opening hours and contact', { host: 'www.service.gov.uk' }, 'government'],
    ['Library opening hours and contact', { host: 'library.mit.edu' }, 'education'],
    ['Browse the catalogue', { host: 'jobs.example.com' }, 'jobs'],
  ] as const)('%s -> %s', (text, hints, expected) => {
    expect(inferCategories(text, hints).primary).toBe(expected);
  });

  it('adds secondary categories with substantial evidence only, at most two', () => {
    const mixed = inferCategories('Hotels and flights for your holiday, plus restaurant recipes and food guides for the trip', {});
    expect(mixed.primary).toBe('travel');
    expect(mixed.secondary).toEqual(['food']);
    const single = inferCategories('Job vacancies, careers and salaries. One recipe.', {});
    expect(single).toEqual({ primary: 'jobs', secondary: [] });
    const many = inferCategories('news sports finance jobs food travel news sports finance jobs food travel', {});
    expect(many.secondary.length).toBeLessThanOrEqual(2);
  });
});

describe('inferCountry', () => {
  it.each([
    [{ host: 'www.bbc.co.uk' }, 'GB'],
    [{ host: 'example.uk' }, 'GB'],
    [{ host: 'www.spiegel.de', lang: 'de' }, 'DE'],
    [{ host: 'shop.example.com.au' }, 'AU'],
    [{ host: 'loja.com.br', lang: 'pt' }, 'BR'],
    [{ host: 'www.lemonde.fr', lang: 'en' }, 'FR'], // the domain outranks the language
    [{ host: 'example.com', lang: 'nl-NL' }, 'NL'],
    [{ host: 'example.com', lang: 'en-GB' }, 'GB'],
    [{ host: 'example.com', lang: 'en_US' }, 'US'],
    [{ host: 'example.com', lang: 'zh-Hant-TW' }, 'TW'],
    [{ host: 'example.com', lang: 'ja' }, 'JP'],
    [{ host: 'example.org', lang: 'pl' }, 'PL'],
    [{ host: 'example.com', lang: 'en' }, null],
    [{ host: 'example.com', lang: 'es' }, null],
    [{ host: 'example.com', lang: 'de' }, null],
    [{ host: 'example.com', lang: 'es-419' }, null],
    [{ host: 'example.com' }, null],
    [{ host: 'startup.io', lang: 'en' }, null],
    [{ host: 'news.ai', lang: 'en-US' }, 'US'],
    [{ host: 'app.co' }, null],
    [{ host: 'europa.eu', lang: 'fr' }, null],
    [{ host: 'EXAMPLE.IT.' }, 'IT'],
    [{ host: null, lang: null }, null],
    [{}, null],
  ])('%o -> %s', (signals, expected) => {
    expect(inferCountry(signals)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { stem } from '../../src/marketplace/search/stem.js';
import { foldText, splitIdentifiers, terms, words } from '../../src/marketplace/search/tokenize.js';

describe('tokenisation', () => {
  it('splits snake_case, kebab-case, camelCase, acronyms and digits', () => {
    expect(splitIdentifiers('list_books').trim()).toBe('list books');
    expect(words('getBooksByAuthor')).toEqual(['get', 'books', 'by', 'author']);
    expect(words('HTMLParser v2api search-results')).toEqual(['html', 'parser', 'v', '2', 'api', 'search', 'results']);
    expect(words('fetch.weather.v3')).toEqual(['fetch', 'weather', 'v', '3']);
  });

  it('folds case, diacritics and ligatures', () => {
    expect(foldText('Crème Brûlée')).toBe('creme brulee');
    expect(foldText('Straße Łódź Ærø')).toBe('strasse lodz aero');
    expect(words('Ärzte in München')).toEqual(['arzte', 'in', 'munchen']);
  });

  it('drops stop words of several languages but keeps content words', () => {
    expect(terms('the list of books for the author')).toEqual(['list', 'book', 'author']);
    expect(terms('les recettes de la cuisine')).toEqual(['recett', 'cuisin']);
  });

  it('gives each character of unspaced scripts its own term', () => {
    expect(words('東京ホテル')).toEqual(['東', '京', 'ホ', 'テ', 'ル']);
  });
});

describe('light stemmer', () => {
  it.each([
    ['books', 'book'],
    ['book', 'book'],
    ['companies', 'compani'],
    ['company', 'compani'],
    ['boxes', 'box'],
    ['classes', 'class'],
    ['movies', 'movi'],
    ['movie', 'movi'],
    ['shopping', 'shop'],
    ['booking', 'booking'],
    ['string', 'string'],
    ['hoteles', 'hotel'],
    ['wohnungen', 'wohnung'],
    ['recetas', 'recet'],
    ['receta', 'recet'],
    ['libri', 'libr'],
    ['libro', 'libr'],
    ['news', 'news'],
    ['status', 'status'],
    ['screen', 'screen'],
    ['api', 'api'],
    ['2024', '2024'],
  ])('%s -> %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it('maps singular and plural to the same term on both sides', () => {
    for (const [a, b] of [['recipe', 'recipes'], ['vacancy', 'vacancies'], ['voiture', 'voitures'], ['notizia', 'notizie']]) {
      expect(terms(a)).toEqual(terms(b));
    }
  });
});

import { describe, expect, it } from 'vitest';
import { parseTask, splitFieldList, fieldKey } from '../../src/builder/task-intent.js';
import { apiName, endpointNames, entityNoun, pluralize, snake } from '../../src/builder/naming.js';
import { detectLoginWall } from '../../src/builder/login-wall.js';
import { ProgressReporter, type Progress } from '../../src/builder/progress.js';
import { recordSchema, successBodySchema } from '../../src/builder/schema-of.js';

describe('task understanding', () => {
  it('reads the benchmark sentence: entity, detail kind, exact field names', () => {
    const t = parseTask('Get the book details from each book page: title, author, isbn_13, publisher, publication_date');
    expect(t).toMatchObject({ entity: 'book', fields: ['title', 'author', 'isbn_13', 'publisher', 'publication_date'] });
    expect(t.kinds).toContain('detail');
  });

  it('reads lists, searches and free phrasing', () => {
    expect(parseTask('List all products with name, price and rating')).toMatchObject({
      fields: ['name', 'price', 'rating'],
      kinds: ['list'],
      entity: 'product',
    });
    expect(parseTask('search recipes by keyword').kinds).toContain('search');
    expect(parseTask('').fields).toEqual([]);
    expect(parseTask('').kinds).toEqual([]);
    expect(splitFieldList('the title; its author & the publication date')).toEqual(['title', 'author', 'publication date']);
  });

  it('turns field names into output keys without changing identifiers', () => {
    expect(fieldKey('isbn_13')).toBe('isbn_13');
    expect(fieldKey('publication date')).toBe('publication_date');
    expect(fieldKey('Año de publicación')).toBe('Ano_de_publicacion');
    expect(fieldKey('3d model')).toBe('field_3d_model');
    expect(fieldKey('цена')).toBe('цена');
    expect(fieldKey('год выпуска')).toBe('год_выпуска');
    expect(parseTask('Get each book: title, pages, data').fields).toEqual(['title', 'pages', 'data']);
  });
});

describe('naming', () => {
  it('names endpoints as verbs', () => {
    expect(endpointNames('book')).toEqual({ list: 'list_books', detail: 'get_book', search: 'search_books' });
    expect(pluralize('category')).toBe('categories');
    expect(pluralize('box')).toBe('boxes');
    expect(entityNoun(null, ['WebPage', 'Recipe'])).toBe('recipe');
    expect(entityNoun('Job Offer', [])).toBe('job_offer');
    expect(snake('ProductGroup')).toBe('product_group');
  });

  it("names the API after the site, not a page", () => {
    expect(apiName(['All products - page 1 | Books to Scrape', 'Sapiens | Books to Scrape'], 'books.example')).toBe('Books to Scrape');
    expect(apiName(['Chili con carne - Mi Cocina'], 'cocina.example')).toBe('Mi Cocina');
    expect(apiName([], 'www.shop.example')).toBe('shop.example');
    expect(apiName(['Home'], 'x.example', 'The Shop')).toBe('The Shop');
  });
});

describe('login walls', () => {
  it('recognises sign-in pages and leaves content alone', () => {
    const form = '<form><input name="u"><input type="password" name="p"><button>Sign in</button></form>';
    expect(detectLoginWall({ url: 'https://a.example/login', status: 200, text: `<html><body>${form}</body></html>` })).toMatch(/sign-in/);
    expect(detectLoginWall({ url: 'https://a.example/', status: 200, text: `<html><body><h1>Log in</h1>${form}</body></html>` })).toMatch(/sign-in form/);
    expect(detectLoginWall({ url: 'https://a.example/', status: 401, text: '' })).toMatch(/401/);
    const shop = `<html><body>${'<p>Lots of product text here.</p>'.repeat(40)}${form}</body></html>`;
    expect(detectLoginWall({ url: 'https://a.example/', status: 200, text: shop })).toBeNull();
  });
});

describe('progress', () => {
  it('keeps stages, percent, endpoint states and at most 200 log lines, and persists the last state', async () => {
    const written: Progress[] = [];
    const p = new ProgressReporter(async (x) => void written.push(x), undefined, 10_000);
    p.stage('exploring', 'Exploring');
    p.endpoint('get_book', 'planned');
    p.endpoint('list_books', 'planned');
    p.endpoint('get_book', 'passed', 'ok');
    for (let i = 0; i < 250; i++) p.log('info', `line ${i}`);
    p.advance(0.5);
    await p.flush();
    const last = written[written.length - 1];
    expect(last.stage).toBe('exploring');
    expect(last.percent).toBeGreaterThan(15);
    expect(last.endpoints).toEqual([
      { endpoint_name: 'get_book', status: 'passed', message: 'ok' },
      { endpoint_name: 'list_books', status: 'planned' },
    ]);
    expect(last.log).toHaveLength(200);
    expect(last.log[199].message).toBe('line 249');
  });
});

describe('return schemas', () => {
  it('types fields from the values the endpoint produced, nullable, inside the success body', () => {
    const data = recordSchema([{ title: 'A', price: 12.5 }, { title: 'B', price: null }], ['title', 'price']);
    expect(data).toMatchObject({ properties: { title: { type: ['string', 'null'] }, price: { type: ['number', 'null'] } } });
    const body = successBodySchema(data);
    expect(body.required).toEqual(['status', 'data']);
  });
});

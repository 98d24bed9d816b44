/** The registry and task understanding (issue 11, points 1 and 8). */
import { describe, expect, it } from 'vitest';
import { CONCEPTS, CONCEPT_IDS, resolveField } from '../../src/builder/knowledge/index.js';
import { SCRIPT_LANGUAGES } from '../../src/builder/knowledge/scripts.js';
import { MORE_LANGUAGES } from '../../src/builder/knowledge/languages.js';
import { conceptKey, parseTask } from '../../src/builder/task-intent.js';
import { words } from '../../src/builder/words.js';

describe('the registry', () => {
  it('every concept resolves from each of its names (the first concept claiming a name owns it)', () => {
    const owner = new Map<string, string>();
    for (const c of CONCEPTS) for (const n of c.names) if (!owner.has(words(n).join('_'))) owner.set(words(n).join('_'), c.id);
    for (const c of CONCEPTS) {
      for (const n of c.names) {
        const r = resolveField(n);
        expect(r.known, `${c.id}: ${n}`).toBe(true);
        expect(r.concept.id, `${c.id}: ${n}`).toBe(owner.get(words(n).join('_')));
      }
    }
  });

  it('every declared concept id has exactly one concept (the compiler checks the other direction)', () => {
    for (const id of CONCEPT_IDS) expect(CONCEPTS.filter((c) => c.id === id), id).toHaveLength(1);
    expect(CONCEPTS).toHaveLength(CONCEPT_IDS.length);
  });

  it('every language block names concepts that exist, and its labels reach them', () => {
    for (const block of [MORE_LANGUAGES, SCRIPT_LANGUAGES]) {
      for (const [id, more] of Object.entries(block)) {
        const concept = CONCEPTS.find((c) => c.id === id);
        expect(concept, id).toBeDefined();
        for (const label of more.labels ?? []) expect(concept!.labels, `${id}: ${label}`).toContain(label);
      }
    }
  });

  it('one tokenizer for every script', () => {
    expect(words('publicationDate')).toEqual(['publication', 'date']);
    expect(words('Publication-Date')).toEqual(['publication', 'date']);
    expect(words('Maße')).toEqual(['maße']);
    expect(words('цена товара')).toEqual(['цена', 'товара']);
    expect(words('商品編號')).toEqual(['商品編號']);
    expect(words('재료 목록')).toEqual(['재료', '목록']);
    expect(words('Año')).toEqual(['ano']);
  });
});

describe('task understanding', () => {
  it('phrases name concepts; keys are singular snake_case', () => {
    expect(conceptKey('book titles')).toBe('book_title');
    expect(conceptKey('prices')).toBe('price');
    expect(conceptKey('ratings')).toBe('rating');
    expect(conceptKey('UPC')).toBe('upc');
    expect(conceptKey('ingredients')).toBe('ingredients');
    expect(conceptKey('isbn_13')).toBe('isbn_13');
  });

  it('the issue\'s first phrasing: fields, a place, and an endpoint phrase', () => {
    const t = parseTask('get book titles, prices, ratings and availability from the catalogue, and the details of each book');
    expect(t.fields).toEqual(['title', 'price', 'rating', 'availability']);
    expect(t.entity).toBe('book');
    expect(t.kinds.sort()).toEqual(['detail', 'list']);
  });

  it('the issue\'s second phrasing: "including" names detail fields', () => {
    const t = parseTask("list books with title, price, rating and availability, and get a book's details including UPC");
    expect(t.fields).toEqual(['title', 'price', 'rating', 'availability', 'upc']);
    expect(t.kinds.sort()).toEqual(['detail', 'list']);
    expect(t.entity).toBe('book');
  });

  it('the benchmark\'s sentences keep their attribute names', () => {
    const t = parseTask('Get the recipe details from each recipe page: title, author, ingredients, yields, total_time, prep_time, cook_time');
    expect(t.fields).toEqual(['title', 'author', 'ingredients', 'yields', 'total_time', 'prep_time', 'cook_time']);
    expect(t.kinds).toEqual(['detail']);
  });

  it('search and every-page phrases choose endpoints', () => {
    expect(parseTask('search jobs by keyword and get the title, company and salary of each job').kinds).toContain('search');
    const all = parseTask('list all vacancies on all pages with title and salary');
    expect(all.fields).toEqual(['title', 'salary']);
    expect(all.entity).toBe('vacancy');
  });
});

import { describe, expect, it } from 'vitest';
import { CONCEPTS, resolveField } from '../../src/builder/knowledge/index.js';

describe('resolveField', () => {
  it.each([
    ['isbn_13', 'isbn13'],
    ['publicationDate', 'date_published'],
    ['Publication date', 'date_published'],
    ['uitgever', 'publisher'],
    ['Verlag', 'publisher'],
    ['zutaten', 'ingredients'],
    ['ingredientes', 'ingredients'],
    ['sale_price', 'price'],
    ['author_name', 'author'],
    ['book_title', 'title'],
    ['yields', 'yields'],
    ['tiempo_total', 'total_time'],
    ['gtin13', 'gtin'],
  ])('%s -> %s', (name, id) => {
    expect(resolveField(name).concept.id).toBe(id);
  });
  it('makes a concept from an unknown name', () => {
    const r = resolveField('cover_type');
    expect(r.known).toBe(false);
    expect(r.concept.labels).toContain('cover type');
    expect(r.concept.schema[0].path).toBe('coverType');
    expect(resolveField('delivery_time').concept.shape).toBe('duration');
    expect(resolveField('launch_date').concept.shape).toBe('date');
    expect(resolveField('features').concept.many).toBe(true);
  });
  it('adds the field words as a label to a concept found by its head word', () => {
    expect(resolveField('paper_weight').concept.labels).toContain('paper weight');
  });
  it('has labels in several languages for the common concepts', () => {
    const publisher = CONCEPTS.find((c) => c.id === 'publisher')!;
    for (const word of ['publisher', 'editorial', 'uitgever', 'verlag', 'éditeur', 'editore', 'editora', 'wydawca']) {
      expect(publisher.labels).toContain(word);
    }
  });
});

describe('words in more languages', () => {
  it('adds only to concepts that exist', async () => {
    const { MORE_LANGUAGES } = await import('../../src/builder/knowledge/languages.js');
    for (const id of Object.keys(MORE_LANGUAGES)) expect(CONCEPTS.some((c) => c.id === id), id).toBe(true);
  });
  it.each([
    ['цена', 'price'],
    ['författare', 'author'],
    ['Maße', 'field:maße'],
    ['ingredienser', 'ingredients'],
    ['pinta_ala', 'floor_area'],
  ])('%s -> %s', (name, id) => {
    expect(resolveField(name).concept.id).toBe(id);
  });
});

describe('concepts for jobs, shops and homes', () => {
  it.each([
    ['remote_work', 'remote'],
    ['homeoffice', 'remote'],
    ['warranty', 'warranty'],
    ['garantie', 'warranty'],
    ['floor', 'floor_level'],
    ['performers', 'performer'],
    ['venue', 'location'],
  ])('%s -> %s', (name, id) => {
    expect(resolveField(name).concept.id).toBe(id);
  });
});

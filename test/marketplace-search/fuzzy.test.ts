import { describe, expect, it } from 'vitest';
import { editDistance, SpellingIndex } from '../../src/marketplace/search/fuzzy.js';
import { createSearchIndex } from '../../src/marketplace/search/index.js';
import { ids, listing } from './helpers.js';

describe('edit distance (optimal string alignment)', () => {
  it.each([
    ['weather', 'weather', 0],
    ['weahter', 'weather', 1], // transposition
    ['hotle', 'hotel', 1],
    ['recipi', 'recip', 1], // deletion
    ['restuarant', 'restaurant', 1],
    ['kitten', 'sitting', 3],
  ])('%s / %s = %i', (a, b, expected) => {
    expect(editDistance(a, b, 5)).toBe(expected);
  });

  it('stops early above the cut-off', () => {
    expect(editDistance('abcdefgh', 'zyxwvuts', 1)).toBe(2);
  });
});

describe('SpellingIndex', () => {
  const index = new SpellingIndex();
  const words = ['weather', 'whether', 'hotel', 'and', 'band'];
  const df = [10, 1, 5, 100, 2];
  words.forEach((w, id) => index.add(id, w));
  const closest = (term: string) => words[index.closest(term, (id) => df[id])] ?? null;

  it('corrects within one edit, two for long words, preferring the more frequent term', () => {
    expect(closest('weahter')).toBe('weather');
    expect(closest('wether')).toBe('weather'); // weather (df 10) and whether (df 1) are both one edit away
    expect(closest('hotle')).toBe('hotel');
  });

  it('never corrects to a stop word, across the first letter, or short and numeric terms', () => {
    expect(closest('hand')).toBe(null); // "and" is a stop word, "band" starts differently
    expect(closest('gotel')).toBe(null);
    expect(closest('hot')).toBe(null);
    expect(closest('hotel1')).toBe(null);
  });

  it('ignores terms no document holds any more', () => {
    expect(index.closest('hotle', (id) => (id === 2 ? 0 : df[id]))).toBe(-1);
  });
});

describe('typo tolerance in search', () => {
  it('finds listings through misspelt query words, ranked below exact matches', async () => {
    const index = createSearchIndex({ embedder: null });
    await index.upsertMany([listing('w', { name: 'SkyCast Weather' }), listing('r', { name: 'Restaurant guide' })]);
    expect(ids(await index.searchApis({ q: 'weahter', limit: 5, offset: 0 }))).toEqual(['w']);
    expect(ids(await index.searchApis({ q: 'restuarant', limit: 5, offset: 0 }))).toEqual(['r']);
    const exact = await index.searchApis({ q: 'weather', limit: 5, offset: 0 });
    const typo = await index.searchApis({ q: 'weahter', limit: 5, offset: 0 });
    expect(typo.items[0].score).toBeLessThan(exact.items[0].score);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FieldedBm25, ScoreBuffer } from '../../src/marketplace/search/bm25.js';

function scores(index: FieldedBm25, query: string[], slots: number): number[] {
  const buffer = new ScoreBuffer();
  buffer.ensure(slots);
  index.score(query, buffer);
  const out = Array.from({ length: slots }, (_, slot) => buffer.scores[slot]);
  buffer.clear();
  return out;
}

describe('FieldedBm25', () => {
  const fields = [
    { weight: 3, b: 0.5 },
    { weight: 1, b: 0.75 },
  ];

  it('weighs a match in a heavier field above the same match in a lighter one', () => {
    const index = new FieldedBm25(fields);
    index.add(0, [['weather'], ['forecast', 'data']]);
    index.add(1, [['forecast'], ['weather', 'data']]);
    index.add(2, [['other'], ['unrelated']]);
    const [inName, inDescription, none] = scores(index, ['weather'], 3);
    expect(inName).toBeGreaterThan(inDescription);
    expect(inDescription).toBeGreaterThan(0);
    expect(none).toBe(0);
  });

  it('ranks a rare term above a common one (idf) and returns the idf mass', () => {
    const index = new FieldedBm25(fields);
    for (let slot = 0; slot < 10; slot++) index.add(slot, [['shop'], slot === 3 ? ['vinyl'] : []]);
    const buffer = new ScoreBuffer();
    buffer.ensure(10);
    const mass = index.score(['shop', 'vinyl'], buffer);
    expect(buffer.scores[3]).toBeGreaterThan(buffer.scores[4]);
    expect(buffer.scores[3]).toBeLessThan(mass);
    buffer.clear();
  });

  it('saturates repeated terms and normalises long fields', () => {
    const index = new FieldedBm25(fields);
    index.add(0, [[], ['book']]);
    index.add(1, [[], ['book', 'book', 'book', 'book', 'book', 'book', 'book', 'book']]);
    index.add(2, [[], ['book', ...Array.from({ length: 40 }, (_, i) => `filler${i}`)]]);
    const [once, eight, diluted] = scores(index, ['book'], 3);
    expect(eight).toBeGreaterThan(once);
    expect(eight).toBeLessThan(once * 2.5);
    expect(diluted).toBeLessThan(once);
  });

  it('removing and re-adding documents scores exactly like building from scratch', () => {
    const vocabulary = ['a', 'b', 'c', 'd', 'e'];
    const doc = fc.tuple(fc.array(fc.constantFrom(...vocabulary), { maxLength: 4 }), fc.array(fc.constantFrom(...vocabulary), { maxLength: 8 }));
    fc.assert(
      fc.property(fc.array(doc, { minLength: 1, maxLength: 12 }), fc.array(fc.nat(11)), (docs, toRemove) => {
        const incremental = new FieldedBm25(fields);
        docs.forEach((d, slot) => incremental.add(slot, [d[0], ['noise']]));
        docs.forEach((d, slot) => incremental.add(slot, d)); // replace every document
        const removed = new Set(toRemove.filter((slot) => slot < docs.length));
        for (const slot of removed) incremental.remove(slot);
        const fresh = new FieldedBm25(fields);
        docs.forEach((d, slot) => {
          if (!removed.has(slot)) fresh.add(slot, d);
        });
        for (const term of vocabulary) {
          const a = scores(incremental, [term], docs.length);
          const b = scores(fresh, [term], docs.length);
          a.forEach((value, i) => expect(value).toBeCloseTo(b[i], 9));
        }
        expect(incremental.size).toBe(fresh.size);
      }),
      { numRuns: 200 },
    );
  });
});

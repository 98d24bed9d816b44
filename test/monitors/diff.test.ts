import { describe, expect, it } from 'vitest';
import { canonicalJson, defaultKeyFields, diffRecords, isEmptyDiff, recordsOf } from '../../src/services/monitors/diff.js';

const shop = [
  { id: 1, name: 'Espresso', price: 4.5, tags: ['hot'] },
  { id: 2, name: 'Filter', price: 9.99, tags: [] },
  { id: 3, name: 'Moka pot', price: 29, tags: ['stovetop'] },
];

describe('monitor diff', () => {
  it('finds added, removed and changed records with each field from -> to', () => {
    const next = [
      { id: 3, name: 'Moka pot', price: 29, tags: ['stovetop'] },
      { id: 1, name: 'Espresso', price: 3.99, tags: ['hot', 'sale'] },
      { id: 4, name: 'Cold brew', price: 12.5, tags: [] },
    ];
    const d = diffRecords(shop, next, ['id']);
    expect(d.added).toEqual([{ id: 4, name: 'Cold brew', price: 12.5, tags: [] }]);
    expect(d.removed).toEqual([{ id: 2, name: 'Filter', price: 9.99, tags: [] }]);
    expect(d.changed).toEqual([{ key: 1, fields: { price: { from: 4.5, to: 3.99 }, tags: { from: ['hot'], to: ['hot', 'sale'] } } }]);
  });

  it('sees no change when only the order changes (records, and keys inside objects)', () => {
    const shuffled = [shop[2], shop[0], shop[1]].map((r) => Object.fromEntries(Object.entries(r).reverse()));
    expect(isEmptyDiff(diffRecords(shop, shuffled, ['id']))).toBe(true);
    expect(isEmptyDiff(diffRecords(shop, shuffled, null))).toBe(true);
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe(canonicalJson({ a: { c: 3, d: 2 }, b: 1 }));
  });

  it('reports a field that disappears as a change to null, one that appears as a change from null', () => {
    const d = diffRecords([{ id: 1, name: 'A', sale: true }], [{ id: 1, name: 'A', stock: 3 }], ['id']);
    expect(d.changed).toEqual([{ key: 1, fields: { sale: { from: true, to: null }, stock: { from: null, to: 3 } } }]);
    // Missing and null are the same value.
    expect(isEmptyDiff(diffRecords([{ id: 1, note: null }], [{ id: 1 }], ['id']))).toBe(true);
  });

  it('keys by several fields as an object', () => {
    const d = diffRecords([{ shop: 'a', sku: 1, n: 1 }], [{ shop: 'a', sku: 1, n: 2 }, { shop: 'b', sku: 1, n: 2 }], ['shop', 'sku']);
    expect(d.changed).toEqual([{ key: { shop: 'a', sku: 1 }, fields: { n: { from: 1, to: 2 } } }]);
    expect(d.added).toEqual([{ shop: 'b', sku: 1, n: 2 }]);
  });

  it('without a key, a changed record is one removed and one added (its hash changed)', () => {
    const d = diffRecords([{ a: 1 }, { a: 2 }], [{ a: 2 }, { a: 3 }], null);
    expect(d).toEqual({ added: [{ a: 3 }], removed: [{ a: 1 }], changed: [] });
  });

  it('matches repeated keys by occurrence', () => {
    const d = diffRecords([{ id: 1, v: 1 }, { id: 1, v: 2 }], [{ id: 1, v: 1 }, { id: 1, v: 2 }, { id: 1, v: 3 }], ['id']);
    expect(d).toEqual({ added: [{ id: 1, v: 3 }], removed: [], changed: [] });
  });

  it('defaults to the id or url field only when it identifies every record', () => {
    expect(defaultKeyFields([shop, shop.slice(1)])).toEqual(['id']);
    expect(defaultKeyFields([[{ url: '/a', title: 'x' }, { url: '/b', title: 'x' }]])).toEqual(['url']);
    expect(defaultKeyFields([[{ product_id: 'p1' }, { product_id: 'p2' }]])).toEqual(['product_id']);
    // A shared id identifies nothing: the url does.
    expect(defaultKeyFields([[{ id: 1, url: '/a' }, { id: 1, url: '/b' }]])).toEqual(['url']);
    expect(defaultKeyFields([[{ title: 'a' }, { title: 'b' }]])).toBeNull();
    expect(defaultKeyFields([[{ id: 1 }, { name: 'no id' }]])).toBeNull();
  });

  it('reads records from list, object and empty answers', () => {
    expect(recordsOf([{ a: 1 }, 2])).toEqual([{ a: 1 }, { value: 2 }]);
    expect(recordsOf({ a: 1 })).toEqual([{ a: 1 }]);
    expect(recordsOf(null)).toEqual([]);
  });
});

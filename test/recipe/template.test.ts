import { describe, expect, it } from 'vitest';
import { fillDeep, fillString, fillValue, lookup, resolveUrl, templateRefs } from '../../src/recipe/template.js';

const scope = {
  params: { q: 'a b&c/d', id: 7, tags: ['x y', 'z'], empty: '' },
  vars: { item: { url: 'https://s.test/p?a=1', nested: { n: 2 } }, q: 'shadowed', rows: [{ id: 'r0' }] },
};

describe('templates', () => {
  it('percent-encodes {name} in URLs and inserts {+name} as is', () => {
    expect(fillString('/s/{q}?x={id}', scope, 'url')).toBe('/s/a%20b%26c%2Fd?x=7');
    expect(fillString('{+item.url}', scope, 'url')).toBe('https://s.test/p?a=1');
    expect(fillString('/t/{tags}', scope, 'url')).toBe('/t/x%20y,z');
  });

  it('inserts values raw outside URLs', () => {
    expect(fillString('q={q}', scope, 'raw')).toBe('q=a b&c/d');
  });

  it('percent-encodes {%name} everywhere: a form string inside a JSON body', () => {
    expect(fillString('query={%q}&page=0', scope, 'raw')).toBe('query=a%20b%26c%2Fd&page=0');
    expect(fillDeep({ params: 'query={%q}&tags={%tags}' }, scope)).toEqual({ params: 'query=a%20b%26c%2Fd&tags=x%20y,z' });
    expect(templateRefs('a={%q}')).toEqual([{ name: 'q', root: 'q', raw: false }]);
  });

  it('reads params before vars, dotted names, indexes and list length', () => {
    expect(lookup(scope, 'q')).toBe('a b&c/d');
    expect(lookup(scope, 'item.nested.n')).toBe(2);
    expect(lookup(scope, 'rows.0.id')).toBe('r0');
    expect(lookup(scope, 'tags.length')).toBe(2);
  });

  it('turns missing names into the empty string and never reaches prototypes', () => {
    expect(fillString('[{nope}][{item.missing.deeper}]', scope, 'url')).toBe('[][]');
    expect(lookup(scope, 'item.constructor')).toBeUndefined();
    expect(lookup(scope, 'toString')).toBeUndefined();
  });

  it('keeps the type of a lone placeholder', () => {
    expect(fillValue('{id}', scope)).toBe(7);
    expect(fillValue('{tags}', scope)).toEqual(['x y', 'z']);
    expect(fillValue('{nothing}', scope)).toBeUndefined();
    expect(fillValue('#{id}', scope)).toBe('#7');
    expect(fillDeep({ a: ['{id}', { b: '{item.nested}' }], c: 3 }, scope)).toEqual({ a: [7, { b: { n: 2 } }], c: 3 });
  });

  it('leaves braces that are not placeholders alone', () => {
    expect(fillString('{ "a": 1 } {id}', scope)).toBe('{ "a": 1 } 7');
    expect(templateRefs('/x/{a.b}/{+c}/{ d }')).toEqual([
      { name: 'a.b', root: 'a', raw: false },
      { name: 'c', root: 'c', raw: true },
    ]);
  });

  it('resolves URLs against the source and refuses other schemes', () => {
    expect(resolveUrl('/books/1', 'https://s.test/shop/')).toBe('https://s.test/books/1');
    expect(resolveUrl('page-2.html', 'https://s.test/shop/')).toBe('https://s.test/shop/page-2.html');
    expect(resolveUrl('file:///etc/passwd', 'https://s.test/')).toBeNull();
    expect(resolveUrl('http://[::1', 'https://s.test/')).toBeNull();
  });
});

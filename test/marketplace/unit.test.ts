/** Pure parts of the marketplace: site keys, task coverage, breaking changes, canonical merges. */
import { describe, expect, it } from 'vitest';
import { coverage, mergeEndpoints, siteKeyOf } from '../../src/services/marketplace/index.js';
import { breakingChanges, stableJson } from '../../src/services/marketplace/recipe-diff.js';
import { listingName, slugify } from '../../src/services/marketplace/listing-content.js';
import { getProduct, listProducts, shopRecipe } from './fixtures.js';

describe('site keys', () => {
  it('normalize the host and keep the directory of the path', () => {
    expect(siteKeyOf('https://WWW.Books.test/index.html?x=1').key).toBe('books.test/');
    expect(siteKeyOf('http://books.test').key).toBe('books.test/');
    expect(siteKeyOf('http://books.test/catalogue/page-1.html').key).toBe('books.test/catalogue/');
    expect(siteKeyOf('http://books.test/catalogue/').key).toBe('books.test/catalogue/');
    expect(siteKeyOf('http://127.0.0.1:8080/a/b').key).toBe('127.0.0.1:8080/a/');
    expect(siteKeyOf('https://books.test:443/').key).toBe('books.test/');
    expect(siteKeyOf('http://shop.books.test/').host).toBe('shop.books.test');
  });
});

describe('coverage of a task', () => {
  const recipe = shopRecipe('http://s.test', [getProduct({ name: 'string', price: 'number', product_type: 'string' }), listProducts({ name: 'string' })]);
  it('is complete for an empty task or named fields the API has', () => {
    expect(coverage(recipe, '')).toEqual({ covered: true, score: 1, missing: [] });
    expect(coverage(recipe, 'Get each product: name, price and product type').covered).toBe(true);
    expect(coverage(recipe, 'list all products').covered).toBe(true);
  });
  it('names what is missing', () => {
    const c = coverage(recipe, 'Get each product: name, price, brand and rating');
    expect(c.covered).toBe(false);
    expect(c.missing).toEqual(expect.arrayContaining(['brand', 'rating']));
    expect(c.score).toBeGreaterThan(0);
    expect(c.score).toBeLessThan(1);
    expect(coverage(recipe, 'search products by keyword').missing).toContain('search endpoint');
  });
});

describe('breaking changes', () => {
  const before = getProduct({ name: 'string', price: 'number', stock: 'integer' });
  it('are dropped and retyped fields, and new required parameters', () => {
    expect(breakingChanges(before, getProduct({ name: 'string', price: 'number', stock: 'integer', brand: 'string' }))).toEqual([]);
    expect(breakingChanges(before, getProduct({ name: 'string', price: 'number', stock: 'number' }))).toEqual([]);
    expect(breakingChanges(before, getProduct({ name: 'integer', price: 'number' }))).toEqual([
      { field: 'data.name', change: 'retyped', from: 'string', to: 'integer' },
      { field: 'data.stock', change: 'removed' },
    ]);
    const stricter = { ...before, input_params: { ...before.input_params, required: ['id', 'lang'] } };
    expect(breakingChanges(before, stricter)).toEqual([{ field: 'params.lang', change: 'new_required_param' }]);
    const list = listProducts({ name: 'string' });
    expect(breakingChanges(list, listProducts({ title: 'string' }))).toEqual([{ field: 'data[].name', change: 'removed' }]);
  });
});

describe('canonical merges', () => {
  it('replace endpoints of the same name in place and append new ones', () => {
    const canonical = shopRecipe('http://s.test', [getProduct({ name: 'string' }), listProducts({ name: 'string' })]);
    const contribution = shopRecipe('http://s.test', [getProduct({ name: 'string', price: 'number' }), { ...listProducts({ name: 'string' }), name: 'list_deals' }]);
    const merged = mergeEndpoints(canonical, contribution, ['get_product', 'list_deals']);
    expect(merged.endpoints.map((e) => e.name)).toEqual(['get_product', 'list_products', 'list_deals']);
    expect(stableJson(merged.endpoints[0])).toBe(stableJson(contribution.endpoints[0]));
    expect(merged.description).toMatch(/get_product, list_products, list_deals/);
  });
  it('stableJson ignores key order', () => {
    expect(stableJson({ b: 1, a: { d: 2, c: [3, { f: 1, e: 0 }] } })).toBe(stableJson({ a: { c: [3, { e: 0, f: 1 }], d: 2 }, b: 1 }));
  });
  it('listing names name the site, not a page', () => {
    const site = (title: string) => ({ host: 'www.books.test', title, description: null, lang: null, text: '' });
    expect(listingName('Books to Scrape', site('x'))).toBe('Books to Scrape');
    expect(listingName('page 1', site('All products - page 1 | Books to Scrape - Sandbox'))).toBe('Books to Scrape');
    expect(listingName('Home', site('Home'))).toBe('books.test');
    expect(listingName('Home', null)).toBe('Home');
  });
  it('slugs are ASCII words', () => {
    expect(slugify('Café Zürich — Menü!')).toBe('cafe-zurich-menu');
    expect(slugify('日本')).toBe('api');
  });
});

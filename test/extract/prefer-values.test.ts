/**
 * `prefer_values`: a stock state the page announces (a pre-order) wins over the structured stock
 * read first, which many platforms cannot set to it; any other value of a later source does not.
 */
import { describe, expect, it } from 'vitest';
import { evaluateExtraction } from '../../src/recipe/extract/index.js';
import { validateRecipe, type Extraction } from '../../src/recipe/index.js';
import { recipeWithExtraction } from './recipe-with.js';
import { inducedOn, productPage } from '../induce/fixtures.js';

const extraction = (fields: Record<string, unknown>) => ({ kind: 'object', fields }) as unknown as Extraction;
const page = (stock: string, structured = 'InStock') => ({
  url: 'http://x/',
  contentType: 'text/html',
  text: `<html><head><script type="application/ld+json">${JSON.stringify({ '@type': 'Product', name: 'Kettle', offers: { '@type': 'Offer', availability: `https://schema.org/${structured}` } })}</script></head>
    <body><h1>Kettle</h1><p class="stock">${stock}</p></body></html>`,
});
const availability = (extra: Record<string, unknown> = {}) => ({
  sources: [{ jsonld: { type: 'Product', path: 'offers.availability' } }, { css: '.stock' }],
  transforms: [
    { op: 'schema_enum' },
    { op: 'replace', pattern: '^pre-?order.*$', replacement: 'PreOrder', flags: 'i' },
    { op: 'replace', pattern: '^sold out$', replacement: 'SoldOut', flags: 'i' },
    { op: 'replace', pattern: '^in stock$', replacement: 'InStock', flags: 'i' },
  ],
  ...extra,
});
const ANNOUNCED = { prefer_values: ['PreOrder', 'PreSale', 'BackOrder'] };

describe('prefer_values', () => {
  it('takes a pre-order the page announces over the structured stock', () => {
    expect(evaluateExtraction(extraction({ availability: availability(ANNOUNCED) }), page('Pre-order now'))).toEqual({ availability: 'PreOrder' });
    expect(evaluateExtraction(extraction({ availability: availability(ANNOUNCED) }), page('Pre-order now', 'OutOfStock'))).toEqual({ availability: 'PreOrder' });
    // Without the property the first source wins, as before.
    expect(evaluateExtraction(extraction({ availability: availability() }), page('Pre-order now'))).toEqual({ availability: 'InStock' });
  });

  it('keeps the first value when no source reads a preferred one', () => {
    expect(evaluateExtraction(extraction({ availability: availability(ANNOUNCED) }), page('Sold out'))).toEqual({ availability: 'InStock' });
    expect(evaluateExtraction(extraction({ availability: availability(ANNOUNCED) }), page('In stock', 'OutOfStock'))).toEqual({ availability: 'OutOfStock' });
  });

  it('is a recipe field property: a list of strings', () => {
    const recipe = (f: unknown) => recipeWithExtraction(extraction({ availability: f }));
    expect(validateRecipe(recipe(availability(ANNOUNCED))).ok).toBe(true);
    expect(validateRecipe(recipe(availability({ prefer_values: 'PreOrder' }))).ok).toBe(false);
    expect(validateRecipe(recipe(availability({ prefer_values: [] }))).ok).toBe(false);
  });

  it('is set by the builder when a shown stock line is among the sources', () => {
    const product = (id: string, inStock: boolean) => ({ name: `Kettle ${id}`, price: '39.99', currency: 'EUR', sku: `K-${id}`, brand: 'Tefal', inStock });
    const training = [productPage('1', product('1', true)), productPage('2', product('2', false))];
    const preOrder = productPage('3', product('3', true));
    preOrder.text = preOrder.text.replace('<p class="stock">In stock</p>', '<p class="stock">Pre-order: ships 15 October</p>');
    expect(inducedOn(training, ['availability'], preOrder, 'product').availability).toBe('PreOrder');
  });
});

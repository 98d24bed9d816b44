/**
 * `unless_struck`: a price the page shows only struck out is the former price, whatever source
 * states it (structured data from a stale catalogue during a sale). The evaluator passes over it
 * for the next source, or for the current price in the same price block.
 */
import { describe, expect, it } from 'vitest';
import { evaluateExtraction } from '../../src/recipe/extract/index.js';
import { validateRecipe, type Extraction } from '../../src/recipe/index.js';
import { recipeWithExtraction } from './recipe-with.js';
import { inducedOn, productPage } from '../induce/fixtures.js';

const extraction = (fields: Record<string, unknown>) => ({ kind: 'object', fields }) as unknown as Extraction;
const page = (body: string, head = '<meta property="product:price:amount" content="4399000">') => ({
  url: 'http://x/',
  contentType: 'text/html',
  text: `<html><head>${head}</head><body><h1>Planshet</h1>${body}<div class="card"><s>6 499 000 so'm</s> <span>5 899 000 so'm</span></div></body></html>`,
});
const price = (extra: Record<string, unknown> = {}) => ({
  sources: [{ meta: 'product:price:amount' }, { css: '.price' }],
  transforms: [{ op: 'currency_amount' }],
  ...extra,
});
const sale = `<div class="price"><span class="now">3 999 000 so'm</span> <s class="old">4 399 000 so'm</s></div>`;

describe('unless_struck', () => {
  it('passes over a structured price the page shows only struck out', () => {
    expect(evaluateExtraction(extraction({ price: price({ unless_struck: true }) }), page(sale))).toEqual({ price: 3999000 });
    // Without the flag the first source wins, as before.
    expect(evaluateExtraction(extraction({ price: price() }), page(sale))).toEqual({ price: 4399000 });
  });

  it('keeps a price the page also shows plainly, and one no other source contradicts', () => {
    const plain = `<div class="price"><span>4 399 000 so'm</span></div><p>Eski narx: <s>4 399 000 so'm</s> (kartada)</p>`;
    expect(evaluateExtraction(extraction({ price: price({ unless_struck: true }) }), page(plain))).toEqual({ price: 4399000 });
    const only = `<div class="price"><s>4 399 000 so'm</s></div>`;
    expect(evaluateExtraction(extraction({ price: price({ unless_struck: true }) }), page(only))).toEqual({ price: 4399000 });
  });

  it('reads the current price past the discount label between former and current (Latvian shop)', () => {
    const block = `<div class="price-block"><div><span class="original-price">EUR4399000.00</span> <span class="discount-label">-50%</span></div><div class="product-price"><span class="current-price">EUR2199500.00</span></div></div>`;
    const css = { sources: [{ meta: 'product:price:amount' }, { css: '.price-block' }], transforms: [{ op: 'currency_amount' }], unless_struck: true };
    expect(evaluateExtraction(extraction({ price: css }), page(block))).toEqual({ price: 2199500 });
  });

  it('reads the current price of a block that shows the former one first, by class word too', () => {
    const block = `<div class="price-box"><span class="ty-strike"><bdi><span>4,399,000</span> <span>₮</span></bdi></span><span class="ty-price"><span>3,999,000</span> <span>₮</span></span></div>`;
    const spec = { sources: [{ meta: 'product:price:amount' }, { css: '.price-box' }], transforms: [{ op: 'currency_amount' }], unless_struck: true };
    expect(evaluateExtraction(extraction({ price: spec }), page(block))).toEqual({ price: 3999000 });
  });

  it('is a recipe field property: validated as a boolean', () => {
    const recipe = (f: unknown) => recipeWithExtraction(extraction({ price: f }));
    expect(validateRecipe(recipe(price({ unless_struck: true }))).ok).toBe(true);
    expect(validateRecipe(recipe(price({ unless_struck: 'yes' }))).ok).toBe(false);
  });

  it('is set by the builder on price fields with a fallback, for a sale no training page showed', () => {
    const product = (id: string, price: string) => ({ name: `Kettle ${id}`, price, currency: 'EUR', sku: `K-${id}`, brand: 'Tefal', inStock: true });
    const training = [productPage('1', product('1', '39.99')), productPage('2', product('2', '49.99'))];
    const onSale = productPage('3', product('3', '59.99'));
    // The catalogue behind the JSON-LD still says 59.99; the page sells at 44.99 and strikes 59.99 out.
    onSale.text = onSale.text.replace('<span class="current-price">€59.99</span>', '<span class="current-price">€44.99</span> <del class="was">€59.99</del>');
    expect(inducedOn(training, ['price'], onSale, 'product').price).toBe(44.99);
  });
});

/**
 * A spec table lists different rows for different products. A field read from a labelled row is
 * that label's value wherever the row is, and nothing on a page without the row: the position of
 * the row on the training pages is not a fallback (docs/builder.md, "Batch 14").
 */
import { describe, expect, it } from 'vitest';
import type { PageInput } from '../../src/recipe/extract/index.js';
import { inducedOn } from './fixtures.js';

function specPage(id: string, title: string, rows: Array<[string, string]>): PageInput {
  const specs = rows.map(([label, value]) => `<div class="specs__row"><dt>${label}</dt><dd>${value}</dd></div>`).join('');
  const text = `<!doctype html><html><head><title>${title} | Savdo</title></head><body>
    <header><nav><a href="/">Bosh sahifa</a> <a href="/c/tech">Texnika</a></nav></header>
    <main><h1>${title}</h1><p class="price">1 290 000 so'm</p>
    <section class="specs"><h2>Xususiyatlari</h2><dl>${specs}</dl></section></main>
    <footer>© Savdo</footer></body></html>`;
  return { url: `https://savdo.example/p/${id}`, contentType: 'text/html', text };
}

/** The same rows as a theme's divs, named label and value by class. */
const asDivs = (page: PageInput): PageInput => ({
  ...page,
  text: page.text
    .replace(/<dt>/g, '<div class="product-feature__label">')
    .replace(/<\/dt>/g, '</div>')
    .replace(/<dd>/g, '<div class="product-feature__value">')
    .replace(/<\/dd>/g, '</div>'),
});

describe('labelled rows', () => {
  const training = [
    specPage('1', 'Changyutgich Samsung VC18', [['Brend', 'Samsung'], ['Model', 'VC18M2120'], ['Quvvat', '1800 Vt']]),
    specPage('2', 'Dazmol Philips DST', [['Brend', 'Philips'], ['Model', 'DST5030'], ['Quvvat', '2400 Vt']]),
  ];

  it("reads the brand row wherever the page puts it", () => {
    const heldOut = specPage('3', 'Choynak Tefal KO', [['Model', 'KO6931'], ['Brend', 'Tefal'], ['Hajmi', '1,7 L']]);
    expect(inducedOn(training, ['brand'], heldOut, 'product').brand).toBe('Tefal');
  });

  it("reads no brand on a page without the row, not the row that comes first", () => {
    const heldOut = specPage('4', 'Elektr choynak 1,7 L', [['Model', 'KT-1702'], ['Hajmi', '1,7 L']]);
    expect(inducedOn(training, ['brand'], heldOut, 'product').brand).toBeNull();
  });

  it('reads value cells a theme names by class the same way', () => {
    const heldOut = asDivs(specPage('5', 'Sharf', [['Material', '100% kashmir'], ['Hajmi', '180×30']]));
    expect(inducedOn(training.map(asDivs), ['brand'], heldOut, 'product').brand).toBeNull();
    const withBrand = asDivs(specPage('6', 'Choynak', [['Model', 'KO6931'], ['Brend', 'Tefal']]));
    expect(inducedOn(training.map(asDivs), ['brand'], withBrand, 'product').brand).toBe('Tefal');
  });
});

import { describe, expect, it } from 'vitest';
import { induceDetailExtraction } from '../../src/builder/induce/index.js';
import { evaluateExtraction, type PageInput } from '../../src/recipe/extract/index.js';
import { BOOKS, detailPage, detailPath } from '../fixtures/sites/books.js';

const html = (body: string, title = 'Item'): PageInput => ({
  url: `https://shop.example/${encodeURIComponent(title)}`,
  contentType: 'text/html',
  text: `<!doctype html><html><head><title>${title} | Shop</title></head><body><nav class="menu"><a href="/">Home</a></nav><main>${body}</main><footer>© Shop</footer></body></html>`,
});

function induceAndRead(training: PageInput[], fields: string[], heldOut: PageInput): Record<string, unknown> {
  const { extraction } = induceDetailExtraction({ pages: training, fields: fields.map((name) => ({ name })) });
  return evaluateExtraction(extraction, heldOut) as Record<string, unknown>;
}

describe("the user's own words as labels", () => {
  it('reads a UPC row holding a hex code although the gtin concept refuses it', () => {
    const page = (i: number): PageInput => ({ url: `http://127.0.0.1${detailPath(BOOKS[i])}`, contentType: 'text/html', text: detailPage(BOOKS[i]) });
    const value = induceAndRead([page(0), page(1)], ['title', 'upc'], page(7));
    expect(value.upc).toBe(BOOKS[7].upc);
    expect(value.title).toBe(BOOKS[7].title);
  });

  it('still refuses a value that is not alike from page to page', () => {
    const page = (v: string, t: string): PageInput => html(`<h1>${t}</h1><table><tr><th>UPC</th><td>${v}</td></tr></table>`, t);
    const { report } = induceDetailExtraction({
      pages: [page('a9b8c7d6e5f40312', 'One'), page('see the back of the box for details, or ask us', 'Two')],
      fields: [{ name: 'upc' }],
    });
    expect(report[0].source).toBe('none');
  });

  it('uses a short hint as a label', () => {
    const page = (v: string, t: string): PageInput => html(`<h1>${t}</h1><p>Voltaje: ${v}</p>`, t);
    const { extraction } = induceDetailExtraction({ pages: [page('12 V', 'A'), page('24 V', 'B')], fields: [{ name: 'rated_supply', hint: 'voltaje' }] });
    expect(evaluateExtraction(extraction, page('48 V', 'C'))).toEqual({ rated_supply: '48 V' });
  });
});

describe('fields unknown to the knowledge base, found by their label', () => {
  type Layout = (label: string, value: string) => string;
  const layouts: Record<string, Layout> = {
    'Label: value line': (l, v) => `<li>${l}: ${v}</li>`,
    'th/td row': (l, v) => `<table><tr><th>${l}</th><td>${v}</td></tr></table>`,
    'dt/dd pair': (l, v) => `<dl><dt>${l}</dt><dd>${v}</dd></dl>`,
    '<strong>Label</strong> value': (l, v) => `<p><strong>${l}</strong> ${v}</p>`,
  };
  const specs: Array<[field: string, label: string, values: [string, string, string]]> = [
    ['product_type', 'Product type', ['Headlamp', 'Power bank', 'Lantern']],
    ['voltage', 'Voltage', ['3.7 V', '5 V', '12 V']],
    ['warranty', 'Warranty', ['2 years', '18 months', '5 years']],
    ['ingredientes', 'Ingredientes', ['harina, agua, sal', 'arroz, azafrán', 'tomate, aceite, ajo']],
    ['Verlag', 'Verlag', ['Rowohlt', 'Suhrkamp', 'Hanser']],
  ];
  for (const [name, layout] of Object.entries(layouts)) {
    it(`finds each field in a ${name}`, () => {
      const page = (i: number): PageInput =>
        html(`<h1>Item ${i}</h1><div class="details">${specs.map(([, l, v]) => layout(l, v[i])).join('\n')}</div>`, `Item ${i}`);
      const value = induceAndRead([page(0), page(1)], specs.map(([f]) => f), page(2));
      for (const [field, , values] of specs) {
        const got = value[field];
        expect(Array.isArray(got) ? (got as string[]).join(', ') : got, field).toBe(values[2]);
      }
    });
  }
});

describe('labels written differently from the knowledge words', () => {
  it('matches plural markers, qualifiers and compounds', () => {
    const page = (i: number, authors: string, area: string, time: string): PageInput =>
      html(`<h1>Listing ${i}</h1>
        <div class="row"><div class="k">Auteur(s)</div><div class="v">${authors}</div></div>
        <dl><dt>Superficie construida</dt><dd>${area}</dd></dl>
        <p><span>Koch-/Backzeit: ${time}</span></p>`, `Listing ${i}`);
    const fields = ['auteurs', 'superficie', 'cook_time'];
    const value = induceAndRead([page(0, 'Anna de Vries', '95 m²', 'ca. 45 Min.'), page(1, 'Herman Koch', '110 m²', 'ca. 1 Std.')], fields, page(2, 'Jo Dunkel', '38 m²', 'ca. 20 Min.'));
    expect(value).toEqual({ auteurs: ['Jo Dunkel'], superficie: '38 m²', cook_time: 20 });
  });

  it('does not take "Delivery date" for a publication date on one generic word', () => {
    const page = (i: number): PageInput => html(`<h1>Book ${i}</h1><p>Delivery date: ${10 + i} May 2024</p>`, `Book ${i}`);
    const { report } = induceDetailExtraction({ pages: [page(0), page(1)], fields: [{ name: 'date' }] });
    expect(report[0].source).not.toMatch(/Delivery/);
  });
});

describe('labels with a bracketed qualifier', () => {
  it('matches "Afmetingen (b x d x h):" for afmetingen, and not "Cuisson —" for cuisson', () => {
    const page = (i: number, size: string, cook: string): PageInput =>
      html(`<h1>Item ${i}</h1><table><tr><td>Afmetingen (b x d x h):</td><td>${size}</td></tr></table>
        <ul><li><span>Cuisson</span> <span>${cook}</span></li><li><span>Total</span> <span>${30 + i} min</span></li></ul>`, `Item ${i}`);
    const value = induceAndRead([page(0, '200 x 90 x 76 cm', '40 min'), page(1, '80 x 35 x 200 cm', '—')], ['afmetingen', 'cook_time'], page(2, 'Ø 80 x 45 cm', '—'));
    expect(value).toEqual({ afmetingen: 'Ø 80 x 45 cm', cook_time: null });
  });
});

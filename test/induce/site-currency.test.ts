/**
 * The site's currency decides a shared sign (issue 25, point 3): a Chilean shop's training pages
 * state priceCurrency CLP in JSON-LD; a page of the same shop without it shows only "$ 12.990"
 * and says nothing else of where it is (html lang "es", a .com host).
 */
import { describe, expect, it } from 'vitest';
import { induceDetailExtraction } from '../../src/builder/induce/index.js';
import { applyTransforms, evaluateExtraction, type PageInput } from '../../src/recipe/extract/index.js';

const page = (id: string, name: string, price: string, withJsonLd: boolean): PageInput => {
  const ld = { '@context': 'https://schema.org', '@type': 'Product', name, offers: { '@type': 'Offer', price: price.replace('.', ''), priceCurrency: 'CLP' } };
  return {
    url: `https://tienda-andes.com/p/${id}`,
    contentType: 'text/html',
    text: `<!doctype html><html lang="es"><head><title>${name} | Tienda</title>${withJsonLd ? `<script type="application/ld+json">${JSON.stringify(ld)}</script>` : ''}</head>
      <body><nav class="menu"><a href="/">Inicio</a></nav><main><h1>${name}</h1><div class="precio"><span class="monto">$ ${price}</span></div><button>Agregar al carro</button></main></body></html>`,
  };
};

describe("the site's currency", () => {
  const training = [page('1', 'Tetera Alfa', '12.990', true), page('2', 'Taza Beta', '4.590', true)];
  const heldOut = page('3', 'Plato Gama', '7.990', false);

  it('decides a bare "$" on a page of the site that names no currency, and the trace says so', () => {
    const { extraction, report } = induceDetailExtraction({ pages: training, fields: [{ name: 'price' }, { name: 'currency' }], vertical: 'product' });
    expect(evaluateExtraction(extraction, heldOut)).toMatchObject({ price: 7990, currency: 'CLP' });
    const trace = report.find((r) => r.field === 'currency')?.trace;
    expect(trace?.signals?.[0]).toContain('site_price_currency');
  });

  it("comes after the page's own signals: a page saying it is Mexican reads its \"$\" as MXN", () => {
    const ops = [{ op: 'currency_code' as const, site_currency: 'CLP' }];
    const mexican = { ...page('4', 'Vaso Delta', '120', false), url: 'https://tienda-andes.com/mx/p/4' };
    mexican.text = mexican.text.replace('lang="es"', 'lang="es-MX"');
    const { extraction } = induceDetailExtraction({ pages: training, fields: [{ name: 'currency' }], vertical: 'product' });
    expect(evaluateExtraction(extraction, mexican)).toMatchObject({ currency: 'MXN' });
    expect(applyTransforms('$ 120', ops, { baseUrl: 'https://x.example/' })).toBe('CLP');
    expect(applyTransforms('$ 120', [{ op: 'currency_code' }], { baseUrl: 'https://x.example/' })).toBe('USD');
  });
});

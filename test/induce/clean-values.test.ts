/**
 * Values are clean (issue 25, point 5), on small written pages: an identifier field yields the
 * code, not the sentence around it; a price field yields the price a buyer pays, not a price
 * per unit, an instalment or a starting price printed beside it (rule `qualified-prices`; each
 * case also runs with the rule off, to show it decides).
 */
import { describe, expect, it } from 'vitest';
import { induceDetailExtraction } from '../../src/builder/induce/index.js';
import { evaluateExtraction, type PageInput } from '../../src/recipe/extract/index.js';

const RULE = 'qualified-prices';

const run = (training: PageInput[], fields: string[], heldOut: PageInput, off: string[] = []): Record<string, unknown> => {
  const { extraction } = induceDetailExtraction({ pages: training, fields: fields.map((name) => ({ name })), vertical: 'product', rulesOff: off });
  return evaluateExtraction(extraction, heldOut) as Record<string, unknown>;
};

const shop = (id: string, lang: string, title: string, body: string): PageInput => ({
  url: `https://shop.example/p/${id}`,
  contentType: 'text/html',
  text: `<!doctype html><html lang="${lang}"><head><title>${title} | Loja</title></head><body>
    <header><nav class="menu"><a href="/">Home</a></nav></header>
    <main><h1>${title}</h1>${body}</main><footer>© Shop</footer></body></html>`,
});

describe('clean values', () => {
  it('reads the price, not the instalment a Brazilian shop names "price" (pt)', () => {
    const body = (total: string, parts: string) =>
      `<div class="product-info"><p class="price">4 x R$ ${parts} sem juros</p><p>ou <strong>R$ ${total}</strong> à vista</p><button>Comprar</button></div>`;
    const training = [shop('1', 'pt-BR', 'Chaleira Alfa', body('100,00', '25,00')), shop('2', 'pt-BR', 'Caneca Beta', body('48,00', '12,00'))];
    const heldOut = shop('3', 'pt-BR', 'Prato Gama', body('36,00', '9,00'));
    expect(run(training, ['price'], heldOut).price).toBe(36);
    expect(run(training, ['price'], heldOut, [RULE]).price).toBe(9);
  });

  it('reads the price, not the price per kilogram (de)', () => {
    const body = (price: string, perKg: string) =>
      `<div class="buy"><span class="price">${perKg} €/kg</span><div class="amount"><b>${price} €</b></div><button>In den Warenkorb</button></div>`;
    const training = [shop('1', 'de', 'Kaffee Alfa 500 g', body('8,99', '17,98')), shop('2', 'de', 'Tee Beta 250 g', body('4,49', '17,96'))];
    const heldOut = shop('3', 'de', 'Kakao Gama 200 g', body('3,29', '16,45'));
    expect(run(training, ['price'], heldOut).price).toBe(3.29);
    expect(run(training, ['price'], heldOut, [RULE]).price).toBe(16.45);
  });

  it('reads the price of the chosen offer, not the starting price over all offers (es)', () => {
    const body = (from: string, price: string) =>
      `<p class="price">Desde $ ${from}</p><div class="variant"><select><option>Talla M</option></select><div class="total"><b>$ ${price}</b></div></div>`;
    const training = [shop('1', 'es-MX', 'Camisa Alfa', body('199', '249')), shop('2', 'es-MX', 'Falda Beta', body('299', '349'))];
    const heldOut = shop('3', 'es-MX', 'Saco Gama', body('499', '599'));
    expect(run(training, ['price'], heldOut).price).toBe(599);
    expect(run(training, ['price'], heldOut, [RULE]).price).toBe(499);
  });

  it('keeps a starting price that is the only price a ticket page shows (en)', () => {
    const body = (from: string) => `<div class="tickets"><p class="gg-price">Tickets from £${from}</p><a href="/buy">Buy tickets</a></div>`;
    const training = [shop('1', 'en-GB', 'Northern Lights', body('35.00')), shop('2', 'en-GB', 'Sea Shanties', body('15.00'))];
    expect(run(training, ['price'], shop('3', 'en-GB', 'Brass Night', body('22.50'))).price).toBe(22.5);
  });

  it('reads the code, not the product name written after it (fr)', () => {
    const body = (ref: string, name: string) => `<p class="ref">Référence : ${ref} ${name}</p>`;
    const training = [shop('1', 'fr', 'Housse Alfa', body('TE5012-1293415', 'Housse de canapé extensible')), shop('2', 'fr', 'Coussin Beta', body('TE5013-1293520', 'Coussin de sol rond'))];
    const heldOut = shop('3', 'fr', 'Plaid Gama', body('TE5014-1299001', 'Plaid en laine douce'));
    expect(run(training, ['sku'], heldOut).sku).toBe('TE5014-1299001');
  });
});

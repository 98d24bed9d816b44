/**
 * Shop rules found on real shops (corpus-wide diagnosis), on small written pages in several
 * languages: accented stock phrases, a buy button inside a form, an EAN ending a sentence, a
 * price of 0, a bracketed "Label: value" and a number beside its currency sign.
 */
import { describe, expect, it } from 'vitest';
import { induceDetailExtraction } from '../../src/builder/induce/index.js';
import { evaluateExtraction, type PageInput } from '../../src/recipe/extract/index.js';

const page = (id: string, title: string, body: string): PageInput => ({
  url: `https://shop.example/p/${id}`,
  contentType: 'text/html',
  text: `<!doctype html><html><head><title>${title} | Shop</title></head><body>
    <nav class="menu"><a href="/">Domov</a></nav><main><h1>${title}</h1>${body}</main><footer>© Shop</footer></body></html>`,
});

const run = (training: PageInput[], fields: string[], heldOut: PageInput) => {
  const { extraction } = induceDetailExtraction({ pages: training, fields: fields.map((name) => ({ name })), vertical: 'product' });
  return evaluateExtraction(extraction, heldOut) as Record<string, unknown>;
};

describe('shop rules', () => {
  it('reads an accented stock phrase on the buy button inside the order form (Slovak)', () => {
    const body = (button: string) => `<form action="/cart"><input type="hidden" name="id"><button class="buy">${button}</button></form>`;
    const training = [page('1', 'Kanvica Alfa', body('Do košíka')), page('2', 'Hrnček Beta', body('Do košíka'))];
    expect(run(training, ['availability'], page('3', 'Tanier Gama', body('Vypredané'))).availability).toBe('SoldOut');
  });

  it('reads an EAN that ends a sentence, without its dot', () => {
    const body = (ean: string) => `<p class="codes">EAN: ${ean}.</p>`;
    const training = [page('1', 'Kettle Alpha', body('4006381333931')), page('2', 'Mug Beta', body('5901234123457'))];
    expect(run(training, ['gtin'], page('3', 'Plate Gamma', body('9780306406157'))).gtin).toBe('9780306406157');
  });

  it('reads a bracketed "Label：value" (Chinese shop id)', () => {
    const body = (sku: string) => `<div class="info"><span>〈商品編號：${sku}〉</span></div>`;
    const training = [page('1', '電熱水壺', body('M67296549')), page('2', '馬克杯', body('M10000123'))];
    expect(run(training, ['sku'], page('3', '餐盤', body('M55501234'))).sku).toBe('M55501234');
  });

  it('reads a price written as a number beside its currency sign', () => {
    const body = (n: string) => `<div class="buy"><span class="num">${n}</span><span>元</span></div>`;
    const training = [page('1', '電熱水壺', body('294')), page('2', '馬克杯', body('1,280'))];
    expect(run(training, ['price'], page('3', '餐盤', body('560'))).price).toBe(560);
  });
});

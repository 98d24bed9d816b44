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

  it('takes the gross price over the net one printed beside it, even when the gross one has an "old" class name (Slovene)', () => {
    const body = (gross: string, net: string) =>
      `<ul id="price-list"><li class="price"><span class="price-old-live">${gross}€</span></li><li class="price-tax small">Brez DDV: <span class="price-tax-live">${net}€</span></li></ul>`;
    const training = [page('1', 'Očala Alfa', body('40.00', '32.79')), page('2', 'Očala Beta', body('64.00', '52.46'))];
    expect(run(training, ['price'], page('3', 'Očala Gama', body('100.00', '81.97'))).price).toBe(100);
  });

  it('takes the price the page hands its analytics (dataLayer / gtag) over a second currency shown beside it (Bulgarian)', () => {
    const body = (lev: string, eur: string, n: number) =>
      `<script>window.dataLayer = window.dataLayer || []; dataLayer.push({"event":"view_item","ecommerce":{"currency":"BGN","value":${n},"items":[{"item_id":"${n * 10}","price":${n}}]}});</script>
       <ul class="list-unstyled"><li><h2>${lev} лв.</h2></li><li class="price-eur">${eur} €</li></ul>`;
    const training = [page('1', 'Бормашина Алфа', body('129,90', '66,42', 129.9)), page('2', 'Тиган Бета', body('54,90', '28,07', 54.9))];
    const got = run(training, ['price', 'currency'], page('3', 'Чайник Гама', body('279,00', '142,65', 279)));
    expect(got).toMatchObject({ price: 279, currency: 'BGN' });
    // gtag's event parameters are read the same way.
    const gtag = (n: number) => `<script>gtag('event', 'view_item', {currency: 'BGN', value: ${n}, items: [{item_id: 'x', price: ${n}}]});</script><p class="price-eur">${(n / 1.95583).toFixed(2)} €</p>`;
    const trainingGtag = [page('1', 'Бормашина Алфа', gtag(129.9)), page('2', 'Тиган Бета', gtag(54.9))];
    expect(run(trainingGtag, ['price'], page('3', 'Чайник Гама', gtag(279))).price).toBe(279);
  });

  it('reads a price of hundreds of millions (rials), and any ISO 4217 code as a currency', () => {
    const body = (n: number) => `<script type="application/ld+json">{"@type":"Product","name":"x","offers":{"@type":"Offer","price":${n},"priceCurrency":"IRR"}}</script><p>قیمت</p>`;
    const training = [page('1', 'گوشی آلفا', body(249900000)), page('2', 'لپ تاپ بتا', body(689000000))];
    expect(run(training, ['price', 'currency'], page('3', 'هدفون گاما', body(13490000)))).toMatchObject({ price: 13490000, currency: 'IRR' });
  });

  it('reads a marketplace\'s "no brand" in the brand slot as no brand (Indonesian)', () => {
    const body = (brand: string) => `<table class="spec"><tr><th>Merek</th><td>${brand}</td></tr><tr><th>Berat</th><td>250 g</td></tr></table>`;
    const training = [page('1', 'Kopi Arabika Gayo', body('Kopi Kenangan')), page('2', 'Teh Hijau Melati', body('Sariwangi'))];
    expect(run(training, ['brand'], page('3', 'Gula Aren Cair', body('Sariwangi'))).brand).toBe('Sariwangi');
    expect(run(training, ['brand'], page('4', 'Keripik Singkong', body('Tanpa Merek'))).brand).toBeNull();
  });

  it('reads a brand shown only as its logo from the picture\'s alt text (Georgian)', () => {
    const body = (brand: string) => `<div class="pwb-single-product-brands"><a href="/brand/${brand.toLowerCase()}/" title="${brand}"><img src="/b/${brand}.png" alt="${brand}"></a></div>
      <table class="attrs"><tr><th>ფერი</th><td><p>შავი</p></td></tr><tr><th>გარანტია</th><td><p>2 წელი</p></td></tr></table>`;
    const training = [page('1', 'სმარტფონი Xiaomi Redmi Note 13', body('Xiaomi')), page('2', 'ტელევიზორი LG 55UR78', body('LG'))];
    expect(run(training, ['brand'], page('3', 'ჩაიდანი Tefal Sense', body('Tefal'))).brand).toBe('Tefal');
  });

  it('takes the current price over a structured one the page shows as its "regular price" (PrestaShop)', () => {
    const body = (regular: number, now: number) =>
      `<script type="application/ld+json">{"@type":"Product","name":"x","offers":{"@type":"Offer","price":${regular},"priceCurrency":"EUR"}}</script>
       <div class="product-prices"><div class="product-discount"><span class="regular-price">${regular},00 €</span></div>
       <div class="product-price has-discount"><div class="current-price"><span class="current-price-value">${now},00 €</span></div></div></div>`;
    const training = [page('1', 'Kavos aparatas Philips', body(449, 379)), page('2', 'Skalbimo mašina Samsung', body(1199, 1049))];
    expect(run(training, ['price'], page('3', 'Indaplovė Bosch', body(699, 599))).price).toBe(599);
  });

  it('does not read a variant picker\'s sold-out option as the product\'s stock (Korean)', () => {
    const body = (options: string[]) =>
      `<div class="opts"><ul class="o1">${options.map((o) => `<li role="option"><a href="#"${o.includes('품절') ? ' aria-disabled="true"' : ''}>${o}</a></li>`).join('')}</ul></div>
       <div class="buy"><strong>총 상품 금액</strong> <span><strong>42,900</strong>원</span><a href="#" class="b1" role="button">구매하기</a></div>`;
    const training = [page('1', '하리오 드리퍼 V60', body(['화이트', '레드'])), page('2', '칼리타 웨이브 드리퍼', body(['브라운', '블랙 (품절)']))];
    expect(run(training, ['availability'], page('3', '코맥 드립 포트', body(['실버 (품절)', '블랙']))).availability).toBe('InStock');
  });

  it('still reads the sale price beside a struck-out one', () => {
    const body = (was: string, now: string) => `<div class="prices"><del>${was} €</del> <span class="now">${now} €</span></div>`;
    const training = [page('1', 'Kettle Alpha', body('49.90', '39.90')), page('2', 'Mug Beta', body('12.00', '9.50'))];
    expect(run(training, ['price'], page('3', 'Plate Gamma', body('30.00', '24.00'))).price).toBe(24);
  });

  it('reads a classified ad\'s number as its sku (German "Anzeige:")', () => {
    const body = (adno: string) => `<div class="date-and-clicks"><div class="lbl">Anzeige:</div><strong><span id="detail-adno">${adno}</span></strong><div class="lbl">Datum:</div><strong>12.03.2021</strong></div>`;
    const training = [page('1', 'Fernbedienung TV', body('278526196')), page('2', 'Fahrrad', body('201234567'))];
    expect(run(training, ['sku'], page('3', 'Lattenrost', body('200532255'))).sku).toBe('200532255');
  });

  it('reads the item id from the canonical address when the page prints none', () => {
    const withCanonical = (id: string, title: string): PageInput => {
      const p = page(id, title, '<p class="deal">Only today</p>');
      return { ...p, text: p.text.replace('<head>', `<head><link rel="canonical" href="https://shop.example/store/122725?pid=${id}">`) };
    };
    const training = [withCanonical('260591', '達美樂披薩'), withCanonical('260777', '果陀劇場')];
    expect(run(training, ['sku'], withCanonical('262388', '餐券')).sku).toBe('262388');
  });

  it('takes the product code the page prints under its label over a structured sku the page never shows', () => {
    const withLd = (code: string, key: string, title: string): PageInput => {
      const p = page(code, title, `<p class="code">Cod produs: ${code}</p>`);
      const ld = JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: title, sku: key });
      return { ...p, text: p.text.replace('</head>', `<script type="application/ld+json">${ld}</script></head>`) };
    };
    const training = [withLd('5099873388655', 'DWFWKMMBM', 'Whiskey'), withLd('5901234123457', 'DX1Q2W3E4', 'Cana')];
    expect(run(training, ['sku'], withLd('DR2401', 'DMCSZ4BBM', 'Drum unit')).sku).toBe('DR2401');
  });

  it('reads raised cents and skips a struck price whose currency sits in its own span (Romanian)', () => {
    const body = (was: string | null, now: string) =>
      `<div class="pricing">${was ? `<p class="product-old-price"><s>${was}<sup>99</sup> <span>Lei</span></s></p>` : ''}<p class="product-new-price">${now} <span>Lei</span></p></div>` +
      '<div class="related"><p class="product-old-price"><s>3.199<sup>99</sup> <span>Lei</span></s></p></div>';
    const training = [page('1', 'Espressor Alfa', body('2.799', '2.299<sup>99</sup>')), page('2', 'Aspirator Beta', body(null, '1.899<sup>90</sup>'))];
    expect(run(training, ['price'], page('3', 'Frigider Gama', body('3.049', '2.599<sup>99</sup>'))).price).toBe(2599.99);
  });

  it('takes a business shop\'s net price when it is the one shown first (Slovak "bez DPH")', () => {
    const body = (net: string, gross: string) =>
      `<div class="price-wrap-detail"><div class="notax"><span class="text">bez DPH</span> <span class="price"><span class="old"></span>${net} €</span></div>` +
      `<div class="tax"><span class="text">s DPH</span> <span class="price"><span class="old"></span>${gross} €</span></div></div>`;
    const training = [page('1', 'Kábel Alfa', body('25,40', '30,48')), page('2', 'Adaptér Beta', body('4386,00', '5263,20'))];
    expect(run(training, ['price'], page('3', 'Hub Gama', body('100,00', '120,00'))).price).toBe(100);
  });

  it('reads the brand the page names over a structured brand that is the shop\'s own name (hosted shop platform)', () => {
    const body = (brand: string) =>
      `<script type="application/ld+json">{"@type":"Product","name":"x","brand":{"@type":"Brand","name":"Casa Tonalá"}}</script>` +
      `<div class="description"><ul><li><strong>Marca:</strong> ${brand}</li><li><strong>Material:</strong> Acero</li></ul></div>`;
    const withShop = (id: string, title: string, brand: string): PageInput => {
      const p = page(id, title, body(brand));
      return { ...p, text: p.text.replace('| Shop</title>', '– Casa Tonalá</title>') };
    };
    const training = [withShop('1', 'Sartén Ultimate', 'T-fal'), withShop('2', 'Cacerola redonda', 'Le Creuset')];
    expect(run(training, ['brand'], withShop('3', 'Olla de presión', 'Tramontina')).brand).toBe('Tramontina');
  });

  it('reads stock phrases and item codes in Hindi', () => {
    const body = (code: string, stock: string) => `<div id="byline"><span id="itemCode">आइटम कोड: ${code}</span></div><div id="availability"><span>${stock}</span></div>`;
    const training = [page('1', 'मिक्सर ग्राइंडर', body('ABZ2045519', 'स्टॉक में है')), page('2', 'ड्राई आयरन', body('ABZ1187360', 'केवल 3 बचे हैं — स्टॉक में है'))];
    const got = run(training, ['sku', 'availability'], page('3', 'स्मार्ट टीवी', body('ABZ6630027', 'फ़िलहाल उपलब्ध नहीं है')));
    expect(got).toMatchObject({ sku: 'ABZ6630027', availability: 'OutOfStock' });
  });
});

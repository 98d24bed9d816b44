/**
 * Induction on small synthetic pages for layouts the development corpus does not show: stale
 * structured prices during a sale, stock messages with a state class, the site's name as the
 * author, structured fragments of a fuller visible text, ingredient tables, servings inputs.
 */
import { describe, expect, it } from 'vitest';
import { induceDetailExtraction } from '../../src/builder/induce/index.js';
import { evaluateExtraction, type PageInput } from '../../src/recipe/extract/index.js';

const page = (lang: string, title: string, body: string, ld?: unknown, site = 'Shop'): PageInput => ({
  url: `https://site.example/${encodeURIComponent(title)}`,
  contentType: 'text/html',
  text: `<!doctype html><html lang="${lang}"><head><title>${title} - ${site}</title>${ld ? `<script type="application/ld+json">${JSON.stringify(ld)}</script>` : ''}</head>
<body><header class="site-header"><nav class="menu"><a href="/">Home</a></nav></header><main>${body}</main><footer>© ${site}</footer></body></html>`,
});

function read(training: PageInput[], fields: string[], heldOut: PageInput[], vertical?: string): Array<Record<string, unknown>> {
  const { extraction } = induceDetailExtraction({ pages: training, fields: fields.map((name) => ({ name })), vertical });
  return heldOut.map((p) => evaluateExtraction(extraction, p) as Record<string, unknown>);
}

describe('prices during a sale', () => {
  const product = (name: string, regular: string, sale?: string): PageInput => {
    const ld = { '@context': 'https://schema.org', '@type': 'Product', name, offers: { '@type': 'Offer', price: regular, priceCurrency: 'USD' } };
    const price = sale ? `<span class="price price--sale">$${sale}</span> <s class="price price--compare">$${regular}</s>` : `<span class="price">$${regular}</span>`;
    return page('en', name, `<h1>${name}</h1><div class="price-wrap">${price}</div>`, ld);
  };
  it('reads the visible price when the structured price is shown struck out', () => {
    const [onSale, regular] = read([product('Lamp', '64.95', '44.95'), product('Bank', '49.99')], ['price'], [product('Tent', '899.00', '749.00'), product('Clip', '14.99')], 'product');
    expect(onSale.price).toBe(749);
    expect(regular.price).toBe(14.99);
  });
  it('reads the struck price for a former-price field', () => {
    const [got] = read([product('Lamp', '64.95', '44.95'), product('Stove', '30.00', '20.00')], ['old_price'], [product('Tent', '899.00', '749.00')], 'product');
    expect(got.old_price).toBe(899);
  });
});

describe('stock messages', () => {
  const tool = (name: string, ok: boolean): PageInput =>
    page('de', name, `<h1>${name}</h1><span class="preis">19,99 €</span>
      <div class="lieferstatus lieferstatus--${ok ? 'gruen' : 'rot'}">${ok ? 'Sofort lieferbar, Lieferzeit 1-3 Werktage' : 'Derzeit nicht verfügbar'}</div>`);
  it('finds a stock phrase inside a longer message and ignores the state modifier class', () => {
    const got = read([tool('Bohrer', true), tool('Säge', true)], ['availability'], [tool('Hammer', false), tool('Zange', true)], 'product');
    expect(got.map((g) => g.availability)).toEqual(['OutOfStock', 'InStock']);
  });
});

describe('authors', () => {
  const recipe = (name: string, person: string): PageInput =>
    page('it', name, `<h1>${name}</h1><p class="firma">di <a href="/autori/x">${person}</a> · aggiornata il 3 aprile 2024</p>`,
      { '@context': 'https://schema.org', '@type': 'Recipe', name, author: { '@type': 'Organization', name: 'Ricette della Nonna' } }, 'Ricette della Nonna');
  it('prefers the byline naming people over the site name in structured data', () => {
    const [got] = read([recipe('Carbonara', 'Giulia Romano'), recipe('Lasagne', 'Marco Bianchi')], ['author'], [recipe('Tiramisù', 'Chiara Esposito')], 'recipe');
    expect(got.author).toEqual(['Chiara Esposito']);
  });
  it('keeps the site as author when nothing else names a person', () => {
    const blog = (name: string): PageInput =>
      page('en', name, `<h1>${name}</h1>`, { '@context': 'https://schema.org', '@type': 'Recipe', name, author: { '@type': 'Person', name: 'Plant Kitchen' } }, 'Plant Kitchen');
    const [got] = read([blog('Soup'), blog('Salad')], ['author'], [blog('Stew')], 'recipe');
    expect(got.author).toEqual(['Plant Kitchen']);
  });
  it('splits performers joined with "und", one-word ensemble names included', () => {
    const event = (name: string, cast: string): PageInput => page('de', name, `<h1>${name}</h1><p class="event-cast">Mit: ${cast}</p>`);
    const [got] = read([event('Neunte', 'Gewandhausorchester und Andris Nelsons'), event('Lieder', 'Christian Gerhaher')], ['performers'], [event('Carmina', 'MDR-Rundfunkchor, MDR-Sinfonieorchester und Dennis Russell Davies')], 'event');
    expect(got.performers).toEqual(['MDR-Rundfunkchor', 'MDR-Sinfonieorchester', 'Dennis Russell Davies']);
  });
});

describe('the fuller visible text', () => {
  const job = (title: string, city: string, region: string): PageInput =>
    page('en', title, `<h1>${title}</h1><div class="job__header"><div class="job__location">${city}, ${region}</div></div>`, {
      '@context': 'https://schema.org', '@type': 'JobPosting', title,
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: city, addressRegion: region } },
    });
  it('reads "City, ST" shown on the page rather than the city alone from JSON-LD', () => {
    const [got] = read([job('Nurse', 'Denver', 'CO'), job('Engineer', 'Austin', 'TX')], ['location'], [job('Designer', 'Portland', 'OR')], 'job');
    expect(got.location).toBe('Portland, OR');
  });
});

describe('recipe pages without structured data', () => {
  const rezept = (name: string, portions: number, rows: Array<[string, string]>): PageInput =>
    page('de', name, `<h1>${name}</h1><section class="zutaten-block"><h2>Zutaten</h2>
      <form class="rechner"><label for="p">Portionen</label> <input id="p" type="number" name="portionen" value="${portions}"> <button>Berechnen</button></form>
      <table class="zutaten-tabelle">${rows.map(([a, w]) => `<tr><td class="menge">${a}</td><td class="zutat">${w}</td></tr>`).join('')}</table></section>`);
  it('reads ingredient table rows under a heading, and servings from a calculator input', () => {
    const training = [rezept('Kuchen', 12, [['500 g', 'Mehl'], ['3', 'Eier'], ['200 g', 'Zucker']]), rezept('Suppe', 4, [['250 g', 'Linsen'], ['2', 'Kartoffeln']])];
    const [got] = read(training, ['ingredients', 'yields'], [rezept('Salat', 6, [['1 kg', 'Kartoffeln'], ['1', 'Zwiebel'], ['3 EL', 'Öl']])], 'recipe');
    expect(got).toEqual({ ingredients: ['1 kg Kartoffeln', '1 Zwiebel', '3 EL Öl'], yields: 6 });
  });
});

describe('twitter card pairs', () => {
  const card = (name: string, price: string, by: string): PageInput => ({
    url: `https://site.example/${name}`,
    contentType: 'text/html',
    text: `<html><head><title>${name}</title><meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="${by}">
      <meta name="twitter:label2" content="Preis"><meta name="twitter:data2" content="${price} €"></head><body><h1>${name}</h1></body></html>`,
  });
  it('reads a data tag by what its label tag names, not by its number', () => {
    const [got] = read([card('Tasche', '344,00', 'Anna'), card('Schuh', '89,95', 'Ben')], ['price', 'author'], [card('Mantel', '129,00', 'Cleo')]);
    expect(got).toEqual({ price: 129, author: ['Cleo'] });
  });
});

describe('pages in languages the development corpus lacks', () => {
  const tovar = (name: string, price: string, sku: string, stock: boolean): PageInput =>
    page('ru', name, `<h1>${name}</h1><div class="info"><p>Цена: ${price} ₽</p><p>Артикул: ${sku}</p>
      <p class="nalichie">${stock ? 'В наличии' : 'Нет в наличии'}</p></div>`);
  it('reads a Russian product page with English field names', () => {
    const training = [tovar('Чайник', '2 490', 'TK-100', true), tovar('Утюг', '3 150', 'UT-220', true)];
    const [got] = read(training, ['price', 'sku', 'availability'], [tovar('Фен', '1 990', 'FN-310', false)], 'product');
    expect(got).toEqual({ price: 1990, sku: 'FN-310', availability: 'OutOfStock' });
  });
  const recept = (name: string, portions: number, items: string[]): PageInput =>
    page('sv', name, `<h1>${name}</h1><p>Portioner: ${portions}</p><h2>Ingredienser</h2><ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`);
  it('reads a Swedish recipe', () => {
    const training = [recept('Köttbullar', 4, ['500 g köttfärs', '1 ägg', '1 dl mjölk']), recept('Pannkakor', 6, ['3 dl mjöl', '6 dl mjölk', '3 ägg'])];
    const [got] = read(training, ['ingredients', 'yields'], [recept('Kanelbullar', 20, ['25 g jäst', '75 g smör', '3 dl mjölk', '1 tsk kardemumma'])], 'recipe');
    expect(got).toEqual({ ingredients: ['25 g jäst', '75 g smör', '3 dl mjölk', '1 tsk kardemumma'], yields: 20 });
  });
  const congThuc = (name: string, prep: string, cook: string, serves: string): PageInput =>
    page('vi', name, `<h1>${name}</h1><ul class="facts"><li>Chuẩn bị: <b>${prep}</b></li><li>Chế biến: <b>${cook}</b></li><li>Khẩu phần: <b>${serves}</b></li></ul>`);
  it('reads a Vietnamese recipe\'s times and servings', () => {
    const training = [congThuc('Phở bò', '30 phút', '3 giờ', '6 người'), congThuc('Gỏi cuốn', '25 phút', '15 phút', '20 cuốn')];
    const [got] = read(training, ['prep_time', 'cook_time', 'yields'], [congThuc('Thịt kho trứng', '15 phút', '1 giờ 15 phút', '4 người')], 'recipe');
    expect(got).toEqual({ prep_time: 15, cook_time: 75, yields: 4 });
  });
});

describe('values a person reads', () => {
  const job = (title: string, code: string, shown: string): PageInput =>
    page('de', title, `<h1>${title}</h1><ul><li><span>Anstellungsart:</span> ${shown}</li></ul>`, { '@context': 'https://schema.org', '@type': 'JobPosting', title, employmentType: code });
  it('prefers the shown contract type over a schema.org code', () => {
    const [got] = read([job('Koch', 'FULL_TIME', 'Vollzeit'), job('Kellner', 'PART_TIME', 'Teilzeit')], ['employment_type'], [job('Barista', 'INTERN', 'Werkstudent')], 'job');
    expect(got.employment_type).toBe('Werkstudent');
  });
  const recept = (title: string, who: string, day: number): PageInput =>
    page('hu', title, `<h1>${title}</h1><p class="bekuldo">Beküldte: <a href="/u">${who}</a> · ${day}. március 2024</p>
      <section class="comments"><p class="nev">Beküldte: Marika</p><p>Finom!</p></section>`);
  it('reads the name before a separator and the date after it', () => {
    const [got] = read([recept('Gulyás', 'Kovács Eszter', 10), recept('Lecsó', 'Nagy Péter', 11)], ['author'], [recept('Palacsinta', 'Szabó Anna', 12)], 'recipe');
    expect(got.author).toEqual(['Szabó Anna']);
  });
});

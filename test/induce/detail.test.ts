import { describe, expect, it } from 'vitest';
import { induceDetailExtraction } from '../../src/builder/induce/index.js';
import { evaluateExtraction, type PageInput } from '../../src/recipe/extract/index.js';
import { bookPage, microdataRecipePage, obfuscatedProductPage, productPage, shopBookPage, type BookData, type ProductData } from './fixtures.js';

const products: ProductData[] = [
  { name: 'Oak Table', price: '450.00', currency: 'GBP', sku: 'OT-100', brand: 'Woodworks', inStock: true },
  { name: 'Desk Lamp', price: '25.50', currency: 'GBP', sku: 'DL-220', brand: 'Lumen', inStock: false },
  { name: 'Wall Hook', price: '3.00', currency: 'GBP', sku: 'WH-310', brand: 'Woodworks', inStock: true },
];
const unseen: ProductData = { name: 'Bear Toy', price: '1,299.00', currency: 'GBP', sku: 'BT-999', brand: 'Softies', inStock: true };

const books: BookData[] = [
  { title: 'The Quiet Harbour', authors: ['Ann Lee'], isbn13: '9780316125581', publisher: 'Harbour Press', date: 'June 2010' },
  { title: 'Night Trains', authors: ['Bob Stone', 'Cy Dale'], isbn13: '9781420106879', publisher: 'Zebra', date: 'May 2009' },
  { title: 'Maps of Salt', authors: ['Dee Ray'], isbn13: '9781439184301', publisher: 'Threshold', date: 'July 2011' },
];

const run = (training: PageInput[], fields: string[], page: PageInput, vertical?: string) => {
  const { extraction, report } = induceDetailExtraction({ pages: training, fields: fields.map((name) => ({ name })), vertical });
  return { extraction, report, value: evaluateExtraction(extraction, page) as Record<string, unknown> };
};

describe('induceDetailExtraction', () => {
  it('reads a product from JSON-LD first and keeps HTML fallbacks for pages without it', () => {
    const training = products.map((p, i) => productPage(String(i), p));
    const fields = ['title', 'price', 'currency', 'sku', 'brand', 'availability'];
    const withLd = run(training, fields, productPage('9', unseen), 'product');
    expect(withLd.value).toEqual({ title: 'Bear Toy', price: 1299, currency: 'GBP', sku: 'BT-999', brand: 'Softies', availability: 'InStock' });
    expect(withLd.report.find((r) => r.field === 'price')?.source).toMatch(/^jsonld Product/);
    expect(withLd.extraction.fields.price.sources.length).toBeGreaterThan(1);

    const withoutLd = evaluateExtraction(withLd.extraction, productPage('9', { ...unseen, inStock: false }, false));
    expect(withoutLd).toEqual({ title: 'Bear Toy', price: 1299, currency: 'GBP', sku: 'BT-999', brand: 'Softies', availability: 'OutOfStock' });
  });

  it('reads a book from a label table and a byline, with several authors', () => {
    const training = books.map((b, i) => bookPage(String(i), b));
    const page = bookPage('9', { title: 'Glass Rivers', authors: ['Eve Moss', 'Finn Orr'], isbn13: '9780441018642', publisher: 'Ace', date: 'March 2012' });
    const { value, report } = run(training, ['title', 'author', 'isbn_13', 'publisher', 'publication_date'], page, 'book');
    expect(value).toEqual({
      title: 'Glass Rivers',
      author: ['Eve Moss', 'Finn Orr'],
      isbn_13: '9780441018642',
      publisher: 'Ace',
      publication_date: 'March 2012',
    });
    expect(report.every((r) => r.coverage === 1)).toBe(true);
  });

  it('finds labels in other languages and fields it has no knowledge of', () => {
    const labels = { publisher: 'Editorial', date: 'Fecha de publicación', isbn: 'ISBN' };
    const withPages = (b: BookData, i: number): PageInput => {
      const page = bookPage(String(i), b, labels);
      const rows = `<th>Número de páginas</th><td>${200 + i}</td></tr><tr><th>Cover type</th><td>${i % 2 ? 'Soft' : 'Hard'} cover</td>`;
      return { ...page, text: page.text.replace('<th>Format</th><td>Paperback</td>', rows) };
    };
    const training = books.map(withPages);
    const page = withPages({ title: 'Sal', authors: ['Ana'], isbn13: '9780441018642', publisher: 'Anagrama', date: '3 de marzo de 2020' }, 7);
    const { value } = run(training, ['publisher', 'publication_date', 'isbn_13', 'numero_de_paginas', 'cover_type'], page);
    expect(value).toEqual({
      publisher: 'Anagrama',
      publication_date: '3 de marzo de 2020',
      isbn_13: '9780441018642',
      numero_de_paginas: 207,
      cover_type: 'Soft cover',
    });
  });

  it('reads a microdata recipe from a single training page, typing yields and times', () => {
    const training = [
      microdataRecipePage('1', { name: 'Leek Soup', author: 'Jo Bloggs', ingredients: ['2 leeks', '1 potato', '1 l stock'], servings: 4, prep: 'PT10M', cook: 'PT1H5M' }),
    ];
    const page = microdataRecipePage('2', { name: 'Pear Cake', author: 'Max Mustermann', ingredients: ['3 pears', '200 g flour', '2 eggs', '100 g sugar'], servings: 8, prep: 'PT20M', cook: 'PT45M' });
    const { value } = run(training, ['title', 'author', 'ingredients', 'yields', 'prep_time', 'cook_time'], page, 'recipe');
    expect(value).toEqual({
      title: 'Pear Cake',
      author: ['Max Mustermann'],
      ingredients: ['3 pears', '200 g flour', '2 eggs', '100 g sugar'],
      yields: 8,
      prep_time: 20,
      cook_time: 45,
    });
  });

  it('combines the sources of two templates seen among the training pages', () => {
    // Two layouts of the same site: newer pages carry JSON-LD, older ones only a "Label: value" list.
    const older = (id: string, p: ProductData): PageInput => ({
      url: `https://shop.example/old/${id}`,
      contentType: 'text/html',
      text: `<html><head><title>${p.name}</title></head><body><h1>${p.name}</h1><ul class="facts"><li>Brand: ${p.brand}</li>
        <li>Item number: ${p.sku}</li><li>Price: £${p.price}</li></ul></body></html>`,
    });
    const training = [productPage('0', products[0]), older('1', products[1]), productPage('2', products[2]), older('3', products[0])];
    const { extraction } = induceDetailExtraction({ pages: training, fields: [{ name: 'sku' }, { name: 'brand' }, { name: 'price' }], vertical: 'product' });
    const oldPage = evaluateExtraction(extraction, older('9', unseen));
    const newPage = evaluateExtraction(extraction, productPage('9', unseen));
    expect(oldPage).toEqual({ sku: 'BT-999', brand: 'Softies', price: 1299 });
    expect(newPage).toEqual({ sku: 'BT-999', brand: 'Softies', price: 1299 });
  });

  it('leaves a field it cannot find empty rather than guessing', () => {
    const training = products.map((p, i) => productPage(String(i), p));
    const { value, report } = run(training, ['isbn_13'], productPage('9', unseen));
    expect(value).toEqual({ isbn_13: null });
    expect(report[0]).toMatchObject({ field: 'isbn_13', coverage: 0 });
  });
});

describe('induceDetailExtraction on a shop-style book page', () => {
  it('cleans qualifiers, roles, editions and reads the date out of the publisher line', () => {
    const dated = books.map((b, i) => ({ ...b, date: ['June 5, 2010', 'May 1, 2009', 'July 12, 2011'][i] }));
    const training = dated.map((b, i) => shopBookPage(String(i), b));
    const page = shopBookPage('7', { title: 'Glass Rivers', authors: ['Eve Moss', 'Finn Orr'], isbn13: '9780441018642', publisher: 'Ace Books', date: 'March 3, 2012' });
    const { value } = run(training, ['title', 'author', 'isbn_13', 'publisher', 'publication_date'], page, 'book');
    expect(value).toEqual({
      title: 'Glass Rivers',
      author: ['Eve Moss', 'Finn Orr'],
      isbn_13: '978-0441018642',
      publisher: 'Ace Books',
      publication_date: 'March 3, 2012',
    });
  });
});

describe('induceDetailExtraction on pages whose markup names nothing', () => {
  it('finds the price, brand and stock message near the title', () => {
    const shop = (p: ProductData): ProductData => ({ ...p, currency: 'EUR' });
    const training = products.slice(0, 2).map((p, i) => obfuscatedProductPage(String(i), shop(p)));
    const page = obfuscatedProductPage('9', shop({ ...unseen, inStock: false }));
    const { value } = run(training, ['price', 'currency', 'brand', 'availability'], page, 'product');
    expect(value).toEqual({ price: 1299, currency: 'EUR', brand: 'Softies', availability: 'SoldOut' });
  });
});

describe('induceDetailExtraction on client-rendered pages', () => {
  const nextPage = (id: string, p: ProductData): PageInput => {
    const data = {
      props: {
        pageProps: {
          header: { menu: [{ title: 'Sale' }], cart: { price: 0 } },
          product: { title: p.name, sku: p.sku, brand: { name: p.brand }, price: { amount: Number(p.price.replace(',', '')), currency: p.currency } },
          recommendations: [{ title: 'Other', price: { amount: 1 } }],
        },
      },
    };
    return {
      url: `https://next.example/p/${id}`,
      contentType: 'text/html',
      text: `<html><head><title>${p.name}</title></head><body><div id="__next"></div>
        <script id="__NEXT_DATA__" type="application/json">${JSON.stringify(data)}</script></body></html>`,
    };
  };
  it('reads fields from __NEXT_DATA__ at the paths of the page entity, not of menus or recommendations', () => {
    const training = products.map((p, i) => nextPage(String(i), p));
    const { extraction, value } = run(training, ['title', 'sku', 'brand', 'price', 'currency'], nextPage('9', unseen), 'product');
    expect(value).toEqual({ title: 'Bear Toy', sku: 'BT-999', brand: 'Softies', price: 1299, currency: 'GBP' });
    expect(extraction.fields.price.sources[0]).toEqual({ json: 'props.pageProps.product.price.amount', embedded: 'next_data' });
  });
});

describe('induceDetailExtraction on a plain German recipe page', () => {
  const page = (id: string, r: { name: string; by: string; items: string[]; portions: number; prep: number; bake: string }): PageInput => ({
    url: `https://kochen.example/rezept/${id}`,
    contentType: 'text/html',
    text: `<html><head><title>${r.name} – Rezept | Kochen</title></head><body>
      <nav><h2>Zutaten</h2><ul><li>Mehl-Rezepte</li><li>Ei-Rezepte</li></ul></nav>
      <article><h1>${r.name}</h1><p class="meta">von <a href="/koch/${r.by}">${r.by}</a></p>
      <ul class="facts"><li>Portionen: ${r.portions}</li><li>Zubereitungszeit: ${r.prep} Min.</li><li>Backzeit: ${r.bake}</li></ul>
      <h2>Zutaten</h2><ul>${r.items.map((i) => `<li>${i}</li>`).join('')}</ul>
      <h2>Zubereitung</h2><p>Alles verrühren.</p></article></body></html>`,
  });
  it('reads labels, headings over lists and German durations', () => {
    const training = [
      page('1', { name: 'Apfelkuchen', by: 'Oma Ilse', items: ['3 Äpfel', '200 g Mehl', '2 Eier'], portions: 12, prep: 20, bake: '1 Std. 10 Min.' }),
      page('2', { name: 'Zopf', by: 'Karl Bäcker', items: ['500 g Mehl', '1 Würfel Hefe'], portions: 8, prep: 30, bake: '35 Min.' }),
    ];
    const unseenPage = page('3', { name: 'Käsekuchen', by: 'Ute Rahm', items: ['750 g Quark', '3 Eier', '150 g Zucker', '1 Zitrone'], portions: 16, prep: 25, bake: '1 Std.' });
    const { value } = run(training, ['title', 'author', 'ingredients', 'yields', 'prep_time', 'cook_time'], unseenPage, 'recipe');
    expect(value).toEqual({
      title: 'Käsekuchen',
      author: ['Ute Rahm'],
      ingredients: ['750 g Quark', '3 Eier', '150 g Zucker', '1 Zitrone'],
      yields: 16,
      prep_time: 25,
      cook_time: 60,
    });
  });
});

describe('induceDetailExtraction on a French microdata product page', () => {
  const page = (id: string, p: ProductData): PageInput => ({
    url: `https://boutique.example/produit/${id}`,
    contentType: 'text/html',
    text: `<html><head><title>${p.name} - Boutique</title></head><body>
      <ol itemscope itemtype="https://schema.org/BreadcrumbList"><li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><span itemprop="name">Accueil</span></li></ol>
      <div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">${p.name}</h1>
        <p>Marque : <span itemprop="brand">${p.brand}</span></p><p>Référence : ${p.sku}</p>
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
          <span itemprop="price" content="${p.price.replace(',', '')}">${p.price.replace('.', ',')} €</span><meta itemprop="priceCurrency" content="EUR">
          <link itemprop="availability" href="https://schema.org/${p.inStock ? 'InStock' : 'OutOfStock'}"><p>Disponibilité : ${p.inStock ? 'En stock' : 'Épuisé'}</p>
        </div></div>
      <div class="related" itemscope itemtype="https://schema.org/Product"><span itemprop="name">Autre</span><span itemprop="price" content="1.00">1,00 €</span></div>
      </body></html>`,
  });
  it('reads the main item, not the breadcrumbs or related products', () => {
    const training = products.map((p, i) => page(String(i), p));
    const { value } = run(training, ['title', 'brand', 'sku', 'price', 'currency', 'availability'], page('9', { ...unseen, inStock: false }), 'product');
    expect(value).toEqual({ title: 'Bear Toy', brand: 'Softies', sku: 'BT-999', price: 1299, currency: 'EUR', availability: 'OutOfStock' });
  });
});

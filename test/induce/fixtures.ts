/**
 * Small synthetic detail pages written for the induction tests (no real site's pages), and the
 * round trip those tests make: induce from training pages, read a held-out page.
 */
import { induceDetailExtraction } from '../../src/builder/induce/index.js';
import { evaluateExtraction, type PageInput } from '../../src/recipe/extract/index.js';

/** The fields an extraction induced from `training` reads on `heldOut`. */
export function inducedOn(training: PageInput[], fields: string[], heldOut: PageInput, vertical: string): Record<string, unknown> {
  const { extraction } = induceDetailExtraction({ pages: training, fields: fields.map((name) => ({ name })), vertical });
  return evaluateExtraction(extraction, heldOut) as Record<string, unknown>;
}

export interface ProductData {
  name: string;
  price: string;
  currency: string;
  sku: string;
  brand: string;
  inStock: boolean;
}

const layout = (title: string, head: string, body: string): string =>
  `<!doctype html><html><head><title>${title} | Shop</title>${head}</head><body>
   <header><nav class="menu"><a href="/">Home</a> <a href="/sale">Sale</a></nav></header>
   <main>${body}</main><footer>© Shop Ltd · <a href="/contact">Contact</a></footer></body></html>`;

/** A shop page: JSON-LD Product (optional) plus the visible product block. */
export function productPage(id: string, p: ProductData, withJsonLd = true): PageInput {
  const ld = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: p.sku,
    brand: { '@type': 'Brand', name: p.brand },
    offers: { '@type': 'Offer', price: p.price, priceCurrency: p.currency, availability: `https://schema.org/${p.inStock ? 'InStock' : 'OutOfStock'}` },
  };
  const sign = p.currency === 'EUR' ? '€' : p.currency === 'GBP' ? '£' : '$';
  const head = withJsonLd ? `<script type="application/ld+json">${JSON.stringify(ld)}</script>` : '';
  const body = `<div class="product">
      <h1 class="product-title">${p.name}</h1>
      <p class="product-brand">Brand: <a href="/b/${p.brand}">${p.brand}</a></p>
      <div class="price-box"><span class="current-price">${sign}${p.price}</span></div>
      <p class="stock">${p.inStock ? 'In stock' : 'Out of stock'}</p>
      <p class="sku">SKU: ${p.sku}</p>
    </div>`;
  return { url: `https://shop.example/p/${id}`, contentType: 'text/html', text: layout(p.name, head, body) };
}

export interface BookData {
  title: string;
  authors: string[];
  isbn13: string;
  publisher: string;
  date: string;
}

/** An old-style book page: no structured data, a details table and a byline. */
export function bookPage(id: string, b: BookData, labels = { publisher: 'Publisher', date: 'Publication date', isbn: 'ISBN-13' }): PageInput {
  const byline = b.authors.map((a) => `<a href="/author/${encodeURIComponent(a)}">${a}</a>`).join(' and ');
  const body = `<div id="book">
      <h1>${b.title}</h1>
      <div class="byline">by ${byline}</div>
      <table class="details">
        <tr><th>${labels.isbn}</th><td>${b.isbn13}</td></tr>
        <tr><th>${labels.publisher}</th><td>${b.publisher}</td></tr>
        <tr><th>${labels.date}</th><td>${b.date}</td></tr>
        <tr><th>Format</th><td>Paperback</td></tr>
      </table>
      <p>Customers also bought: <a href="/x">Another book</a></p>
    </div>`;
  return { url: `https://books.example/b/${id}`, contentType: 'text/html', text: layout(b.title, '', body) };
}

export interface RecipeData {
  name: string;
  author: string;
  ingredients: string[];
  servings: number;
  prep: string;
  cook: string;
}

/** A recipe page marked up with microdata only. */
export function microdataRecipePage(id: string, r: RecipeData): PageInput {
  const body = `<article itemscope itemtype="https://schema.org/Recipe">
      <h1 itemprop="name">${r.name}</h1>
      <p>Recipe by <span itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">${r.author}</span></span></p>
      <p>Serves <span itemprop="recipeYield">${r.servings}</span></p>
      <p>Prep: <time itemprop="prepTime" datetime="${r.prep}">soon</time> · Cook: <time itemprop="cookTime" datetime="${r.cook}">later</time></p>
      <h2>Ingredients</h2>
      <ul class="ingredients">${r.ingredients.map((i) => `<li itemprop="recipeIngredient">${i}</li>`).join('')}</ul>
      <h2>Method</h2><ol><li>Mix.</li><li>Cook.</li></ol>
    </article>`;
  return { url: `https://food.example/r/${id}`, contentType: 'text/html', text: layout(r.name, '', body) };
}

/**
 * A shop-style book page: title with a bracketed format, authors followed by their role,
 * a "Product Details" list whose publisher line carries the edition and date.
 */
export function shopBookPage(id: string, b: BookData): PageInput {
  const authors = b.authors.map((a) => `<span><a href="/e/${id}${a.length}">${a}</a> (Author)</span>`).join(', ');
  const body = `<div class="buying"><h1 class="parseasinTitle"><span id="btAsinTitle">${b.title} <span class="fmt">[Paperback]</span></span></h1>
      <div class="byinfo">${authors}</div></div>
      <table><tr><td class="bucket"><h2>Product Details</h2><div class="content"><ul>
        <li><b>Paperback:</b> ${300 + Number(id)} pages</li>
        <li><b>Publisher:</b> ${b.publisher}; 1 edition (${b.date})</li>
        <li><b>Language:</b> English</li>
        <li><b>ISBN-13:</b> ${b.isbn13.slice(0, 3)}-${b.isbn13.slice(3)}</li>
      </ul></div></td></tr></table>`;
  return { url: `https://store.example/dp/${id}`, contentType: 'text/html', text: layout(`${b.title}: ${b.authors.join(', ')}: Books`, '', body) };
}

/** A shop page built with generated class names and no structured data at all. */
export function obfuscatedProductPage(id: string, p: ProductData): PageInput {
  const sign = p.currency === 'EUR' ? '€' : '£';
  const body = `<div class="xQ3_aZ"><div class="kL9_pp">
      <a class="hT4kxQ" href="/brand/${p.brand}"><h3 class="Zq8_tt">${p.brand}</h3></a>
      <h1 class="Zq8_tt mm2Px">${p.name}</h1>
      <div class="Bq7_x1"><span class="uQ4wI pv8Z">${sign}${p.price}</span><span class="aa1B">VAT included</span></div>
      <div class="sz0_Q"><button class="bT5_k">${p.inStock ? 'Add to bag' : 'Sold out'}</button></div>
    </div></div>
    <div class="rc5_Y"><h2>You may also like</h2><div class="Tt1_a"><span class="Zq8_tt">Other Brand</span><span class="uQ4wI pv8Z">${sign}9.99</span></div></div>`;
  return { url: `https://fashion.example/${id}.html`, contentType: 'text/html', text: layout(`${p.brand} ${p.name}`, '', body) };
}

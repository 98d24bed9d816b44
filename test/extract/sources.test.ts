import { describe, expect, it } from 'vitest';
import { createPageContext, emptyRequiredFields, evaluateExtraction, type PageInput } from '../../src/recipe/extract/index.js';
import type { Extraction, FieldSpec } from '../../src/recipe/types.js';

const html = (body: string, head = ''): PageInput => ({
  url: 'https://books.example/catalogue/item/index.html',
  contentType: 'text/html',
  text: `<!doctype html><html><head>${head}</head><body>${body}</body></html>`,
});

const one = (page: PageInput, field: FieldSpec): unknown =>
  evaluateExtraction({ kind: 'value', field }, page);

describe('css sources', () => {
  const page = html(`
    <h1 class="title">  The   Book  </h1>
    <p class="price">£<b>12.50</b> <span>incl. VAT</span></p>
    <a class="next" href="../page-2.html">next</a>
    <ul class="tags"><li>a</li><li>b</li></ul>
    <p class="star-rating Three"></p>`);
  it('reads collapsed text, attributes, own text and inner html', () => {
    expect(one(page, { sources: [{ css: 'h1' }] })).toBe('The Book');
    expect(one(page, { sources: [{ css: '.price', text_mode: 'own' }] })).toBe('£');
    expect(one(page, { sources: [{ css: '.tags' }] })).toBe('a b');
    expect(one(page, { sources: [{ css: '.tags', attr: 'html' }] })).toBe('<li>a</li><li>b</li>');
    expect(one(page, { sources: [{ css: 'a.next', attr: 'href' }], transforms: [{ op: 'absolute_url' }] })).toBe(
      'https://books.example/catalogue/page-2.html',
    );
    expect(one(page, { sources: [{ css: 'p.star-rating', attr: 'class' }], transforms: [{ op: 'class_word', words: { three: 3 } }] })).toBe(3);
  });
  it('collects all matches with many and falls back through sources', () => {
    expect(one(page, { sources: [{ css: '.tags li' }], many: true })).toEqual(['a', 'b']);
    expect(one(page, { sources: [{ css: '.missing' }, { css: '.price b' }], transforms: [{ op: 'number' }] })).toBe(12.5);
    // A source whose value fails the transforms gives way to the next one.
    expect(one(page, { sources: [{ css: 'h1' }, { css: '.price' }], transforms: [{ op: 'currency_amount' }] })).toBe(12.5);
    expect(one(page, { sources: [{ css: '.missing' }] })).toBeNull();
    expect(one(page, { sources: [{ css: '.missing' }], many: true })).toEqual([]);
  });
  it('resolves against <base href>', () => {
    const based = html('<a href="x.html">x</a>', '<base href="https://cdn.example/root/">');
    expect(one(based, { sources: [{ css: 'a', attr: 'href' }], transforms: [{ op: 'absolute_url' }] })).toBe('https://cdn.example/root/x.html');
  });
});

describe('structured data sources', () => {
  const ld = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'WebPage', name: 'Page' },
      {
        '@type': ['Product'],
        name: 'Kettle &amp; Co',
        brand: { '@type': 'Brand', name: 'Tefal' },
        offers: [{ '@type': 'Offer', price: '48.99', priceCurrency: 'GBP', availability: 'https://schema.org/InStock' }],
      },
    ],
  };
  const recipe = { '@context': 'http://schema.org', '@type': 'Recipe', name: 'Soup', recipeIngredient: ['1 leek', '2 potatoes ((peeled))'], author: [{ '@type': 'Person', name: 'A' }, { '@type': 'Person', name: 'B' }], totalTime: 'PT1H5M' };
  const page = html(
    `<div itemscope itemtype="https://schema.org/Book"><span itemprop="name">Micro Book</span>
       <div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Jane</span></div>
       <meta itemprop="isbn" content="9780316125581"><time itemprop="datePublished" datetime="2010-06-01">June 2010</time></div>`,
    `<meta property="og:title" content="OG Title"><meta name="description" content="Desc">
     <script type="application/ld+json">${JSON.stringify(ld)}</script>
     <script type="application/ld+json">
       ${JSON.stringify(recipe)}
     </script>`,
  );
  it('finds JSON-LD objects by type through @graph, arrays and nested paths', () => {
    expect(one(page, { sources: [{ jsonld: { type: 'Product', path: 'name' } }] })).toBe('Kettle & Co');
    expect(one(page, { sources: [{ jsonld: { type: 'Product', path: 'brand' } }] })).toBe('Tefal');
    expect(one(page, { sources: [{ jsonld: { type: 'Product', path: 'offers[0].price' } }], transforms: [{ op: 'number' }] })).toBe(48.99);
    expect(one(page, { sources: [{ jsonld: { type: 'Product', path: 'offers.availability' } }], transforms: [{ op: 'schema_enum' }] })).toBe('InStock');
    // A note bracketed twice by a recipe plugin reads as the page shows it.
    expect(one(page, { sources: [{ jsonld: { type: 'Recipe', path: 'recipeIngredient' } }], many: true })).toEqual(['1 leek', '2 potatoes (peeled)']);
    expect(one(page, { sources: [{ jsonld: { type: ['Recipe'], path: 'author.name' } }], many: true })).toEqual(['A', 'B']);
    expect(one(page, { sources: [{ jsonld: { type: 'Recipe', path: 'totalTime' } }], transforms: [{ op: 'duration_minutes' }] })).toBe(65);
    // The first object where the path leads somewhere: one entity described twice gives its values once.
    expect(one(page, { sources: [{ jsonld: { path: 'name' } }], many: true })).toEqual(['Page']);
  });
  it('follows @id references inside a @graph', () => {
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'Recipe', name: 'Bowl', author: { '@id': 'https://x.example/#/person/1' } },
        { '@type': 'Person', '@id': 'https://x.example/#/person/1', name: 'Site Cook', url: 'https://x.example/about' },
      ],
    };
    const p = html('', `<script type="application/ld+json">${JSON.stringify(graph)}</script>`);
    expect(one(p, { sources: [{ jsonld: { type: 'Recipe', path: 'author.name' } }] })).toBe('Site Cook');
    expect(one(p, { sources: [{ jsonld: { type: 'Recipe', path: 'author' } }] })).toBe('Site Cook');
  });
  it('reads microdata and meta tags', () => {
    expect(one(page, { sources: [{ microdata: { itemtype: 'Book', itemprop: 'name' } }] })).toBe('Micro Book');
    expect(one(page, { sources: [{ microdata: { itemprop: 'author.name' } }] })).toBe('Jane');
    expect(one(page, { sources: [{ microdata: { itemprop: 'author' } }] })).toBe('Jane');
    expect(one(page, { sources: [{ microdata: { itemprop: 'isbn' } }] })).toBe('9780316125581');
    expect(one(page, { sources: [{ microdata: { itemprop: 'datePublished' } }] })).toBe('2010-06-01');
    expect(one(page, { sources: [{ meta: 'og:title' }] })).toBe('OG Title');
    expect(one(page, { sources: [{ meta: 'DESCRIPTION' }] })).toBe('Desc');
  });
});

describe('embedded and JSON pages', () => {
  it('reads Next.js data, script JSON, window assignments and Nuxt without evaluating code', () => {
    const page = html(
      `<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"item":{"sku":"N-1"}}}}</script>
       <script type="application/json" id="cfg">{"price":{"amount":"9.99"}}</script>
       <script>window.__INITIAL_STATE__ = {product: {title: 'State title', tags: ['x','y',], ok: !0}, n: undefined};</script>
       <script>window.__NUXT__=(function(a){return {x:a}}(1));</script>
       <script>var evil = {a: alert(1)};</script>`,
    );
    expect(one(page, { sources: [{ json: 'props.pageProps.item.sku', embedded: 'next_data' }] })).toBe('N-1');
    expect(one(page, { sources: [{ json: 'props.pageProps.item.sku' }] })).toBe('N-1');
    expect(one(page, { sources: [{ json: 'price.amount', embedded: 'script_json' }] })).toBe('9.99');
    expect(one(page, { sources: [{ json: 'price.amount', embedded: '#cfg' }] })).toBe('9.99');
    expect(one(page, { sources: [{ json: 'product.title', embedded: '__INITIAL_STATE__' }] })).toBe('State title');
    expect(one(page, { sources: [{ json: 'product.tags[*]', embedded: '__INITIAL_STATE__' }], many: true })).toEqual(['x', 'y']);
    expect(one(page, { sources: [{ json: 'product.ok', embedded: '__INITIAL_STATE__' }] })).toBe(true);
    // Nuxt 2's payload function: its arguments bound to its parameters, parsed, never run.
    expect(one(page, { sources: [{ json: 'x', embedded: 'nuxt' }] })).toBe(1);
    const calls = html(`<script>window.__NUXT__=(function(a){return {x:fetch(a)}}("/steal"));</script>`);
    expect(one(calls, { sources: [{ json: 'x', embedded: 'nuxt' }] })).toBeNull();
    expect(one(page, { sources: [{ json: 'a', embedded: 'evil' }] })).toBeNull();
  });
  it('maps JSON list pages', () => {
    const page: PageInput = {
      url: 'https://api.example/items?page=1',
      contentType: 'application/json',
      text: JSON.stringify({ data: { items: [{ id: 1, name: ' A ', links: { self: '/i/1' } }, { id: 2, name: 'B', links: { self: '/i/2' } }] }, next: 'c2' }),
    };
    const result = evaluateExtraction(
      {
        kind: 'json_list',
        path: 'data.items',
        limit: 5,
        fields: { id: { sources: [{ json: 'id' }] }, name: { sources: [{ json: 'name' }] }, url: { sources: [{ json: 'links.self' }], transforms: [{ op: 'absolute_url' }] } },
      },
      page,
    );
    expect(result).toEqual([
      { id: 1, name: 'A', url: 'https://api.example/i/1' },
      { id: 2, name: 'B', url: 'https://api.example/i/2' },
    ]);
    expect(one(page, { sources: [{ json: 'data.items[*].id' }], many: true })).toEqual([1, 2]);
    expect(one(page, { sources: [{ json: 'data.items[-1].name' }] })).toBe('B');
    expect(one(page, { sources: [{ json: 'next' }] })).toBe('c2');
  });
});

describe('records, lists and nested fields', () => {
  const page = html(`
    <div class="card"><h2><a href="/b/1">One</a></h2><span class="p">£1</span>
      <ul><li class="au"><a href="/a/x">X</a></li><li class="au"><a href="/a/y">Y</a></li></ul></div>
    <div class="card"><h2><a href="/b/2">Two</a></h2></div>`);
  it('reads list items relative to each item with nested records', () => {
    const extraction: Extraction = {
      kind: 'list',
      items: '.card',
      fields: {
        title: { sources: [{ css: 'h2 a' }], required: true },
        url: { sources: [{ css: 'h2 a', attr: 'href' }], transforms: [{ op: 'absolute_url' }] },
        price: { sources: [{ css: '.p' }], transforms: [{ op: 'currency_amount' }], required: true },
        authors: { sources: [{ css: 'li.au' }], many: true, fields: { name: { sources: [{ css: 'a' }] }, link: { sources: [{ css: 'a', attr: 'href' }] } } },
      },
    };
    const result = evaluateExtraction(extraction, page);
    expect(result).toEqual([
      { title: 'One', url: 'https://books.example/b/1', price: 1, authors: [{ name: 'X', link: '/a/x' }, { name: 'Y', link: '/a/y' }] },
      { title: 'Two', url: 'https://books.example/b/2', price: null, authors: [] },
    ]);
    expect(emptyRequiredFields(extraction, result)).toEqual(['[1].price']);
  });
  it('scopes an object extraction and reports empty required fields', () => {
    const extraction: Extraction = { kind: 'object', scope: '.card:nth-of-type(2)', fields: { title: { sources: [{ css: 'a' }], required: true }, price: { sources: [{ css: '.p' }], required: true } } };
    const result = evaluateExtraction(extraction, page);
    expect(result).toEqual({ title: 'Two', price: null });
    expect(emptyRequiredFields(extraction, result)).toEqual(['price']);
  });
  it('reads page_url, templates, consts and regexes', () => {
    const ctx = { params: { q: 'a b' }, vars: { page: 2 } };
    const r = evaluateExtraction(
      {
        kind: 'object',
        fields: {
          url: { sources: [{ page_url: true }] },
          next: { sources: [{ template: '/search?q={q}&p={page}' }] },
          kind: { sources: [{ const: 'book' }] },
          id: { sources: [{ regex: '/b/(\\d+)', on: 'html' }], transforms: [{ op: 'integer' }] },
          ids: { sources: [{ regex: '/b/(\\d+)', on: 'html', flags: 'g' }], many: true },
        },
      },
      page,
      ctx,
    );
    expect(r).toEqual({ url: page.url, next: '/search?q=a b&p=2', kind: 'book', id: 1, ids: ['1', '2'] });
  });
  it('parses a page once per PageInput object', () => {
    expect(createPageContext(page)).toBe(createPageContext(page));
  });
});

describe('a text block where a list is wanted', () => {
  it('gives one value per line of a structured string, without header lines, and leaves single values alone', () => {
    const block = { '@type': 'Recipe', name: 'Tarte\r\nau citron', recipeIngredient: 'Pour la pâte :\r\n200 g de farine\r\n100 g de beurre\n\nPour la crème :\n3 citrons' };
    const page = html('<p>x</p>', `<script type="application/ld+json">${JSON.stringify(block)}</script>`);
    expect(one(page, { sources: [{ jsonld: { type: 'Recipe', path: 'recipeIngredient' } }], many: true })).toEqual(['200 g de farine', '100 g de beurre', '3 citrons']);
    expect(one(page, { sources: [{ jsonld: { type: 'Recipe', path: 'name' } }] })).toBe('Tarte au citron');
  });
});

describe('group titles inside a list', () => {
  it('drops items that are a heading or a line ending in a colon, unless every item is one', () => {
    const page = html(`<ul class="ing"><li><h3>Für den Teig</h3></li><li>200 g Mehl</li><li>Pour la crème :</li><li>3 Eier</li></ul>
      <ul class="groups"><li><h3>Teig</h3></li><li><h3>Füllung</h3></li></ul>`);
    expect(one(page, { sources: [{ css: '.ing li' }], many: true })).toEqual(['200 g Mehl', '3 Eier']);
    expect(one(page, { sources: [{ css: '.groups li' }], many: true })).toEqual(['Teig', 'Füllung']);
  });
});

describe('a list the page renders twice', () => {
  it('reads one copy when the matches are the same run of values repeated, and keeps a list that only shares some lines', () => {
    const copy = '<ul class="ing"><li>1 aubergine</li><li>2 tomater</li><li>1 klyfta vitlök</li></ul>';
    const twice = html(`<div class="screen">${copy}</div><div class="print">${copy}</div>`);
    expect(one(twice, { sources: [{ css: '.ing li' }], many: true })).toEqual(['1 aubergine', '2 tomater', '1 klyfta vitlök']);
    const shared = html('<ul class="ing"><li>1 egg</li><li>100 g flour</li><li>1 egg</li><li>50 g sugar</li></ul>');
    expect(one(shared, { sources: [{ css: '.ing li' }], many: true })).toEqual(['1 egg', '100 g flour', '1 egg', '50 g sugar']);
  });
});

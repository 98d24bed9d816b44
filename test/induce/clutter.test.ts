/**
 * Clutter is never a source (rule `main-entity-region`): small written pages with the blocks
 * real pages carry around the entity (a consent manager's dialog, a mega-menu, a rail of other
 * products, buyers' reviews). Each case also runs with the rule switched off, to show it decides.
 */
import { describe, expect, it } from 'vitest';
import { induceDetailExtraction } from '../../src/builder/induce/index.js';
import { evaluateExtraction, type PageInput } from '../../src/recipe/extract/index.js';

const RULE = 'main-entity-region';

const run = (training: PageInput[], fields: string[], heldOut: PageInput, vertical: string, off: string[] = []): Record<string, unknown> => {
  const { extraction } = induceDetailExtraction({ pages: training, fields: fields.map((name) => ({ name })), vertical, rulesOff: off });
  return evaluateExtraction(extraction, heldOut) as Record<string, unknown>;
};

const shop = (id: string, body: string, before = '', after = ''): PageInput => ({
  url: `https://shop.example/p/${id}`,
  contentType: 'text/html',
  text: `<!doctype html><html lang="en"><head><title>Item ${id} | Shop</title></head><body>
    ${before}
    <header class="site-header"><nav class="mega-menu"><a href="/kitchen">Kitchen</a> <a href="/garden">Garden</a></nav></header>
    <main>${body}</main>
    ${after}
    <footer class="site-footer"><p>© Shop Ltd</p></footer></body></html>`,
});

describe('clutter is never a source', () => {
  it("reads the product's price, not the price of the first card in the \"customers also bought\" rail (its microdata too)", () => {
    const card = (n: number, price: string) =>
      `<li itemscope itemtype="https://schema.org/Product"><a href="/p/other-${n}"><img src="/i/${n}.jpg" alt=""><span itemprop="name">Other thing ${n}</span></a>
       <span itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price" content="${price.replace(',', '.')}">€ ${price}</span></span></li>`;
    const rail = (r: string[]) => `<section class="carousel-x"><h2>Customers also bought</h2><ul>${r.map((p, i) => card(i, p)).join('')}</ul></section>`;
    const page = (id: string, name: string, price: string, r: string[]) =>
      shop(id, `<div class="pdp"><h1>${name}</h1><div class="buy-box"><b>€ ${price}</b><button>Add to cart</button></div></div>${rail(r)}`);
    const training = [page('1', 'Kettle Alpha', '24,90', ['9,99', '12,50', '7,00']), page('2', 'Mug Beta', '8,40', ['15,00', '3,20', '6,60'])];
    const heldOut = page('3', 'Plate Gamma', '11,30', ['19,90', '4,40', '2,10']);
    expect(run(training, ['price'], heldOut, 'product').price).toBe(11.3);
    expect(run(training, ['price'], heldOut, 'product', [RULE]).price).toBe(19.9);
  });

  it("reads no recipe author from the reviews' microdata", () => {
    const page = (id: string, name: string, author: string, reviewer: string) =>
      shop(
        id,
        `<article><h1>${name}</h1><p>Recipe from the kitchen of <a href="/chef/${id}">${author}</a></p>
          <h2>Ingredients</h2><ul><li>2 eggs</li><li>100 g flour</li><li>1 cup milk</li></ul></article>
         <section id="reviews"><div itemscope itemtype="https://schema.org/Review"><span itemprop="author">${reviewer}</span><p itemprop="reviewBody">Lovely, made it twice.</p></div></section>`,
      );
    const training = [page('1', 'Pancakes', 'Ann Lee', 'Bob Stone'), page('2', 'Crêpes', 'Tom Ray', 'Eve Hart')];
    const heldOut = page('3', 'Waffles', 'Kim Park', 'Sam Wolf');
    expect(run(training, ['author'], heldOut, 'recipe').author).not.toContain('Sam Wolf');
    expect(run(training, ['author'], heldOut, 'recipe', [RULE]).author).toContain('Sam Wolf');
  });

  it("reads no brand from a consent manager's dialog", () => {
    const consent = (vendor: string) =>
      `<div id="CybotCookiebotDialog" role="dialog" aria-label="Cookie consent"><p>We use cookies.</p><div class="brand">${vendor}</div></div>`;
    const page = (id: string, name: string, vendor: string) => shop(id, `<h1>${name}</h1><p>A fine thing.</p>`, consent(vendor));
    const training = [page('1', 'Kettle Alpha', 'Google Analytics'), page('2', 'Mug Beta', 'Meta Pixel')];
    const heldOut = page('3', 'Plate Gamma', 'Hotjar');
    expect(run(training, ['brand'], heldOut, 'product').brand ?? null).toBeNull();
    expect(run(training, ['brand'], heldOut, 'product', [RULE]).brand).toBe('Hotjar');
  });

  it('still reads a category from the breadcrumb trail', () => {
    const page = (id: string, name: string, category: string) =>
      shop(id, `<nav class="breadcrumbs" aria-label="Breadcrumb"><a href="/">Home</a> › <a href="/c/${category}">${category}</a></nav><h1>${name}</h1>`);
    const training = [page('1', 'Kettle Alpha', 'Kitchen'), page('2', 'Rake Beta', 'Garden')];
    const heldOut = page('3', 'Lamp Gamma', 'Lighting');
    expect(run(training, ['category'], heldOut, 'product').category).toContain('Lighting');
    expect(run(training, ['category'], heldOut, 'product')).toEqual(run(training, ['category'], heldOut, 'product', [RULE]));
  });
});

/**
 * Plain selectors are compiled once (recipe/extract/select.ts) instead of on every query.
 * Whatever that path answers must be exactly what cheerio's `find` answers, for each list item
 * and for the whole page; what it declines (null) cheerio answers.
 */
import * as cheerio from 'cheerio';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Element } from 'domhandler';
import { PageContext } from '../../src/recipe/extract/page-context.js';
import { selectPlain } from '../../src/recipe/extract/select.js';
import { evaluateExtraction } from '../../src/recipe/extract/index.js';

const HTML = `<html><body>
<ul class="list">
  <li class="item"><h3><a href="/a" title="A">A</a></h3><p class="price">1</p><p>x</p><span data-k="1">s</span></li>
  <li class="item"><h3><a href="/b" title="B">B</a><a href="/b2">B2</a></h3><p class="price">2</p></li>
  <li class="item"><div><div><a href="/c">C</a></div></div><table><tr><td>t</td></tr></table></li>
  <li class="item"><a href="/d" class="self">D</a></li>
  <li class="item nest"><ul><li class="item"><h3><a href="/e">E</a></h3></li></ul></li>
</ul>
<h3 class="outside"><div class="item"><a href="/f">F</a></div></h3>
</body></html>`;

const SELECTORS = [
  'a', 'h3 a', 'h3 > a', '> h3', 'p', 'p.price', '.price, a', 'a, .price', 'div a', 'div > div > a', 'span[data-k="1"]',
  'h3 + p', 'p ~ span', 'td', 'tr td', 'a.self', 'li a', 'a:first', 'a:first-child', ':scope > h3', 'h3 a:eq(1)', 'a:not(.self)',
  '+ li', '~ li', 'tbody td', 'ul a', 'body a', 'li', '*', 'nope', '[', 'a[',
];

function ownQuery(html: string, itemsSelector: string, selector: string): string[][] {
  const $ = cheerio.load(html, { xml: { xmlMode: false, decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false } });
  return $(itemsSelector)
    .toArray()
    .map((item) => {
      try {
        return $(item).find(selector).toArray().map((el) => $.html(el));
      } catch {
        return [];
      }
    });
}

function compiled(html: string, itemsSelector: string, selector: string): string[][] {
  const ctx = new PageContext({ url: 'https://x.example/', contentType: 'text/html', text: html });
  const items = ctx.$(itemsSelector).toArray() as Element[];
  return items.map((item) => {
    try {
      return ctx.query(selector, item).map((el) => ctx.$.html(el));
    } catch {
      return [];
    }
  });
}

function wholePage(html: string, selector: string, via: 'cheerio' | 'compiled'): string[] | 'invalid' {
  const ctx = new PageContext({ url: 'https://x.example/', contentType: 'text/html', text: html });
  try {
    const els = via === 'cheerio' ? (ctx.$(selector).toArray() as Element[]) : ctx.query(selector, null);
    return els.map((el) => ctx.$.html(el));
  } catch {
    return 'invalid';
  }
}

describe('compiled selections', () => {
  it.each(['li.item', 'li.item:not(.nest)', '.item', 'h3, li.item', 'ul.list > li'])('equal cheerio\'s find in each item (items: %s)', (items) => {
    for (const selector of SELECTORS) expect(compiled(HTML, items, selector), selector).toEqual(ownQuery(HTML, items, selector));
  });

  it('equal cheerio on the whole page', () => {
    for (const selector of SELECTORS) expect(wholePage(HTML, selector, 'compiled'), selector).toEqual(wholePage(HTML, selector, 'cheerio'));
  });

  it('equal cheerio on generated pages', () => {
    const tag = fc.constantFrom('div', 'li', 'p', 'a', 'h3', 'span');
    const node: fc.Arbitrary<string> = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom('text', ''),
        fc.tuple(tag, fc.constantFrom('', 'item', 'price', 'item price'), fc.array(tie('node'), { maxLength: 4 })).map(
          ([t, cls, kids]) => `<${t}${cls ? ` class="${cls}"` : ''}>${(kids as string[]).join('')}</${t}>`,
        ),
      ),
    })).node as fc.Arbitrary<string>;
    fc.assert(
      fc.property(fc.array(node, { minLength: 1, maxLength: 5 }), fc.constantFrom(...SELECTORS), (parts, selector) => {
        const html = `<html><body>${parts.join('')}</body></html>`;
        expect(compiled(html, '.item', selector)).toEqual(ownQuery(html, '.item', selector));
        expect(wholePage(html, selector, 'compiled')).toEqual(wholePage(html, selector, 'cheerio'));
      }),
      { numRuns: 3000 },
    );
  });

  it('leave the records a list extraction reads unchanged', () => {
    const page = { url: 'https://x.example/', contentType: 'text/html', text: HTML };
    const records = evaluateExtraction(
      {
        kind: 'list',
        items: 'li.item:not(.nest)',
        fields: {
          title: { sources: [{ css: 'h3 a', attr: 'title' }, { css: 'a' }] },
          links: { sources: [{ css: 'a', attr: 'href' }], many: true },
          price: { sources: [{ css: '.price' }], transforms: [{ op: 'number' }] },
        },
      },
      page,
    );
    expect(records).toEqual([
      { title: 'A', links: ['/a'], price: 1 },
      { title: 'B', links: ['/b', '/b2'], price: 2 },
      { title: 'C', links: ['/c'], price: null },
      { title: 'D', links: ['/d'], price: null },
      { title: 'E', links: ['/e'], price: null },
    ]);
  });

  it('compile plain selectors only, and only under a scope cheerio scopes', () => {
    const ctx = new PageContext({ url: 'https://x.example/', contentType: 'text/html', text: HTML });
    const items = ctx.$('li.item:not(.nest)').toArray() as Element[];
    const options = (ctx.$ as unknown as { _options: object })._options;
    expect(selectPlain(ctx.document, options, items[1], 'h3 a')).toHaveLength(2);
    expect(selectPlain(ctx.document, options, null, 'li.item')).toHaveLength(6);
    for (const selector of ['a:first', ':scope > h3', '+ li', '~ li', 'a:not(.self)']) expect(selectPlain(ctx.document, options, items[0], selector), selector).toBeNull();
    // The <html> element's parent is the document, which css-select does not scope to.
    const html = ctx.$('html').get(0) as Element;
    expect(selectPlain(ctx.document, options, html, 'a')).toBeNull();
    expect(ctx.query('a', html)).toHaveLength(ctx.$('a').length);
  });

  it('parse the page exactly as cheerio.load does, and wrap that same document in $', () => {
    const pages = [HTML, '<p>a<b>b</p>c', '<!DOCTYPE html><TABLE><TR><TD A=1>x</TABLE><br/><svg><path/></svg>&amp;&nbsp;<x-y:z>', ''];
    for (const text of pages) {
      const ctx = new PageContext({ url: 'https://x.example/', contentType: 'text/html', text });
      const loaded = cheerio.load(text, { xml: { xmlMode: false, decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false } });
      expect(ctx.$.html(), text).toBe(loaded.html());
      expect(ctx.$.root().get(0)).toBe(ctx.document);
    }
  });
});

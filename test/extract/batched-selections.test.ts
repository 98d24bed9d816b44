/**
 * A list's field selectors are answered for all items with one query (PageContext.primeSelections).
 * Whatever it decides to batch must give each item exactly what the item's own query gives.
 */
import * as cheerio from 'cheerio';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Element } from 'domhandler';
import { PageContext } from '../../src/recipe/extract/page-context.js';
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

function batched(html: string, itemsSelector: string, selector: string): string[][] {
  const ctx = new PageContext({ url: 'https://x.example/', contentType: 'text/html', text: html });
  const items = ctx.$(itemsSelector).toArray() as Element[];
  ctx.primeSelections(items, selector);
  return items.map((item) =>
    ctx
      .selection(item, selector, () => {
        try {
          return ctx.$(item).find(selector).toArray() as Element[];
        } catch {
          return [];
        }
      })
      .map((el) => ctx.$.html(el)),
  );
}

describe('batched list selections', () => {
  it.each(['li.item', 'li.item:not(.nest)', '.item', 'h3, li.item', 'ul.list > li'])('equal each item\'s own query (items: %s)', (items) => {
    for (const selector of SELECTORS) expect(batched(HTML, items, selector), selector).toEqual(ownQuery(HTML, items, selector));
  });

  it('equal each item\'s own query on generated pages', () => {
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
        expect(batched(html, '.item', selector)).toEqual(ownQuery(html, '.item', selector));
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

  it('answer matched items from one query, and leave unmatched or unsafe cases to the item', () => {
    const ctx = new PageContext({ url: 'https://x.example/', contentType: 'text/html', text: HTML });
    const items = ctx.$('li.item:not(.nest)').toArray() as Element[];
    const unreachable = (): Element[] => {
      throw new Error('asked the item again');
    };
    ctx.primeSelections(items, 'h3 a');
    expect(ctx.selection(items[0], 'h3 a', unreachable)).toHaveLength(1);
    expect(ctx.selection(items[1], 'h3 a', unreachable)).toHaveLength(2);
    expect(ctx.selection(items[2], 'h3 a', () => [])).toEqual([]); // no match: the item's own query runs
    ctx.primeSelections(items, 'a:first');
    expect(() => ctx.selection(items[0], 'a:first', unreachable)).toThrow('asked the item again');
    const nesting = ctx.$('li.item').toArray() as Element[];
    ctx.primeSelections(nesting, 'p');
    expect(() => ctx.selection(nesting[0], 'p', unreachable)).toThrow('asked the item again');
  });
});

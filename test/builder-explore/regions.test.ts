/** The record-region finder and list induction on small synthetic pages. */
import { describe, expect, it } from 'vitest';
import { createPageContext, evaluateExtraction } from '../../src/recipe/extract/index.js';
import { findRecordRegions, induceList } from '../../src/builder/list/index.js';
import { findPagination } from '../../src/builder/explore/index.js';

const page = (body: string, url = 'https://x.test/list') => ({ url, contentType: 'text/html', text: `<html><body>${body}</body></html>` });

const menu = `<nav><ul class="menu">${['Home', 'Shop', 'Blog', 'About', 'Contact', 'Jobs', 'Press', 'Help'].map((m) => `<li class="menu-item"><a href="/${m.toLowerCase()}">${m}</a></li>`).join('')}</ul></nav>`;
const card = (i: number) =>
  `<div class="card"><a href="/p/${i}"><img src="/i/${i}.jpg"></a><h3><a href="/p/${i}">Product ${i}</a></h3><span class="price">$${i}.99</span><span class="brand">Brand ${i % 3}</span></div>`;

describe('record regions', () => {
  it('prefers rich repeated records over a longer menu', () => {
    const ctx = createPageContext(page(`${menu}<div class="grid">${[1, 2, 3, 4].map(card).join('')}</div>`));
    const [best] = findRecordRegions(ctx);
    expect(best.signature).toBe('div.card');
    expect(best.records).toHaveLength(4);
  });

  it('needs three records with a link and text', () => {
    const two = createPageContext(page(`<div>${[1, 2].map(card).join('')}</div>`));
    expect(findRecordRegions(two)).toEqual([]);
    const noLinks = createPageContext(page(`<ul>${[1, 2, 3, 4].map((i) => `<li class="x">Item ${i}</li>`).join('')}</ul>`));
    expect(findRecordRegions(noLinks)).toEqual([]);
  });

  it("a table's rows without links are records when each has two or more cells (a bank's transactions); a list of words is not", () => {
    const rows = [1, 2, 3, 4, 5].map((i) => `<tr data-id="T${i}"><td>2026-11-2${i}</td><td>CARD PAYMENT SHOP ${i}</td><td class="amount">-${i}.50</td></tr>`).join('');
    const ctx = createPageContext(page(`${menu}<table class="txns"><thead><tr><th>Date</th><th>Description</th><th>Amount</th></tr></thead><tbody>${rows}</tbody></table>`));
    const [best] = findRecordRegions(ctx);
    expect(best.signature).toBe('tr');
    expect(best.records).toHaveLength(5);
    const oneCell = createPageContext(page(`<table><tbody>${[1, 2, 3, 4].map((i) => `<tr><td>Item ${i}</td></tr>`).join('')}</tbody></table>`));
    expect(findRecordRegions(oneCell)).toEqual([]);
  });

  it('joins cards spread over grid rows, and does not take the rows for records', () => {
    const rows = [0, 1, 2].map((r) => `<div class="row">${[1, 2, 3, 4].map((i) => card(r * 4 + i)).join('')}</div>`).join('');
    const [best] = findRecordRegions(createPageContext(page(`<div class="grid">${rows}</div>`)));
    expect(best.signature).toBe('div.card');
    expect(best.records).toHaveLength(12);
  });

  it('groups siblings by the classes most share, so per-record classes do not split them', () => {
    const items = [1, 2, 3, 4, 5].map((i) => `<li class="product post-${i} ${i % 2 ? 'instock' : 'outofstock'}"><a href="/p/${i}">P ${i}</a> <b>${i} €</b></li>`).join('');
    const [best] = findRecordRegions(createPageContext(page(`<ul class="products">${items}</ul>`)));
    expect(best.records).toHaveLength(5);
  });

  it('prefers records linking to the detail template', () => {
    const related = `<ul class="tags">${['a', 'b', 'c', 'd', 'e'].map((t) => `<li><a href="/tag/${t}">Tag ${t}</a> <em>${t}</em> <i>x</i></li>`).join('')}</ul>`;
    const posts = `<div class="posts">${[1, 2, 3].map((i) => `<section><a href="/post/${i}">Post ${i}</a></section>`).join('')}</div>`;
    const ctx = createPageContext(page(related + posts));
    const [best] = findRecordRegions(ctx, { isDetailUrl: (u) => u.includes('/post/') });
    expect(best.signature).toBe('section');
  });
});

describe('induceList on synthetic pages', () => {
  it('reads a table whose header row has no link, with fields named from classes', () => {
    const rows = (from: number) =>
      [0, 1, 2, 3].map((k) => `<tr><td class="name"><a href="/r/${from + k}">Row ${from + k}</a></td><td class="city">City ${k}</td><td class="score">${from + k}</td></tr>`).join('');
    const table = (from: number) => `<table><tr><th>Name</th><th>City</th><th>Score</th></tr>${rows(from)}</table>`;
    const pages = [page(table(1), 'https://x.test/t?p=1'), page(table(5), 'https://x.test/t?p=2')];
    const list = induceList(pages);
    expect(list.extraction.items).toMatch(/tr:has\(a\[href\]\)$/);
    expect(list.itemCount).toEqual([4, 4]);
    expect(list.fields.map((f) => [f.name, f.type])).toEqual([
      ['url', 'url'],
      ['title', 'string'],
      ['location', 'string'],
      ['score', 'integer'],
    ]);
    const third = evaluateExtraction(list.extraction, page(table(9), 'https://x.test/t?p=3')) as Array<Record<string, unknown>>;
    expect(third[0]).toEqual({ url: 'https://x.test/r/9', title: 'Row 9', location: 'City 0', score: 9 });
  });

  it('leaves out constant texts and action links; takes a fuller title attribute first', () => {
    const items = [1, 2, 3].map((i) => `<article class="hit"><h2><a href="/h/${i}" title="A very long title number ${i}">A very long…</a></h2><p class="lede">Lede ${i}</p><a class="btn" href="/cart?add=${i}">Add to cart</a><span class="badge">New</span></article>`).join('');
    const list = induceList([page(items)]);
    expect(list.fields.map((f) => f.name)).toEqual(['url', 'title', 'description']);
    expect(list.extraction.fields.title.sources[0]).toEqual({ css: 'h2 > a', attr: 'title' });
    expect(list.fields[1].samples[0]).toBe('A very long title number 1');
  });

  it('reads cards that are links themselves: lazy image, European price, <time>, counts', () => {
    const card = (i: number) =>
      `<a class="card" href="/p/${i}"><img data-src="/i/${i}.jpg" src="data:image/gif;base64,R0"><h3>Item ${i}</h3><span class="price">${i},50 €</span><span class="meta">${i * 3} reviews</span><time datetime="2024-01-0${i}">x</time></a>`;
    const cards = (from: number) => page(`<div class="cards">${[0, 1, 2, 3].map((k) => card(from + k)).join('')}</div><a rel="next" href="/l?p=${from + 4}">more</a>`, `https://x.test/l?p=${from}`);
    const list = induceList([cards(1), cards(5)]);
    expect(list.extraction.items).toBe('a.card');
    expect(list.paginationOptions.map((p) => p.strategy.kind)).toEqual(['next_link', 'page_param']);
    expect((evaluateExtraction(list.extraction, cards(5)) as unknown[])[0]).toEqual({
      url: 'https://x.test/p/5', title: 'Item 5', price: 5.5, currency: 'EUR', image: 'https://x.test/i/5.jpg', date: '2024-01-05', reviews: 15,
    });
  });

  it('without classes: the title inside the link, positional paragraphs, a year', () => {
    const rec = (i: number) => `<div><a href="/x/${i}"><b>Title ${i}</b></a><p>Author ${i % 3}</p><p>${2000 + i}</p><p>About ${i}</p></div>`;
    const list = induceList([page(`<section>${[1, 2, 3, 4].map(rec).join('')}</section>`)]);
    expect((evaluateExtraction(list.extraction, page(`<section>${[7, 8, 9].map(rec).join('')}</section>`)) as unknown[])[2]).toEqual({
      url: 'https://x.test/x/9', title: 'Title 9', text: 'Author 0', year: 2009, text_2: 'About 9',
    });
  });

  it('throws when no records repeat', () => {
    expect(() => induceList([page('<p>Hello <a href="/x">x</a></p>')])).toThrow(/No repeated records/);
  });
});

describe('pagination links', () => {
  it('recognises next links by rel, words in several languages, arrows and numbers', () => {
    const next = (html: string) => findPagination(createPageContext(page(html, 'https://x.test/list?page=2'))).next;
    expect(next('<a rel="next" href="?page=3">3</a>')).toBe('https://x.test/list?page=3');
    expect(next('<a href="?page=1">Anterior</a><a href="?page=3">Siguiente</a>')).toBe('https://x.test/list?page=3');
    expect(next('<a href="?page=3">Volgende pagina</a>')).toBe('https://x.test/list?page=3');
    expect(next('<a href="?page=1">«</a><a href="?page=3">»</a>')).toBe('https://x.test/list?page=3');
    expect(next('<div class="pager"><a href="?page=1">1</a><span class="current">2</span><a href="?page=3">3</a></div>')).toBe('https://x.test/list?page=3');
    expect(next('<a href="?page=1">Previous</a>')).toBeNull();
    // A bank's or a notes app's pager names what it pages: "Older transactions", "Next 10 results".
    expect(next('<a href="?page=3">Older transactions</a> <a href="?page=1">Newer transactions</a>')).toBe('https://x.test/list?page=3');
    expect(next('<a href="?page=3">Next 10 results</a>')).toBe('https://x.test/list?page=3');
    expect(next('<a href="?page=3">Next steps</a>')).toBeNull();
  });
});

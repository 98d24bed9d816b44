/**
 * How pages are written, in any language (batch 13's round, docs/builder.md): a shop theme's
 * "product-footer" holds the product's own attributes; Arabic-script labels carry short vowels
 * on one page and not the next; the Arabic comma separates names; an event's "date" is when it
 * takes place and a job ad's when it was posted; a weekday may open a date.
 */
import { describe, expect, it } from 'vitest';
import { resolveField } from '../../src/builder/knowledge/index.js';
import { fold, type PageInput } from '../../src/recipe/extract/index.js';
import { inducedOn } from './fixtures.js';

interface Book {
  title: string;
  authors: string;
  publisher: string;
  /** The label of the year row as this page writes it. */
  yearLabel: string;
  year: string;
}

function bookPage(id: string, b: Book, footerClass = 'product-footer'): PageInput {
  const row = (label: string, value: string) => `<tr><th>${label}</th><td><p>${value}</p></td></tr>`;
  const text = `<!doctype html><html lang="ur" dir="rtl"><head><title>${b.title} | کتاب گھر</title></head><body>
    <header class="site-header"><a href="/">کتاب گھر</a></header>
    <main><div class="product"><h1>${b.title}</h1><p class="price">₨ 1,200</p></div>
    <div class="${footerClass}"><table class="shop_attributes">${row('مصنف', b.authors)}${row('ناشر', b.publisher)}${row(b.yearLabel, b.year)}</table></div></main>
    <footer class="site-footer"><p>کتاب گھر، لاہور</p></footer></body></html>`;
  return { url: `https://kitab.example/product/${id}`, contentType: 'text/html', text };
}

describe('written forms', () => {
  const training = [
    bookPage('1', { title: 'اداس نسلیں', authors: 'عبداللہ حسین', publisher: 'سنگ میل', yearLabel: 'سنِ اشاعت', year: '2019' }),
    bookPage('2', { title: 'راجہ گدھ', authors: 'بانو قدسیہ', publisher: 'مکتبہ', yearLabel: 'سن اشاعت', year: '2017' }),
  ];
  const heldOut = bookPage('3', { title: 'نصاب', authors: 'ڈاکٹر نسیم اختر، پروفیسر عارف محمود', publisher: 'علمی کتاب خانہ', yearLabel: 'سنِ اشاعت', year: '2023' });

  it("reads the attributes a theme puts in the product's own footer", () => {
    expect(inducedOn(training, ['publisher'], heldOut, 'book').publisher).toBe('علمی کتاب خانہ');
  });

  it("does not read the page's footer as the product's", () => {
    const inSiteFooter = training.map((p) => ({ ...p, text: p.text.replace('class="product-footer"', 'class="site-footer"') }));
    expect(inducedOn(inSiteFooter, ['publisher'], { ...heldOut, text: heldOut.text.replace('class="product-footer"', 'class="site-footer"') }, 'book').publisher).toBeNull();
  });

  it('matches a label written with and without Arabic short vowels', () => {
    expect(fold('سنِ اشاعت')).toBe(fold('سن اشاعت'));
    expect(inducedOn(training, ['year'], heldOut, 'book').year).toBe(2023);
  });

  it('splits authors at the Arabic comma', () => {
    expect(inducedOn(training, ['author'], heldOut, 'book').author).toEqual(['ڈاکٹر نسیم اختر', 'پروفیسر عارف محمود']);
  });

  it("resolves a bare date by the vertical: an event's start, a job's posting", () => {
    expect(resolveField('date', undefined, 'event').concept.id).toBe('start_date');
    expect(resolveField('date', undefined, 'job').concept.id).toBe('date_posted');
    expect(resolveField('date').concept.id).toBe('date_published');
  });
});

function eventPage(id: string, title: string, shown: string, iso: string): PageInput {
  const ld = { '@context': 'https://schema.org', '@type': 'MusicEvent', name: title, startDate: iso };
  const text = `<!doctype html><html lang="mk"><head><title>${title}</title><script type="application/ld+json">${JSON.stringify(ld)}</script></head>
    <body><main><h1>${title}</h1><dl><div><dt>Датум</dt><dd><time datetime="${iso.slice(0, 10)}">${shown}</time></dd></div><div><dt>Почеток</dt><dd>21:00</dd></div></dl></main></body></html>`;
  return { url: `https://nastani.example/e/${id}`, contentType: 'text/html', text };
}

describe('dates with a weekday', () => {
  it("reads an event's date as the page writes it, weekday first", () => {
    const training = [eventPage('1', 'Џез вечер', 'петок, 12 септември 2025', '2025-09-12T21:00:00+02:00'), eventPage('2', 'Рок ноќ', 'сабота, 20 септември 2025', '2025-09-20T20:30:00+02:00')];
    const heldOut = eventPage('3', 'Концерт', 'недела, 5 октомври 2025', '2025-10-05T19:00:00+02:00');
    expect(inducedOn(training, ['date'], heldOut, 'event').date).toBe('недела, 5 октомври 2025');
  });
});

/**
 * What a reader of the page copies (batch 15's round, docs/builder.md): structured data in another
 * script than the page (an English name over a Sinhala heading, Łacinka authors over Cyrillic
 * ones) loses to what the page shows (in the same script, an SEO name, it stays first: the
 * corpus-wide recipes' truth, checked by bench/extract-offline.ts). A
 * hyphenated ISBN the page prints, a date without its year, and a plugin's type name where a
 * value belongs.
 */
import { describe, expect, it } from 'vitest';
import { evaluateExtraction, type PageInput } from '../../src/recipe/extract/index.js';
import { inducedOn } from './fixtures.js';

interface Item {
  shown: string;
  structured: string;
}

function productPage(id: string, title: Item): PageInput {
  const ld = { '@context': 'https://schema.org', '@type': 'Product', name: title.structured, offers: { '@type': 'Offer', price: '1000', priceCurrency: 'LKR' } };
  const text = `<!doctype html><html lang="si"><head><title>${title.shown} | කඩේ.lk</title><script type="application/ld+json">${JSON.stringify(ld)}</script></head>
    <body><header><a href="/">කඩේ.lk</a></header><main><h1>${title.shown}</h1><p class="price">රු. 1,000</p></main><footer>© කඩේ.lk</footer></body></html>`;
  return { url: `https://kadey.example/p/${id}`, contentType: 'text/html', text };
}

interface Book {
  authors: Item;
  isbn: Item;
}

function bookPage(id: string, b: Book): PageInput {
  const ld = { '@context': 'https://schema.org', '@type': 'Book', name: `Кніга ${id}`, author: { '@type': 'Person', name: b.authors.structured }, isbn: b.isbn.structured };
  const text = `<!doctype html><html lang="be"><head><title>Кніга ${id}</title><script type="application/ld+json">${JSON.stringify(ld)}</script></head>
    <body><main><h1>Кніга ${id}</h1><div class="field"><div class="field__label">Аўтар</div><div class="field__item"><a href="/a/${id}">${b.authors.shown}</a></div></div>
    <div class="field"><div class="field__label">ISBN</div><div class="field__item">${b.isbn.shown}</div></div></main></body></html>`;
  return { url: `https://palichka.example/book/${id}`, contentType: 'text/html', text };
}

describe('what the page shows against structured data', () => {
  it("takes the page's heading over a product name in another script", () => {
    const training = [
      productPage('1', { shown: 'Samsung 253L ද්විත්ව දොර ශීතකරණය RT28', structured: 'Samsung 253L Double Door Refrigerator RT28' }),
      productPage('2', { shown: 'Singer 8kg රෙදි සෝදන යන්ත්‍රය FLW8', structured: 'Singer 8kg Washing Machine FLW8' }),
    ];
    const heldOut = productPage('3', { shown: 'Panasonic රයිස් කුකර් 1.8L', structured: 'Panasonic Rice Cooker 1.8L' });
    expect(inducedOn(training, ['title'], heldOut, 'product').title).toBe('Panasonic රයිස් කුකර් 1.8L');
  });

  it('takes the shown Cyrillic author over a Latin transliteration, and the ISBN as printed', () => {
    const training = [
      bookPage('1', { authors: { shown: 'Уладзімір Караткевіч', structured: 'Uładzimir Karatkievič' }, isbn: { shown: '978-985-02-1234-4', structured: '9789850212344' } }),
      bookPage('2', { authors: { shown: 'Васіль Быкаў', structured: 'Vasil Bykaŭ' }, isbn: { shown: '978-985-7165-11-7', structured: '9789857165117' } }),
    ];
    const heldOut = bookPage('3', { authors: { shown: 'Якуб Колас', structured: 'Jakub Kołas' }, isbn: { shown: '978-985-7218-39-4', structured: '9789857218394' } });
    const read = inducedOn(training, ['author', 'isbn'], heldOut, 'book');
    expect(read.author).toEqual(['Якуб Колас']);
    expect(read.isbn).toBe('978-985-7218-39-4');
  });

  it("takes the employer an element named after it shows over the JSON-LD's English name, and a year-first date", () => {
    const jobPage = (id: string, job: { employer: Item; posted: Item }): PageInput => {
      const ld = { '@context': 'https://schema.org', '@type': 'JobPosting', title: `पद ${id}`, hiringOrganization: { '@type': 'Organization', name: job.employer.structured }, datePosted: job.posted.structured };
      return {
        url: `https://jagir.example/job/${id}`,
        contentType: 'text/html',
        text: `<html lang="ne"><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body><main>
          <h1>पद ${id}</h1><a href="/org/${id}" class="company-name">${job.employer.shown}</a>
          <dl class="row"><dt>प्रकाशित मिति</dt><dd>${job.posted.shown}</dd><dt>तह</dt><dd>प्रारम्भिक</dd></dl></main></body></html>`,
      };
    };
    const training = [
      jobPage('1', { employer: { shown: 'हिमालयन टेक्नोलोजिज प्रा. लि.', structured: 'Himalayan Technologies Pvt. Ltd.' }, posted: { shown: '२०८२ असोज ५', structured: '2025-09-21' } }),
      jobPage('2', { employer: { shown: 'नेपाल कृषि सहकारी संघ लि.', structured: 'Nepal Agriculture Cooperative Federation Ltd.' }, posted: { shown: '२०८२ भदौ २८', structured: '2025-09-13' } }),
    ];
    const heldOut = jobPage('3', { employer: { shown: 'सगरमाथा सामुदायिक अस्पताल', structured: 'Sagarmatha Community Hospital' }, posted: { shown: '२०८२ असोज २', structured: '2025-09-18' } });
    const read = inducedOn(training, ['company', 'date_posted'], heldOut, 'job');
    expect(read.company).toBe('सगरमाथा सामुदायिक अस्पताल');
    expect(read.date_posted).toBe('२०८२ असोज २');
  });

  it("takes an event listing's date written without its year over the structured ISO date", () => {
    const eventPage = (id: string, shown: string, iso: string): PageInput => ({
      url: `https://arsiul.example/e/${id}`,
      contentType: 'text/html',
      text: `<html lang="ga"><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Event', name: `Ceolchoirm ${id}`, startDate: iso })}</script></head>
        <body><h1>Ceolchoirm ${id}</h1><dl><dt>Dáta:</dt><dd><abbr title="${iso.slice(0, 10)}">${shown}</abbr></dd><dt>Am:</dt><dd>20:00</dd></dl></body></html>`,
    });
    const training = [eventPage('1', 'Dé hAoine 12 Meán Fómhair', '2025-09-12T20:00:00+01:00'), eventPage('2', 'Dé Sathairn 20 Meán Fómhair', '2025-09-20T21:00:00+01:00')];
    expect(inducedOn(training, ['date'], eventPage('3', 'Dé hAoine 3 Deireadh Fómhair', '2025-10-03T20:00:00+01:00'), 'event').date).toBe('Dé hAoine 3 Deireadh Fómhair');
  });

  it("reads no performer from a plugin's type name where the value belongs", () => {
    const page: PageInput = {
      url: 'https://arsiul.example/e/1',
      contentType: 'text/html',
      text: `<script type="application/ld+json">${JSON.stringify({ '@type': 'Event', name: 'Céilí', performer: 'Organization' })}</script><p>Céilí</p>`,
    };
    const field = { sources: [{ jsonld: { type: 'Event', path: 'performer' } }], many: true };
    expect(evaluateExtraction({ kind: 'value', field } as never, page)).toEqual([]);
  });
});

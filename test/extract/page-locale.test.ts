/**
 * The page's locale decides what a value's text leaves open: a currency sign several currencies
 * share, a separator before three digits, a numeric date's order, a month word two languages
 * share. One test per signal, each through the extraction evaluator on a small written page, and
 * each naming the signal that decided (PageLocale.from, CurrencyReading.decidedBy).
 */
import { describe, expect, it } from 'vitest';
import { createPageContext, evaluateExtraction, readCurrency, readPageLocale, regionOfHost, type PageInput } from '../../src/recipe/extract/index.js';
import type { Extraction } from '../../src/recipe/index.js';

const page = (body: string, { head = '', lang = '', url = 'http://127.0.0.1/p/1' } = {}): PageInput => ({
  url,
  contentType: 'text/html',
  text: `<!DOCTYPE html><html${lang ? ` lang="${lang}"` : ''}><head><title>T</title>${head}</head><body>${body}</body></html>`,
});

const priceFields = {
  kind: 'object',
  fields: {
    price: { sources: [{ css: '.price' }], transforms: [{ op: 'currency_amount' }] },
    currency: { sources: [{ css: '.price' }], transforms: [{ op: 'currency_code' }] },
  },
} as unknown as Extraction;

const read = (p: PageInput): unknown => evaluateExtraction(priceFields, p);
const PESOS = '<p class="price">$ 19.990</p>';

describe('the page locale decides a shared currency sign', () => {
  it('without a signal "$" reads as US dollars', () => {
    expect(read(page(PESOS))).toEqual({ price: 19990, currency: 'USD' });
    expect(readPageLocale(createPageContext(page(PESOS))).from).toEqual({});
  });

  it('html lang: a Chilean page', () => {
    const p = page(PESOS, { lang: 'es-CL' });
    expect(read(p)).toEqual({ price: 19990, currency: 'CLP' });
    const locale = readPageLocale(createPageContext(p));
    expect(locale).toMatchObject({ language: 'es', region: 'CL', from: { language: 'html_lang', region: 'html_lang' } });
    expect(readCurrency('$ 19.990', locale)).toEqual({ code: 'CLP', sign: '$', decidedBy: 'html_lang' });
  });

  it('og:locale: a Taiwanese page', () => {
    const p = page('<p class="price">$1,290</p>', { head: '<meta property="og:locale" content="zh_TW">' });
    expect(read(p)).toEqual({ price: 1290, currency: 'TWD' });
    expect(readPageLocale(createPageContext(p)).from.region).toBe('og_locale');
  });

  it('hreflang: the alternate link naming this very page (not the others)', () => {
    const head = '<link rel="alternate" hreflang="en-US" href="http://127.0.0.1/en/p/1"><link rel="alternate" hreflang="es-AR" href="/p/1">';
    const p = page(PESOS, { head });
    expect(read(p)).toEqual({ price: 19990, currency: 'ARS' });
    expect(readPageLocale(createPageContext(p)).from.region).toBe('hreflang');
  });

  it('the host\'s country domain: a Norwegian shop\'s "kr"', () => {
    const p = page('<p class="price">1 299 kr</p>', { url: 'https://butikk.example.no/p/1' });
    expect(read(p)).toEqual({ price: 1299, currency: 'NOK' });
    expect(readPageLocale(createPageContext(p)).from.region).toBe('tld');
    expect(regionOfHost('https://shop.co.uk/x')).toBe('GB');
    expect(regionOfHost('https://brand.io/x')).toBeNull();
    expect(regionOfHost('http://127.0.0.1/x')).toBeNull();
  });

  it('JSON-LD priceCurrency elsewhere on the page: a Mexican shop\'s "$"', () => {
    const ld = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"X","offers":{"@type":"Offer","priceCurrency":"MXN"}}</script>';
    const p = page('<p class="price">$ 1,299</p>', { head: ld });
    expect(read(p)).toEqual({ price: 1299, currency: 'MXN' });
    const locale = readPageLocale(createPageContext(p));
    expect(locale.from.currency).toBe('price_currency');
    expect(readCurrency('$ 1,299', locale)?.decidedBy).toBe('price_currency');
  });

  it('the country goes before a language without one: "es" alone says nothing of "$"', () => {
    expect(read(page(PESOS, { lang: 'es' }))).toEqual({ price: 19990, currency: 'USD' });
    expect(read(page(PESOS, { lang: 'es', url: 'https://tienda.example.cl/p/1' }))).toEqual({ price: 19990, currency: 'CLP' });
  });
});

describe('the page locale decides separators and dates', () => {
  it('number format: the page\'s own prices say whether "12.500" is twelve and a half or twelve thousand', () => {
    const pointPage = page('<p class="price">$12.500</p><p>Was $1,299.00</p><p>Save $1,050.00</p>');
    expect(read(pointPage)).toMatchObject({ price: 12.5 });
    expect(readPageLocale(createPageContext(pointPage))).toMatchObject({ decimal: '.', from: { decimal: 'number_format' } });
    const commaPage = page('<p class="price">$12.500</p><p>Antes $1.299,00</p><p>Ahorra $1.050,00</p>');
    expect(read(commaPage)).toMatchObject({ price: 12500 });
    // Without the page's own prices, the reading of prices stays: a dot before three digits groups.
    expect(read(page('<p class="price">$12.500</p>'))).toMatchObject({ price: 12500 });
  });

  it('a currency with three decimal places reads its amounts so (KWD)', () => {
    expect(read(page('<p class="price">423.923 KWD</p>'))).toEqual({ price: 423.923, currency: 'KWD' });
  });

  it('date order: month first on a US page, day first on a British one', () => {
    const date = { kind: 'value', field: { sources: [{ css: 'time' }], transforms: [{ op: 'iso_date' }] } } as unknown as Extraction;
    expect(evaluateExtraction(date, page('<time>03/04/2021</time>', { lang: 'en-US' }))).toBe('2021-03-04');
    expect(evaluateExtraction(date, page('<time>03/04/2021</time>', { lang: 'en-GB' }))).toBe('2021-04-03');
    expect(evaluateExtraction(date, page('<time>03/04/2021</time>'))).toBe('2021-04-03');
  });

  it('a month word two languages share reads in the page\'s language', () => {
    const date = { kind: 'value', field: { sources: [{ css: 'time' }], transforms: [{ op: 'iso_date' }] } } as unknown as Extraction;
    expect(evaluateExtraction(date, page('<time>5 listopad 2020</time>', { lang: 'hr' }))).toBe('2020-10-05');
    expect(evaluateExtraction(date, page('<time>5 listopad 2020</time>', { lang: 'pl' }))).toBe('2020-11-05');
  });
});

/**
 * Field confidence (issue 25 point 6, src/builder/field-confidence.ts) on small written shop
 * pages: a field every page shows and every kind of source agrees on scores high; one found on
 * one page of three, or whose sources disagree, scores low.
 */
import { describe, expect, it } from 'vitest';
import { induceDetailExtraction } from '../../src/builder/induce/index.js';
import { confidenceScore, fieldConfidenceOf, refreshFieldConfidence, SINGLE_SOURCE } from '../../src/builder/field-confidence.js';
import { evaluateExtraction, type PageInput } from '../../src/recipe/extract/index.js';
import type { EndpointRecipe } from '../../src/recipe/types.js';

interface Item {
  name: string;
  brand: string;
  /** The brand the JSON-LD states (a stale feed), when it differs from the printed one. */
  ldBrand?: string;
  gtin?: string;
}

const shopPage = (id: string, item: Item): PageInput => ({
  url: `https://shop.example/p/${id}`,
  contentType: 'text/html',
  text: `<!doctype html><html lang="en"><head><title>${item.name} | Shop</title>
    <script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: item.name, brand: { '@type': 'Brand', name: item.ldBrand ?? item.brand } })}</script></head>
    <body><div class="cookie-banner">We use cookies. <button>Accept</button></div>
    <nav class="menu"><a href="/">Home</a> <a href="/sale">Sale</a></nav>
    <main><h1>${item.name}</h1>
      <table class="specs"><tr><th>Brand</th><td>${item.brand}</td></tr>
      ${item.gtin ? `<tr><th>EAN</th><td>${item.gtin}</td></tr>` : ''}<tr><th>Colour</th><td>Grey</td></tr></table>
      <button class="add">Add to basket</button></main>
    <footer>© Shop Ltd · <a href="/contact">Contact</a></footer></body></html>`,
});

/** Induce on the pages, test on the same pages (as the build's tests do), and score each field. */
function confidenceOn(pages: PageInput[], fields: string[]) {
  const { extraction, report } = induceDetailExtraction({ pages, fields: fields.map((name) => ({ name })), vertical: 'product' });
  const endpoint: EndpointRecipe = {
    name: 'get_product',
    method: 'GET',
    description: '',
    input_params: { type: 'object' },
    return_schema: { type: 'object' },
    sample_inputs: {},
    steps: [{ type: 'request', url: '{url}' }, { type: 'extract', extract: extraction }],
  };
  const outcomes = pages.map((p) => ({ params: {}, heldOut: false, ok: true, records: [evaluateExtraction(extraction, p) as Record<string, unknown>] }));
  const evidence = Object.fromEntries(report.map((r) => [r.field, r.evidence]));
  return fieldConfidenceOf(endpoint, { outcomes }, evidence);
}

const items: Item[] = [
  { name: 'Kettle Alpha', brand: 'Bosch', gtin: '4006381333931' },
  { name: 'Mug Beta', brand: 'Villeroy', gtin: '4012345678901' },
  { name: 'Plate Gamma', brand: 'Rosenthal', gtin: '5901234123457' },
];

describe('field confidence', () => {
  it('is high for a field every page shows and its sources agree on', () => {
    const c = confidenceOn(items.map((it, i) => shopPage(String(i), it)), ['title', 'brand']);
    expect(c.brand.coverage).toBe(1);
    expect(c.brand.agreement).toBe(1);
    expect(c.brand.score).toBeGreaterThanOrEqual(0.8);
    expect(c.brand.pages).toBe(3);
    expect(c.brand.from).toMatch(/\S/);
    expect(c.title.score).toBeGreaterThanOrEqual(0.8);
  });

  it('is low for a field found on one page of three', () => {
    const pages = items.map((it, i) => shopPage(String(i), i === 0 ? it : { ...it, gtin: undefined }));
    const c = confidenceOn(pages, ['brand', 'gtin13']);
    expect(c.gtin13.coverage).toBeCloseTo(1 / 3, 2);
    expect(c.gtin13.score).toBeLessThan(0.5);
    expect(c.brand.score).toBeGreaterThanOrEqual(0.8);
  });

  it('is low when the sources disagree (the printed brand is not the one the structured data states)', () => {
    const stale = ['Siemens', 'Rosti', 'Arzberg'];
    const c = confidenceOn(items.map((it, i) => shopPage(String(i), { ...it, ldBrand: stale[i] })), ['brand']);
    expect(c.brand.coverage).toBe(1);
    expect(c.brand.agreement).toBe(0);
    expect(c.brand.score).toBeLessThan(0.5);
  });

  it('after a revision: a field read from the same source keeps its agreement and moves with its coverage; a new source starts afresh', () => {
    const endpoint: EndpointRecipe = {
      name: 'get_book',
      method: 'GET',
      description: '',
      input_params: { type: 'object' },
      return_schema: { type: 'object' },
      sample_inputs: {},
      steps: [{ type: 'request', url: '{url}' }, { type: 'extract', extract: { kind: 'object', fields: { title: { sources: [{ css: 'h1' }] }, price: { sources: [{ css: '.now' }] } } } }],
      field_confidence: { title: { score: 0.9, from: 'css h1', coverage: 1, agreement: 1, pages: 4 }, price: { score: 0.4, from: 'css .was', coverage: 1, agreement: 0, pages: 4 } },
    };
    const record = (title: string | null, price: number) => ({ params: {}, heldOut: false, ok: true, records: [{ title, price }] });
    refreshFieldConfidence(endpoint, { outcomes: [record('Dune', 9.5), record(null, 12), record('Emma', 7), record(null, 8)] });
    expect(endpoint.field_confidence!.title).toEqual({ score: 0.45, from: 'css h1', coverage: 0.5, agreement: 1, pages: 4 });
    expect(endpoint.field_confidence!.price).toEqual({ score: SINGLE_SOURCE, from: 'css .now', coverage: 1, pages: 4 });
  });

  it('scores coverage x fit x agreement, a lone source between confirmed and contradicted', () => {
    expect(confidenceScore(1, 1, 1)).toBe(1);
    expect(confidenceScore(1, 1, undefined)).toBe(SINGLE_SOURCE);
    expect(confidenceScore(1, 1, 0)).toBeLessThan(0.5);
    expect(confidenceScore(1 / 3, 1, 1)).toBeLessThan(0.5);
  });
});

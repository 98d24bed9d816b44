/**
 * The candidate cache (InduceInput.candidateCache) the ablation bench shares between runs: each
 * rule switched off in turn gives the same extraction with the cache as without it (rules work on
 * copies of the cached candidates, so one run's scores never leak into the next).
 */
import { describe, expect, it } from 'vitest';
import { induceDetailExtraction } from '../../src/builder/induce/index.js';
import { RULES } from '../../src/builder/induce/rules.js';
import type { PageInput } from '../../src/recipe/extract/index.js';

const page = (id: string, title: string, was: string, now: string, brand: string): PageInput => ({
  url: `https://shop.example/p/${id}`,
  contentType: 'text/html',
  text: `<!doctype html><html><head><title>${title} | Shop</title><script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: title,
    brand: { '@type': 'Brand', name: 'Shop' },
    offers: { '@type': 'Offer', price: was, priceCurrency: 'EUR' },
  })}</script></head><body><nav class="menu"><a href="/">Home</a></nav><main><h1>${title} – Angebot</h1>
    <div class="prices"><del>${was} €</del> <span class="now">${now} €</span></div><p class="brand">Marke: ${brand}</p>
    <ul class="features"><li>2 l, steel</li><li>Auto off, boil-dry</li></ul></main><footer>© Shop</footer></body></html>`,
});

describe('candidate cache', () => {
  it('gives every ablated run the extraction it gets without the cache', () => {
    const pages = [page('1', 'Kettle Alpha', '49.90', '39.90', 'Bosch'), page('2', 'Mug Beta', '12.00', '9.50', 'Villeroy'), page('3', 'Plate Gamma', '30.00', '24.00', 'Rosenthal')];
    const fields = ['title', 'price', 'brand', 'features'].map((name) => ({ name }));
    const candidateCache = new Map();
    const runs = [[], ...RULES.map((r) => [r.name])];
    for (const rulesOff of [...runs, ...runs]) {
      const cached = induceDetailExtraction({ pages, fields, vertical: 'product', rulesOff, candidateCache });
      const fresh = induceDetailExtraction({ pages, fields, vertical: 'product', rulesOff });
      expect(cached.extraction, rulesOff.join()).toEqual(fresh.extraction);
      expect(cached.report.map((r) => r.trace), rulesOff.join()).toEqual(fresh.report.map((r) => r.trace));
    }
    expect(candidateCache.size).toBe(fields.length);
  });
});

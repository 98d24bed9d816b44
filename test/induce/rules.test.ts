/**
 * The rule list (src/builder/induce/rules.ts): each rule on small written pages, with the value it
 * gets right and the wrong one induction gives with that rule switched off (`rulesOff`), and the
 * per-field decision trace.
 */
import { describe, expect, it } from 'vitest';
import { induceDetailExtraction } from '../../src/builder/induce/index.js';
import { RULES } from '../../src/builder/induce/rules.js';
import { evaluateExtraction, type PageInput } from '../../src/recipe/extract/index.js';

const page = (id: string, title: string, body: string, ld?: Record<string, unknown>): PageInput => ({
  url: `https://shop.example/p/${id}`,
  contentType: 'text/html',
  text: `<!doctype html><html><head><title>${title} | Shop</title>${ld ? `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...ld })}</script>` : ''}</head>
    <body><nav class="menu"><a href="/">Home</a></nav><main><h1>${title}</h1>${body}</main><footer>© Shop</footer></body></html>`,
});

const induce = (training: PageInput[], fields: string[], vertical: string, rulesOff: string[] = []) =>
  induceDetailExtraction({ pages: training, fields: fields.map((name) => ({ name })), vertical, rulesOff });

const value = (training: PageInput[], field: string, vertical: string, heldOut: PageInput, rulesOff: string[] = []): unknown =>
  (evaluateExtraction(induce(training, [field], vertical, rulesOff).extraction, heldOut) as Record<string, unknown>)[field];

/** A sale page whose JSON-LD still states the former price, struck out on the page. */
const sale = (id: string, title: string, was: string, now: string): PageInput =>
  page(id, title, `<div class="prices"><del>${was} €</del> <span class="now">${now} €</span></div>`, {
    '@type': 'Product',
    name: title,
    offers: { '@type': 'Offer', price: was, priceCurrency: 'EUR' },
  });

describe('rules', () => {
  it('have unique names and say what they prefer', () => {
    expect(new Set(RULES.map((r) => r.name)).size).toBe(RULES.length);
    for (const r of RULES) expect(r.prefers.length).toBeGreaterThan(10);
  });

  it('struck-prices: the price shown plainly, not the struck one structured data still states', () => {
    const training = [sale('1', 'Kettle Alpha', '49.90', '39.90'), sale('2', 'Mug Beta', '12.00', '9.50')];
    const heldOut = sale('3', 'Plate Gamma', '30.00', '24.00');
    expect(value(training, 'price', 'product', heldOut)).toBe(24);
    // Without the rule the stale structured price goes first (only the page's markup then saves it).
    const first = (off: string[]) => induce(training, ['price'], 'product', off).extraction.fields.price.sources[0];
    expect(first([])).toEqual({ css: 'span.now' });
    expect(first(['struck-prices'])).toHaveProperty('jsonld');
  });

  it('trace: lists the candidates, the rules that changed them and the winner', () => {
    const training = [sale('1', 'Kettle Alpha', '49.90', '39.90'), sale('2', 'Mug Beta', '12.00', '9.50')];
    const [report] = induce(training, ['price'], 'product').report;
    const trace = report.trace!;
    expect(trace.candidates.length).toBeGreaterThan(1);
    const struck = trace.fired.find((f) => f.rule === 'struck-prices');
    expect(struck?.changed.some((c) => /Offer\.price|offers/.test(c.candidate) && c.to < c.from)).toBe(true);
    expect(trace.winner[0]).toBe(trace.candidates[0].candidate);
    expect(trace.winner[0]).not.toMatch(/jsonld/i);
    const off = induce(training, ['price'], 'product', ['struck-prices']).report[0].trace!;
    expect(off.fired.map((f) => f.rule)).not.toContain('struck-prices');
  });
});

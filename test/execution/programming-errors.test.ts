/**
 * The execution path swallows only the failures it expects (errors/expected.ts): a selector
 * the engine cannot parse or a pattern that does not compile reads as "nothing there", while a
 * programming error surfaces as a 500 with a log line instead of a missing field. A balance the
 * database cannot give is left out of the answer (and logged), never sent as a false 0.
 *
 * The programming error is injected by wrapping the real PageContext.query so that one marker
 * selector throws a TypeError, as a bug in the selector engine's caller would.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { sql } from 'kysely';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { PageContext } from '../../src/recipe/extract/page-context.js';
import { evaluateFieldOnPage } from '../../src/recipe/extract/evaluate.js';
import { RECIPE_FORMAT, type EndpointRecipe, type Recipe } from '../../src/recipe/types.js';

const FAULT = '.fault-marker';
const PAGE = `<!DOCTYPE html><html><body>
<div class="cookie-banner">We use cookies <button>Accept</button></div>
<nav><a href="/">Home</a> <a href="/logout">Sign out</a></nav>
<main><h1>Sapiens</h1>
<table class="fault-marker"><tr><th>UPC</th><td>a22124811bfa8350</td></tr></table>
<ul class="fault-marker"><li>One</li><li>Two</li></ul>
<p class="price">£19.99</p></main>
<footer>© Bookshop</footer></body></html>`;

function endpoint(name: string, extract: EndpointRecipe['steps'][number]): EndpointRecipe {
  return {
    name,
    method: 'POST',
    description: `Reads the book page (${name})`,
    input_params: { type: 'object', properties: {} },
    return_schema: { type: 'object' },
    sample_inputs: {},
    steps: [{ type: 'request', url: '/book' }, extract],
  };
}

function recipe(base: string): Recipe {
  const title = { sources: [{ css: 'h1' }], required: true };
  return {
    format: RECIPE_FORMAT,
    name: 'Bookshop',
    description: 'One book page',
    source_url: `${base}/`,
    endpoints: [
      // evaluate.ts selectAll: the items of a list
      endpoint('list_items', { type: 'extract', extract: { kind: 'list', items: `${FAULT} li`, fields: { name: { sources: [{ css: 'li' }] } } } }),
      // sources.ts selectElements: a css source
      endpoint('css_field', { type: 'extract', extract: { kind: 'object', fields: { title, note: { sources: [{ css: FAULT }] } } } }),
      // sources.ts labelMatches: a label's scope
      endpoint('label_scope', { type: 'extract', extract: { kind: 'object', fields: { title, upc: { sources: [{ label: 'UPC', scope: FAULT }] } } } }),
    ],
  };
}

describe('programming errors on the execution path', () => {
  let t: TestApp;
  let site: FixtureSite;
  let u: TestUser;
  let id: string;
  const lines: string[] = [];

  beforeAll(async () => {
    site = await startFixtureSite([['/book', PAGE]]);
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    t = await startTestApp({ logger });
    u = await t.user('developer');
    const made = await t.call('POST', '/scrapers', { key: u.key, body: recipe(site.url) });
    expect(made.statusCode, made.body).toBe(201);
    id = made.json().scraper_id;
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    lines.length = 0;
  });

  const injectBug = () => {
    const real = PageContext.prototype.query;
    vi.spyOn(PageContext.prototype, 'query').mockImplementation(function (this: PageContext, selector, scope) {
      if (selector.includes(FAULT)) throw new TypeError("Cannot read properties of undefined (reading 'children')");
      return real.call(this, selector, scope);
    });
  };

  it('the recipe runs as written without the injected bug', async () => {
    const res = await t.call('POST', `/scraper/${id}/label_scope`, { key: u.key, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ title: 'Sapiens', upc: 'a22124811bfa8350' });
  });

  for (const name of ['list_items', 'css_field', 'label_scope']) {
    it(`${name}: a TypeError while selecting is a 500 with a log line, not a missing field`, async () => {
      injectBug();
      const res = await t.call('POST', `/scraper/${id}/${name}`, { key: u.key, body: {} });
      expect(res.statusCode, res.body).toBe(500);
      expect(res.json().error).toMatchObject({ status: 'error', kind: 'scraper_bug' });
      expect(res.headers['x-credits-charged']).toBe('0');
      const logged = lines.map((l) => JSON.parse(l) as { msg: string; err?: { type?: string; message?: string } });
      expect(logged.find((l) => l.msg === 'scraper crashed')?.err).toMatchObject({ type: 'TypeError' });
    });
  }

  it('a selector the engine cannot parse and a pattern that does not compile still read as missing', () => {
    const page = { url: 'https://shop.example/book', contentType: 'text/html', text: PAGE };
    expect(evaluateFieldOnPage({ sources: [{ css: 'p[' }] }, page)).toBeNull();
    expect(evaluateFieldOnPage({ sources: [{ label: 'UPC', scope: 'table[' }] }, page)).toBeNull();
    expect(evaluateFieldOnPage({ sources: [{ regex: '£(\\d+' }] }, page)).toBeNull();
    expect(evaluateFieldOnPage({ sources: [{ regex: '£([\\d.]+)' }] }, page)).toBe('19.99');
  });

  it('sources.ts regexMatches: a programming error (flags that are no string) surfaces', () => {
    const page = { url: 'https://shop.example/book', contentType: 'text/html', text: PAGE };
    const field = { sources: [{ regex: '£([\\d.]+)', flags: 5 as unknown as string }] };
    expect(() => evaluateFieldOnPage(field, page)).toThrow(/includes is not a function/);
  });

  it('a balance the database cannot give is left out of a failure and logged, never sent as 0', async () => {
    const kysely = t.runtime.deps.db.kysely;
    await sql`ALTER TABLE users RENAME COLUMN credits TO credits_unreadable`.execute(kysely);
    try {
      const res = await t.call('POST', `/scraper/${id}/css_field`, { key: u.key, body: {}, headers: { 'api-snapshot-version': 'x' } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['x-ratelimit-remaining']).toBeDefined();
      expect(res.headers['x-credits-charged']).toBe('0');
      expect(res.headers['x-credits-remaining']).toBeUndefined();
      expect(lines.some((l) => l.includes('credit balance unreadable'))).toBe(true);
    } finally {
      await sql`ALTER TABLE users RENAME COLUMN credits_unreadable TO credits`.execute(kysely);
    }
    const after = await t.call('POST', `/scraper/${id}/css_field`, { key: u.key, body: {}, headers: { 'api-snapshot-version': 'x' } });
    expect(after.headers['x-credits-remaining']).toMatch(/^\d+$/);
  });
});

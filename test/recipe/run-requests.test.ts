import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runEndpoint, type Step } from '../../src/recipe/index.js';
import { createCookieJar } from '../../src/fetch/index.js';
import type { Fetcher } from '../../src/fetch/types.js';
import { startBooksSite, type BooksSite } from './helpers/books-site.js';
import { createTestFetcher } from './helpers/fetcher.js';
import { oneEndpoint } from './helpers/recipes.js';

let site: BooksSite;
let fetcher: Fetcher;

beforeAll(async () => {
  site = await startBooksSite([
    // Answers what it received, as JSON.
    [/^\/echo/, (req, _res, url, body) => ({
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: req.method, path: url.pathname, query: [...url.searchParams], headers: req.headers, body }),
    })],
    ['/set-cookie', { headers: { 'set-cookie': 'sid=s3cret; Path=/' }, body: '<p>hello</p>' }],
    ['/not-json', { headers: { 'content-type': 'application/json' }, body: '<html>Maintenance</html>' }],
    ['/big-not-json', { headers: { 'content-type': 'application/json' }, body: 'é'.repeat(40_000) }],
    ['/pdf', { headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.4 fake' }],
  ]);
  fetcher = createTestFetcher();
});
afterAll(async () => {
  await fetcher.close();
  await site.close();
});
beforeEach(() => {
  site.requests.length = 0;
});

/** Reads the echo route's whole JSON answer into data. */
const echoed: Step = { type: 'extract', extract: { kind: 'value', field: { sources: [{ json: '$' }] } } };
type Echo = { method: string; path: string; query: Array<[string, string]>; headers: Record<string, string>; body: string };
const echo = (body: unknown) => (body as { data: Echo }).data;

const params = {
  type: 'object',
  properties: { q: { type: 'string' }, id: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } }, limit: { type: 'integer' }, opt: { type: 'string' } },
};

describe('request: URLs and templates', () => {
  it('percent-encodes path parameters once and query values once', async () => {
    const recipe = oneEndpoint(site.url, [{ type: 'request', url: '/echo/{q}/{id}', query: { q: '{q}', t: '{tags}', opt: '{opt}' } }, echoed], { params });
    const { body } = await runEndpoint(recipe, 'run', { q: 'a b&c/d?é', id: 7, tags: ['x', 'y z'] }, { fetcher });
    const seen = echo(body);
    expect(site.requests[0]!.path).toBe('/echo/a%20b%26c%2Fd%3F%C3%A9/7?q=a+b%26c%2Fd%3F%C3%A9&t=x&t=y+z');
    expect(seen.query).toEqual([['q', 'a b&c/d?é'], ['t', 'x'], ['t', 'y z']]);
  });

  it('inserts {+name} as is and resolves relative URLs against source_url', async () => {
    const recipe = oneEndpoint(site.url, [{ type: 'set', vars: { target: '/echo/x?from=set' } }, { type: 'request', url: '{+target}' }, echoed]);
    const { body } = await runEndpoint(recipe, 'run', {}, { fetcher });
    expect(echo(body)).toMatchObject({ path: '/echo/x', query: [['from', 'set']] });
  });

  it('sends recipe headers and step headers, templated, without line breaks', async () => {
    const recipe = oneEndpoint(site.url, [{ type: 'request', url: '/echo', headers: { 'X-Query': '{q}', 'Accept-Language': 'fr' } }, echoed], { params });
    recipe.headers = { 'accept-language': 'en', 'x-api': 'v2' };
    const { body } = await runEndpoint(recipe, 'run', { q: 'one\r\nx-injected: yes' }, { fetcher });
    const headers = echo(body).headers;
    expect(headers['x-query']).toBe('one x-injected: yes');
    expect(headers['x-injected']).toBeUndefined();
    expect(headers['accept-language']).toBe('fr');
    expect(headers['x-api']).toBe('v2');
  });
});

describe('request: bodies', () => {
  it('posts a JSON body whose lone placeholders keep their types and whose missing ones are left out', async () => {
    const recipe = oneEndpoint(site.url, [
      { type: 'request', url: '/echo', json: { query: '{q}', limit: '{limit}', opt: '{opt}', label: 'q={q}', fixed: [1, true] } },
      echoed,
    ], { params });
    const { body } = await runEndpoint(recipe, 'run', { q: 'dune', limit: 3 }, { fetcher });
    const seen = echo(body);
    expect(seen.method).toBe('POST');
    expect(seen.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen.body)).toEqual({ query: 'dune', limit: 3, label: 'q=dune', fixed: [1, true] });
  });

  it('posts a form body', async () => {
    const recipe = oneEndpoint(site.url, [{ type: 'request', url: '/echo', form: { q: '{q}', empty: '{opt}' } }, echoed], { params });
    const { body } = await runEndpoint(recipe, 'run', { q: 'a&b c' }, { fetcher });
    const seen = echo(body);
    expect(seen.method).toBe('POST');
    expect(seen.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen.body).toBe('q=a%26b+c&empty=');
  });

  it('uses the method a step names', async () => {
    const recipe = oneEndpoint(site.url, [{ type: 'request', url: '/echo', method: 'DELETE' }, echoed]);
    const { body } = await runEndpoint(recipe, 'run', {}, { fetcher });
    expect(echo(body).method).toBe('DELETE');
  });
});

describe('request: cookies, vars and shaping', () => {
  it('keeps cookies within one call and never across calls', async () => {
    const recipe = oneEndpoint(site.url, [{ type: 'request', url: '/set-cookie' }, { type: 'request', url: '/echo' }, echoed]);
    const first = await runEndpoint(recipe, 'run', {}, { fetcher });
    expect(echo(first.body).headers.cookie).toBe('sid=s3cret');
    const noCookieFirst = oneEndpoint(site.url, [{ type: 'request', url: '/echo' }, echoed]);
    const second = await runEndpoint(noCookieFirst, 'run', {}, { fetcher });
    expect(echo(second.body).headers.cookie).toBeUndefined();
  });

  it('uses the cookie jar it is given (a restored session) and hands it back', async () => {
    const cookieJar = createCookieJar();
    cookieJar.store(`${site.url}/`, ['session=restored; Path=/']);
    const recipe = oneEndpoint(site.url, [{ type: 'request', url: '/set-cookie' }, { type: 'request', url: '/echo' }, echoed]);
    const result = await runEndpoint(recipe, 'run', {}, { fetcher, cookieJar });
    expect(echo(result.body).headers.cookie).toBe('session=restored; sid=s3cret');
    expect(result.cookieJar).toBe(cookieJar);
  });

  it('extracts from a page kept in a var, into vars, and shapes the answer', async () => {
    const recipe = oneEndpoint(site.url, [
      { type: 'request', url: '/books', as: 'listing' },
      { type: 'request', url: '/books/5' },
      { type: 'extract', into: 'upc', extract: { kind: 'value', field: { sources: [{ label: 'UPC' }] } } },
      { type: 'extract', from: 'listing', extract: { kind: 'list', items: 'article.book', fields: { title: { sources: [{ css: 'a.title' }] } } } },
      { type: 'shape', limit: '{limit}', meta: { upc: '{upc}', status: '{listing.status}', nothing: '{opt}' } },
    ], { params });
    const { body } = await runEndpoint(recipe, 'run', { limit: 2 }, { fetcher });
    expect(body).toEqual({ status: 'success', data: [{ title: 'Book 1' }, { title: 'Book 2' }], meta: { upc: 'UPC-0005', status: 200 } });
  });

  it('keeps the whole list when the limit parameter is left out, and first unwraps it', async () => {
    const recipe = oneEndpoint(site.url, [
      { type: 'request', url: '/search', query: { q: '{q}' } },
      { type: 'extract', extract: { kind: 'list', items: 'article.book', fields: { title: { sources: [{ css: 'a.title' }] } } } },
      { type: 'shape', limit: '{limit}' },
    ], { params });
    const all = await runEndpoint(recipe, 'run', { q: 'Book 1' }, { fetcher });
    expect((all.body as { data: unknown[] }).data).toHaveLength(11);
    recipe.endpoints[0]!.steps.push({ type: 'shape', first: true });
    const one = await runEndpoint(recipe, 'run', { q: 'Book 1' }, { fetcher });
    expect(one.body).toEqual({ status: 'success', data: { title: 'Book 1' } });
  });

  it('answers input_not_found for an empty result when the shape asks', async () => {
    const recipe = oneEndpoint(site.url, [
      { type: 'request', url: '/search', query: { q: '{q}' } },
      { type: 'extract', extract: { kind: 'list', items: 'article.book', fields: { title: { sources: [{ css: 'a.title' }] } } } },
      { type: 'shape', first: true, not_found_if_empty: true },
    ], { params });
    await expect(runEndpoint(recipe, 'run', { q: 'zzz' }, { fetcher })).rejects.toMatchObject({
      code: 'input_not_found',
      fields: { url: `${site.url}/search?q=zzz` },
    });
  });

  it('answers data null when no step produced data', async () => {
    const recipe = oneEndpoint(site.url, [{ type: 'request', url: '/books' }]);
    expect((await runEndpoint(recipe, 'run', {}, { fetcher })).body).toEqual({ status: 'success', data: null });
  });
});

describe('generic fallback', () => {
  const jsonExtract: Step = { type: 'extract', extract: { kind: 'value', field: { sources: [{ json: 'a' }] } } };

  it('answers the raw body when a JSON page is not JSON', async () => {
    const recipe = oneEndpoint(site.url, [{ type: 'request', url: '/not-json' }, jsonExtract]);
    const result = await runEndpoint(recipe, 'run', {}, { fetcher });
    expect(result.fallback).toBe(true);
    expect(result.body).toEqual({ status: 'success', data: null, raw: '<html>Maintenance</html>', content_type: 'application/json' });
  });

  it('also when expect says json but the site sent HTML', async () => {
    const recipe = oneEndpoint(site.url, [{ type: 'request', url: '/books/1', expect: 'json' }, jsonExtract]);
    const { body } = await runEndpoint(recipe, 'run', {}, { fetcher });
    expect(body).toMatchObject({ data: null, content_type: 'text/html' });
  });

  it('cuts the raw body at 64 KiB without splitting a character', async () => {
    const recipe = oneEndpoint(site.url, [{ type: 'request', url: '/big-not-json' }, jsonExtract]);
    const { body } = await runEndpoint(recipe, 'run', {}, { fetcher });
    const raw = (body as { raw: string }).raw;
    expect(Buffer.byteLength(raw)).toBe(65_536);
    expect(raw).toBe('é'.repeat(32_768));
  });

  it('answers the raw body of a binary page where HTML was expected', async () => {
    const recipe = oneEndpoint(site.url, [{ type: 'request', url: '/pdf' }, { type: 'extract', extract: { kind: 'value', field: { sources: [{ css: 'h1' }] } } }]);
    const { body } = await runEndpoint(recipe, 'run', {}, { fetcher });
    expect(body).toEqual({ status: 'success', data: null, raw: '%PDF-1.4 fake', content_type: 'application/pdf' });
  });
});

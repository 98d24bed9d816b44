import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCookieJar, createFetcher, type Fetcher, type ResolvedAddress } from '../../src/fetch/index.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { quarryError, testConfig } from './helpers.js';

let site: FixtureSite;
let fetcher: Fetcher;
const lookups: string[] = [];

// Test host names resolve through this table; anything else is an unknown host.
const names: Record<string, string[]> = {
  'site.test': ['127.0.0.1'],
  'evil.test': ['10.0.0.5'],
  'mixed.test': ['127.0.0.1', '10.0.0.6'],
  'metadata.test': ['169.254.169.254'],
};
const resolver = async (host: string): Promise<ResolvedAddress[]> => {
  lookups.push(host);
  const found = names[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: 4 as const }));
};

beforeAll(async () => {
  site = await startFixtureSite([
    ['/start', { status: 301, headers: { location: '/dir/one' } }],
    ['/dir/one', { status: 302, headers: { location: '../two?x=1' } }],
    ['/two', (_req, _res, url) => ({ status: 307, headers: { location: `//127.0.0.1:${site.port}/end${url.search}` } })],
    ['/end', (req, _res, url, body) => ({ body: `${req.method} ${url.search} body=${body}` })],
    ['/post-303', { status: 303, headers: { location: '/echo' } }],
    ['/post-302', { status: 302, headers: { location: '/echo' } }],
    ['/post-307', { status: 307, headers: { location: '/echo' } }],
    ['/post-308', { status: 308, headers: { location: '/echo' } }],
    ['/echo', (req, _res, _url, body) => ({ body: JSON.stringify({ method: req.method, body, type: req.headers['content-type'] ?? null }) })],
    ['/loop', { status: 302, headers: { location: '/loop' } }],
    ['/to-private', { status: 302, headers: { location: 'http://10.0.0.1:81/' } }],
    ['/to-loopback-alias', () => ({ status: 302, headers: { location: `http://127.0.0.2:${site.port}/end` } })],
    ['/to-metadata', { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } }],
    ['/to-evil-name', { status: 302, headers: { location: 'http://evil.test/' } }],
    ['/to-file', { status: 302, headers: { location: 'file:///etc/passwd' } }],
    ['/no-location', { status: 302, body: 'moved somewhere' }],
    ['/set-and-go', { status: 302, headers: { location: '/whoami', 'set-cookie': 'session=abc; Path=/; HttpOnly' } }],
    ['/whoami', (req) => ({ body: `cookie=${req.headers.cookie ?? ''}` })],
    ['/cross-origin', () => ({ status: 302, headers: { location: `http://site.test:${site.port}/headers` } })],
    ['/headers', (req) => ({ body: JSON.stringify(req.headers) })],
  ]);
  fetcher = createFetcher(testConfig({ fetch: { maxRedirects: 5 } }), { resolver });
});

afterAll(async () => {
  await fetcher.close();
  await site.close();
});

describe('redirects', () => {
  it('follows a chain with relative and protocol-relative locations', async () => {
    const res = await fetcher.fetch({ url: `${site.url}/start` });
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${site.url}/end?x=1`);
    expect(res.text).toBe('GET ?x=1 body=');
    expect(res.redirects).toEqual([`${site.url}/start`, `${site.url}/dir/one`, `${site.url}/two?x=1`, `${site.url}/end?x=1`]);
  });

  it.each([
    ['/post-303', 'GET', ''],
    ['/post-302', 'GET', ''],
    ['/post-307', 'POST', 'a=1'],
    ['/post-308', 'POST', 'a=1'],
  ])('%s continues as %s', async (path, method, body) => {
    const res = await fetcher.fetch({
      url: `${site.url}${path}`,
      method: 'POST',
      body: 'a=1',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const seen = JSON.parse(res.text) as { method: string; body: string; type: string | null };
    expect(seen.method).toBe(method);
    expect(seen.body).toBe(body);
    expect(seen.type).toBe(method === 'GET' ? null : 'application/x-www-form-urlencoded');
  });

  it('stops a redirect loop at maxRedirects', async () => {
    const before = site.requests.filter((r) => r.path === '/loop').length;
    const err = await quarryError(fetcher.fetch({ url: `${site.url}/loop` }));
    expect(err.code).toBe('upstream_error');
    expect(err.fields).toMatchObject({ reason: 'too_many_redirects', upstream_status_code: 302 });
    expect(site.requests.filter((r) => r.path === '/loop').length - before).toBe(6); // the first + 5 redirects
  });

  it('returns a 3xx without Location as the answer', async () => {
    const res = await fetcher.fetch({ url: `${site.url}/no-location` });
    expect(res.status).toBe(302);
    expect(res.text).toBe('moved somewhere');
  });

  it('keeps cookies set during a redirect', async () => {
    const jar = createCookieJar();
    const res = await fetcher.fetch({ url: `${site.url}/set-and-go`, cookieJar: jar });
    expect(res.text).toBe('cookie=session=abc');
    const again = await fetcher.fetch({ url: `${site.url}/whoami`, cookieJar: jar });
    expect(again.text).toBe('cookie=session=abc');
    const otherCall = await fetcher.fetch({ url: `${site.url}/whoami` });
    expect(otherCall.text).toBe('cookie=');
  });

  it('does not carry the caller’s credentials to another origin', async () => {
    const res = await fetcher.fetch({
      url: `${site.url}/cross-origin`,
      headers: { Authorization: 'Bearer secret', 'X-Trace': 't1' },
    });
    const headers = JSON.parse(res.text) as Record<string, string>;
    expect(res.url).toBe(`http://site.test:${site.port}/headers`);
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-trace']).toBe('t1');
  });
});

describe('private-address guard', () => {
  it.each([
    ['/to-private', '10.0.0.1 is a private address'],
    ['/to-loopback-alias', '127.0.0.2 is a private address'],
    ['/to-metadata', '169.254.169.254 is a private address'],
    ['/to-evil-name', 'evil.test resolves to a private address (10.0.0.5)'],
  ])('refuses the redirect of %s before connecting', async (path, why) => {
    const err = await quarryError(fetcher.fetch({ url: `${site.url}${path}` }));
    expect(err.code).toBe('upstream_error');
    expect(err.message).toContain(why);
    expect(err.fields).toMatchObject({ reason: 'private_address', upstream_status_code: null });
  });

  it('refuses a host whose addresses mix allowed and private ones', async () => {
    const err = await quarryError(fetcher.fetch({ url: `http://mixed.test:${site.port}/end` }));
    expect(err.fields.reason).toBe('private_address');
  });

  it('refuses loopback entirely when private targets are not allowed', async () => {
    const strict = createFetcher(testConfig({ allowPrivateTargets: false }));
    try {
      const err = await quarryError(strict.fetch({ url: `${site.url}/end` }));
      expect(err.fields).toMatchObject({ reason: 'private_address', url: `${site.url}/end` });
      expect(err.message).toMatch(/^Refusing to fetch /);
    } finally {
      await strict.close();
    }
  });

  it('allows everything when allowPrivateTargets is true', async () => {
    const open = createFetcher(testConfig({ allowPrivateTargets: true }));
    try {
      expect((await open.fetch({ url: `${site.url}/end` })).status).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('connects to the address it checked (the test resolver is the only way site.test resolves), and reuses it for a while', async () => {
    const fresh = createFetcher(testConfig({ fetch: { maxRedirects: 5 } }), { resolver });
    try {
      lookups.length = 0;
      const res = await fresh.fetch({ url: `http://site.test:${site.port}/end` });
      expect(res.status).toBe(200);
      // One resolution: the connector reused the checked addresses instead of resolving again.
      expect(lookups).toEqual(['site.test']);
      // The next calls within the time to live resolve nothing: one DNS answer serves many calls.
      for (let i = 0; i < 3; i++) expect((await fresh.fetch({ url: `http://site.test:${site.port}/end?i=${i}` })).status).toBe(200);
      expect(lookups).toEqual(['site.test']);
      // A refused name stays refused on every call: nothing about it is kept.
      for (let i = 0; i < 2; i++) expect((await quarryError(fresh.fetch({ url: 'http://evil.test/' }))).fields.reason).toBe('private_address');
      expect(lookups).toEqual(['site.test', 'evil.test', 'evil.test']);
    } finally {
      await fresh.close();
    }
  });

  it('refuses non-http schemes, in the request and in redirects', async () => {
    const direct = await quarryError(fetcher.fetch({ url: 'ftp://127.0.0.1/file' }));
    expect(direct.fields.reason).toBe('unsupported_scheme');
    const viaRedirect = await quarryError(fetcher.fetch({ url: `${site.url}/to-file` }));
    expect(viaRedirect.fields).toMatchObject({ reason: 'unsupported_scheme', url: 'file:///etc/passwd' });
    const invalid = await quarryError(fetcher.fetch({ url: 'not a url' }));
    expect(invalid.fields.reason).toBe('invalid_url');
  });

  it('reports an unknown host as a DNS failure', async () => {
    const err = await quarryError(fetcher.fetch({ url: 'http://unknown.test/' }));
    expect(err.fields).toMatchObject({ reason: 'dns_failed', upstream_status_code: null });
    expect(err.retryable).toBe(true);
  });
});

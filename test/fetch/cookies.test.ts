import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCookieJar } from '../../src/fetch/index.js';

/** A jar on a fake clock (tough-cookie reads the system clock). */
function jarAt(start = Date.parse('2025-01-01T00:00:00Z')) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
  const jar = createCookieJar();
  return { jar, advance: (ms: number) => vi.setSystemTime(Date.now() + ms) };
}

describe('cookie jar', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a cookie for a public suffix (co.uk, github.io) and keeps the registrable domain', () => {
    const { jar } = jarAt();
    jar.store('https://shop.example.co.uk/', ['suffix=1; Domain=co.uk', 'site=2; Domain=example.co.uk']);
    jar.store('https://someone.github.io/', ['pages=1; Domain=github.io']);
    expect(jar.cookieHeader('https://other.co.uk/')).toBe('');
    expect(jar.cookieHeader('https://www.example.co.uk/')).toBe('site=2');
    expect(jar.cookieHeader('https://shop.example.co.uk/')).toBe('site=2');
    expect(jar.cookieHeader('https://else.github.io/')).toBe('');
  });

  it("keeps a session's origin headers for that origin only, through snapshots", () => {
    const { jar } = jarAt();
    jar.setOriginHeader('https://api.example.com/v1/login', 'Authorization', 'Bearer t0k');
    expect(jar.originHeaders('https://api.example.com/orders')).toEqual({ authorization: 'Bearer t0k' });
    expect(jar.originHeaders('https://example.com/')).toEqual({});
    expect(jar.originHeaders('http://api.example.com/')).toEqual({});
    const restored = createCookieJar({ snapshot: JSON.parse(JSON.stringify(jar.toJSON())) });
    expect(restored.originHeaders('https://api.example.com/x')).toEqual({ authorization: 'Bearer t0k' });
  });

  it('opens a session stored by the hand-written jar before it', () => {
    const old = { cookies: [{ name: 'sid', value: 'abc', domain: 'example.com', hostOnly: true, path: '/', secure: false, httpOnly: true, expires: null, created: 1 }] };
    expect(createCookieJar({ snapshot: old }).cookieHeader('https://example.com/account')).toBe('sid=abc');
  });

  it('sends host-only cookies to the exact host only', () => {
    const { jar } = jarAt();
    jar.store('https://shop.example.com/', ['a=1']);
    expect(jar.cookieHeader('https://shop.example.com/x')).toBe('a=1');
    expect(jar.cookieHeader('https://www.shop.example.com/')).toBe('');
    expect(jar.cookieHeader('https://example.com/')).toBe('');
  });

  it('sends Domain cookies to subdomains and refuses foreign or top-level domains', () => {
    const { jar } = jarAt();
    jar.store('https://www.example.com/', ['d=1; Domain=.example.com', 'foreign=1; Domain=other.com', 'tld=1; Domain=com']);
    expect(jar.cookieHeader('https://api.example.com/')).toBe('d=1');
    expect(jar.cookieHeader('https://example.com/')).toBe('d=1');
    expect(jar.cookieHeader('https://other.com/')).toBe('');
    expect(jar.cookieHeader('https://notexample.com/')).toBe('');
  });

  it('matches paths on segment boundaries and orders longer paths first', () => {
    const { jar } = jarAt();
    jar.store('https://example.com/', ['root=1; Path=/', 'acct=2; Path=/account']);
    expect(jar.cookieHeader('https://example.com/account/settings')).toBe('acct=2; root=1');
    expect(jar.cookieHeader('https://example.com/accounting')).toBe('root=1');
    expect(jar.cookieHeader('https://example.com/')).toBe('root=1');
  });

  it('uses the default path of the setting URL', () => {
    const { jar } = jarAt();
    jar.store('https://example.com/docs/page.html', ['p=1']);
    expect(jar.cookieHeader('https://example.com/docs/other')).toBe('p=1');
    expect(jar.cookieHeader('https://example.com/')).toBe('');
  });

  it('keeps Secure cookies to https, and refuses them from http', () => {
    const { jar } = jarAt();
    jar.store('https://example.com/', ['s=1; Secure']);
    jar.store('http://example.com/', ['t=1; Secure']);
    expect(jar.cookieHeader('https://example.com/')).toBe('s=1');
    expect(jar.cookieHeader('http://example.com/')).toBe('');
  });

  it('expires cookies by Max-Age (over Expires) and deletes them', () => {
    const { jar, advance } = jarAt();
    jar.store('https://example.com/', ['short=1; Max-Age=60; Expires=Wed, 01 Jan 2031 00:00:00 GMT', 'long=1; Expires=Wed, 01 Jan 2031 00:00:00 GMT']);
    expect(jar.cookieHeader('https://example.com/')).toBe('short=1; long=1');
    advance(61_000);
    expect(jar.cookieHeader('https://example.com/')).toBe('long=1');
    jar.store('https://example.com/', ['long=; Max-Age=0']);
    expect(jar.cookieHeader('https://example.com/')).toBe('');
    jar.store('https://example.com/', ['past=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
    expect(jar.cookieHeader('https://example.com/')).toBe('');
  });

  it('overwrites a cookie of the same name, domain and path in place', () => {
    const { jar } = jarAt();
    jar.store('https://example.com/', ['a=1', 'b=2']);
    jar.store('https://example.com/', ['a=3']);
    expect(jar.cookieHeader('https://example.com/')).toBe('a=3; b=2');
  });

  it('enforces the __Secure- and __Host- prefixes', () => {
    const { jar } = jarAt();
    jar.store('https://example.com/', ['__Secure-a=1', '__Secure-b=2; Secure', '__Host-c=3; Secure; Path=/', '__Host-d=4; Secure; Path=/; Domain=example.com']);
    expect(jar.cookieHeader('https://example.com/')).toBe('__Secure-b=2; __Host-c=3');
  });

  it('round-trips through toJSON', () => {
    const { jar } = jarAt();
    jar.store('https://example.com/', ['a=1; Path=/', 'b=2; Domain=example.com']);
    const restored = createCookieJar({ snapshot: JSON.parse(JSON.stringify(jar.toJSON())) });
    expect(restored.cookieHeader('https://www.example.com/')).toBe('b=2');
    expect(restored.cookieHeader('https://example.com/')).toBe('a=1; b=2');
    expect(createCookieJar({ snapshot: { cookies: [{ nonsense: true }] } }).cookieHeader('https://example.com/')).toBe('');
    expect(createCookieJar({ snapshot: { jar: { nonsense: true } } }).cookieHeader('https://example.com/')).toBe('');
  });

  it('handles IP hosts and values containing =', () => {
    const { jar } = jarAt();
    jar.store('http://127.0.0.1:8080/', ['tok=a=b=c', 'x=1; Domain=0.0.1']);
    expect(jar.cookieHeader('http://127.0.0.1:9090/')).toBe('tok=a=b=c');
  });
});

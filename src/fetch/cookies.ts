/**
 * A per-call cookie jar: the subset of RFC 6265 (with the 6265bis prefix and secure-origin rules)
 * that real sites rely on: host-only vs Domain cookies, default and explicit Path, Secure,
 * Max-Age over Expires, deletion by expiry, `__Secure-` / `__Host-` prefixes. There is no public
 * suffix list, so a Domain attribute naming a bare top-level label (`com`) is refused, but
 * `co.uk`-style suffixes are not; the jar never outlives one call, which bounds the harm.
 */
import net from 'node:net';
import type { CookieJar } from './types.js';

export interface StoredCookie {
  name: string;
  value: string;
  /** Lower-cased domain without a leading dot. */
  domain: string;
  /** True when the cookie had no Domain attribute: sent to that exact host only. */
  hostOnly: boolean;
  path: string;
  secure: boolean;
  httpOnly: boolean;
  /** Epoch milliseconds, or null for a session cookie. */
  expires: number | null;
  /** Insertion order, for the RFC's "earlier creation first" ordering. */
  created: number;
}

export interface CookieJarOptions {
  /** Clock (epoch ms); injectable for expiry tests. */
  now?: () => number;
  /** A snapshot from `toJSON()` to start from (restored sessions). */
  snapshot?: unknown;
}

const MAX_COOKIES = 300;
const MAX_COOKIE_BYTES = 4096;

function defaultPath(pathname: string): string {
  if (!pathname.startsWith('/')) return '/';
  const last = pathname.lastIndexOf('/');
  return last <= 0 ? '/' : pathname.slice(0, last);
}

function domainMatches(host: string, domain: string): boolean {
  if (host === domain) return true;
  return host.endsWith(`.${domain}`) && !net.isIP(host);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

function parseExpires(value: string): number | null {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Parses one Set-Cookie value received from `url`; null when it must be ignored. */
export function parseSetCookie(header: string, url: URL, now: number, created: number): StoredCookie | null {
  if (header.length > MAX_COOKIE_BYTES) return null;
  const [pair, ...attributes] = header.split(';');
  const eq = pair.indexOf('=');
  const name = (eq === -1 ? '' : pair.slice(0, eq)).trim();
  const value = (eq === -1 ? pair : pair.slice(eq + 1)).trim();
  if (!name && !value) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const cookie: StoredCookie = {
    name,
    value,
    domain: host,
    hostOnly: true,
    path: defaultPath(url.pathname),
    secure: false,
    httpOnly: false,
    expires: null,
    created,
  };
  let maxAge: number | null = null;
  let expires: number | null = null;
  for (const attribute of attributes) {
    const at = attribute.indexOf('=');
    const key = (at === -1 ? attribute : attribute.slice(0, at)).trim().toLowerCase();
    const val = at === -1 ? '' : attribute.slice(at + 1).trim();
    if (key === 'domain' && val) {
      const domain = val.replace(/^\./, '').toLowerCase();
      if (!domainMatches(host, domain) || (!domain.includes('.') && domain !== host)) return null;
      cookie.domain = domain;
      cookie.hostOnly = false;
    } else if (key === 'path') cookie.path = val.startsWith('/') ? val : defaultPath(url.pathname);
    else if (key === 'secure') cookie.secure = true;
    else if (key === 'httponly') cookie.httpOnly = true;
    else if (key === 'max-age' && /^-?\d+$/.test(val)) maxAge = Number(val);
    else if (key === 'expires') expires = parseExpires(val);
  }
  if (maxAge !== null) cookie.expires = maxAge <= 0 ? 0 : now + maxAge * 1000;
  else if (expires !== null) cookie.expires = expires;
  // 6265bis: an insecure origin may not set (or overwrite) Secure cookies.
  if (cookie.secure && url.protocol !== 'https:') return null;
  if (name.startsWith('__Secure-') && !cookie.secure) return null;
  if (name.startsWith('__Host-') && (!cookie.secure || !cookie.hostOnly || cookie.path !== '/')) return null;
  return cookie;
}

const sameCookie = (a: StoredCookie, b: StoredCookie) => a.name === b.name && a.domain === b.domain && a.path === b.path;

function restore(snapshot: unknown): StoredCookie[] {
  if (!snapshot || typeof snapshot !== 'object' || !Array.isArray((snapshot as { cookies?: unknown }).cookies)) return [];
  return ((snapshot as { cookies: unknown[] }).cookies as StoredCookie[]).filter(
    (c) => c && typeof c.name === 'string' && typeof c.value === 'string' && typeof c.domain === 'string' && typeof c.path === 'string',
  );
}

/** A fresh jar for one call (an execution or a build), optionally restored from a snapshot. */
export function createCookieJar(options: CookieJarOptions = {}): CookieJar & { cookies(): StoredCookie[] } {
  const now = options.now ?? Date.now;
  let cookies = restore(options.snapshot);
  let counter = cookies.reduce((max, c) => Math.max(max, c.created ?? 0), 0);

  const live = () => {
    const t = now();
    cookies = cookies.filter((c) => c.expires === null || c.expires > t);
    return cookies;
  };

  return {
    store(url, setCookie) {
      const target = new URL(url);
      for (const header of setCookie) {
        const cookie = parseSetCookie(header, target, now(), ++counter);
        if (!cookie) continue;
        const existing = cookies.find((c) => sameCookie(c, cookie));
        if (existing) cookie.created = existing.created; // an update keeps its place in the order
        cookies = cookies.filter((c) => !sameCookie(c, cookie));
        cookies.push(cookie);
      }
      live();
      if (cookies.length > MAX_COOKIES) cookies = cookies.slice(cookies.length - MAX_COOKIES);
    },

    cookieHeader(url) {
      const target = new URL(url);
      const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
      const secure = target.protocol === 'https:';
      return live()
        .filter((c) => (c.hostOnly ? host === c.domain : domainMatches(host, c.domain)))
        .filter((c) => pathMatches(target.pathname || '/', c.path) && (!c.secure || secure))
        .sort((a, b) => b.path.length - a.path.length || a.created - b.created)
        .map((c) => (c.name ? `${c.name}=${c.value}` : c.value))
        .join('; ');
    },

    toJSON() {
      return { cookies: live().map((c) => ({ ...c })) };
    },

    cookies() {
      return live().map((c) => ({ ...c }));
    },
  };
}

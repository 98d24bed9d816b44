/**
 * A per-call cookie jar (an execution or a build), on tough-cookie's RFC 6265 jar: host-only
 * and Domain cookies with the public-suffix list (a `Domain=co.uk` cookie is refused), Path,
 * Secure, Max-Age over Expires, deletion by expiry, the `__Secure-` / `__Host-` prefixes.
 * docs/decisions.md says why it replaced the hand-written jar.
 *
 * Besides cookies, a session may hold headers bound to one origin: the bearer token a site's
 * script keeps in localStorage and sends as `Authorization` (recipe `login` steps, `token`).
 * They travel with the jar (snapshots included) and are sent to that origin only. Expiry reads
 * the system clock (tough-cookie's), so tests move it with fake timers.
 */
import { Cookie, CookieJar as ToughJar, type SerializedCookieJar } from 'tough-cookie';
import type { CookieJar } from './types.js';

export interface CookieJarOptions {
  /** A snapshot from `toJSON()` to start from (restored sessions). */
  snapshot?: unknown;
}

/** Cookies one call keeps at most; a site setting more gets the rest ignored. */
const MAX_COOKIES = 300;
const MAX_COOKIE_BYTES = 4096;

interface Snapshot {
  jar: SerializedCookieJar;
  headers: Record<string, Record<string, string>>;
}

const newJar = () => new ToughJar(undefined, { rejectPublicSuffixes: true, prefixSecurity: 'strict', allowSecureOnLocal: false });

/** The snapshot form written before tough-cookie (`{cookies: [{name, value, domain, ...}]}`), read so stored sessions survive. */
function fromHandWritten(cookies: unknown[]): ToughJar {
  const jar = newJar();
  for (const c of cookies as Array<Record<string, unknown>>) {
    if (!c || typeof c.name !== 'string' || typeof c.value !== 'string' || typeof c.domain !== 'string' || typeof c.path !== 'string') continue;
    const cookie = new Cookie({
      key: c.name,
      value: c.value,
      domain: c.domain,
      path: c.path,
      hostOnly: c.hostOnly === true,
      secure: c.secure === true,
      httpOnly: c.httpOnly === true,
      expires: typeof c.expires === 'number' ? new Date(c.expires) : 'Infinity',
    });
    const scheme = cookie.secure ? 'https' : 'http';
    jar.setCookieSync(cookie, `${scheme}://${c.domain}${c.path}`, { ignoreError: true });
  }
  return jar;
}

function restore(snapshot: unknown): { jar: ToughJar; headers: Map<string, Record<string, string>> } {
  const s = snapshot as Partial<Snapshot> & { cookies?: unknown } | null | undefined;
  const headers = new Map<string, Record<string, string>>();
  if (s && typeof s === 'object' && s.headers && typeof s.headers === 'object') {
    for (const [origin, values] of Object.entries(s.headers)) if (values && typeof values === 'object') headers.set(origin, { ...values });
  }
  if (s && typeof s === 'object' && s.jar && typeof s.jar === 'object') {
    try {
      return { jar: ToughJar.deserializeSync(s.jar), headers };
    } catch {
      return { jar: newJar(), headers }; // a snapshot that cannot be read is an empty session
    }
  }
  if (s && typeof s === 'object' && Array.isArray(s.cookies)) return { jar: fromHandWritten(s.cookies), headers };
  return { jar: newJar(), headers };
}

/** A fresh jar for one call (an execution or a build), optionally restored from a snapshot. */
export function createCookieJar(options: CookieJarOptions = {}): CookieJar {
  const state = restore(options.snapshot);
  let stored = 0;

  return {
    store(url, setCookie) {
      for (const header of setCookie) {
        if (header.length > MAX_COOKIE_BYTES || stored >= MAX_COOKIES) continue;
        // ignoreError: a cookie the rules refuse (a public suffix, a foreign Domain, a bad prefix) is dropped, as browsers do.
        if (state.jar.setCookieSync(header, url, { ignoreError: true })) stored++;
      }
    },

    cookieHeader(url) {
      return state.jar.getCookieStringSync(url, { sort: true });
    },

    originHeaders(url) {
      return { ...(state.headers.get(new URL(url).origin) ?? {}) };
    },

    setOriginHeader(origin, name, value) {
      const key = new URL(origin).origin;
      state.headers.set(key, { ...(state.headers.get(key) ?? {}), [name.toLowerCase()]: value });
    },

    toJSON(): Snapshot {
      return { jar: state.jar.serializeSync() as SerializedCookieJar, headers: Object.fromEntries(state.headers) };
    },
  };
}

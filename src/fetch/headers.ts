/**
 * Request headers: a browser-like default set (sites serve bots different pages, or none), merged
 * case-insensitively with the caller's headers, which win.
 */
import { ACCEPT_ENCODING } from './body.js';

/** Client-hint headers matching a Chrome user agent; other agents get none (a mismatch is a bot tell). */
function clientHints(userAgent: string): Record<string, string> {
  const chrome = /Chrome\/(\d+)/.exec(userAgent);
  if (!chrome || /Edg\/|OPR\//.test(userAgent)) return {};
  const platform = /Windows/.test(userAgent) ? 'Windows' : /Mac OS X/.test(userAgent) ? 'macOS' : /Android/.test(userAgent) ? 'Android' : 'Linux';
  return {
    'sec-ch-ua': `"Not/A)Brand";v="8", "Chromium";v="${chrome[1]}", "Google Chrome";v="${chrome[1]}"`,
    'sec-ch-ua-mobile': /Mobile/.test(userAgent) ? '?1' : '?0',
    'sec-ch-ua-platform': `"${platform}"`,
  };
}

/** What a browser sends on a top-level navigation. */
export function browserHeaders(userAgent: string): Record<string, string> {
  return {
    ...clientHints(userAgent),
    'upgrade-insecure-requests': '1',
    'user-agent': userAgent,
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
    'sec-fetch-site': 'none',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-user': '?1',
    'sec-fetch-dest': 'document',
    'accept-encoding': ACCEPT_ENCODING,
    'accept-language': 'en-US,en;q=0.9',
  };
}

/** Later sources win; names are lower-cased so `User-Agent` and `user-agent` cannot both be sent. */
export function mergeHeaders(...sources: Array<Record<string, string> | undefined>): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const source of sources) {
    for (const [name, value] of Object.entries(source ?? {})) merged[name.toLowerCase()] = value;
  }
  return merged;
}

/** Flattens undici's response headers (arrays for repeated names) to one string per name. */
export function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** The Set-Cookie values of a response, one per cookie. */
export function setCookies(raw: Record<string, string | string[] | undefined>): string[] {
  const value = raw['set-cookie'];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

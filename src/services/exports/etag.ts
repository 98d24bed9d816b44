/**
 * Strong validators for exported documents: the ETag is a hash of the document's canonical
 * JSON (object keys sorted at every level), so the same document always has the same tag
 * whichever order its keys were built in, and the body served is exactly the text hashed.
 */
import { createHash } from 'node:crypto';

/** JSON text with object keys in code-point order at every depth; arrays keep their order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    // Dropped as JSON.stringify would drop them, so the text and the hash agree.
    if (v !== undefined && typeof v !== 'function') out[key] = sortKeys(v);
  }
  return out;
}

/** A strong entity tag (quoted, no W/ prefix) over the exact text. */
export function strongEtag(text: string): string {
  return `"${createHash('sha256').update(text).digest('base64url')}"`;
}

/**
 * If-None-Match (RFC 9110 13.1.2): `*`, or a comma-separated list of tags compared weakly
 * (a W/ prefix is ignored), so a cache that weakened our tag still revalidates.
 */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const raw = Array.isArray(header) ? header.join(',') : header;
  if (raw.trim() === '*') return true;
  // Tags are quoted strings; a comma may sit inside the quotes, so match tags, not split on commas.
  for (const m of raw.matchAll(/(?:W\/)?("[^"]*")/g)) if (m[1] === etag) return true;
  return false;
}

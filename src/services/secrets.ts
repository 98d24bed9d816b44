/**
 * The few primitives every secret of the service uses: API keys, web sessions, OAuth tokens,
 * login-endpoint sessions and the metrics bearer. One place, so each secret is
 * made, stored and compared the same way.
 */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe, behind an optional prefix that says what the secret is (`pmx_`, `qoa_`). */
export const newToken = (prefix = ''): string => prefix + randomBytes(32).toString('base64url');

/** What is stored of a secret. One-shot hash: no Hash object per call (this runs on every keyed request). */
export const sha256Hex = (secret: string): string => hash('sha256', secret, 'hex');

/** Compares a presented secret with the expected one in constant time (for equal lengths). */
export function sameSecret(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

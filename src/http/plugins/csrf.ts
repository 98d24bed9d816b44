/**
 * Cross-site request forgery refused by the browser's own word (Fetch Metadata), as Go's
 * CrossOriginProtection does (docs/dashboard.md):
 * - `Sec-Fetch-Site` present: only `same-origin` (the dashboard's own calls) and `none` (the
 *   person typed the address or used a bookmark) may change state;
 * - otherwise `Origin` present: it must name this host;
 * - neither header: the client is no browser (curl, the SDK, a script), so no page of another
 *   site can be speaking through it, and it passes. That is what lets the README's
 *   "sign up with curl, then create a key from that cookie" work without a token.
 * Applied to every state change authenticated by the session cookie, to /auth/* (log-in CSRF:
 * before there is a session) and to the OAuth consent form. Requests authenticated by an API
 * key or OAuth token carry no ambient credential and are not checked. The host alone is
 * compared (not the scheme), so a TLS-terminating proxy in front does not turn same-origin
 * requests into foreign ones.
 */
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../errors/index.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TRUSTED_FETCH_SITES = new Set(['same-origin', 'none']);

/** True when a browser says this state change comes from a page of another origin. */
export function isCrossOrigin(req: FastifyRequest): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const fetchSite = req.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return !TRUSTED_FETCH_SITES.has(fetchSite);
  const origin = req.headers.origin;
  if (typeof origin !== 'string') return false;
  try {
    return new URL(origin).host !== req.host;
  } catch {
    return true; // `null` (sandboxed or privacy-sensitive contexts) and anything unparsable
  }
}

/** Refuses (403) a state change that a browser marks as coming from another origin. */
export function refuseCrossOrigin(req: FastifyRequest): void {
  if (isCrossOrigin(req)) {
    throw forbidden('Cross-origin request refused: this change can only be made from the Quarry dashboard itself (or by a client that is not a browser)');
  }
}

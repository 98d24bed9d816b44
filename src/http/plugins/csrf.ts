/**
 * CSRF defence for the dashboard (double-submit token). Log-in sets a random `quarry_csrf`
 * cookie the page can read; every state-changing request authenticated by the session cookie
 * must repeat it in the `X-Quarry-CSRF` header (or, for the server-rendered consent form, a
 * `csrf` field). A cross-site page can make the browser send the cookie but can neither read it
 * nor set a custom header without a CORS preflight, which this service never grants. Requests
 * authenticated by an API key or OAuth token carry no ambient credential and are not checked.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../../errors/index.js';
import { sameSecret } from '../../services/secrets.js';

export const CSRF_COOKIE = 'quarry_csrf';
export const CSRF_HEADER = 'x-quarry-csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isSecureRequest = (req: FastifyRequest): boolean => req.protocol === 'https';

/** Sets a fresh token cookie (at log-in and sign-up) and returns it. */
export function setCsrfCookie(reply: FastifyReply, expires?: Date): string {
  const token = randomBytes(24).toString('base64url');
  void reply.setCookie(CSRF_COOKIE, token, {
    httpOnly: false,
    sameSite: 'lax',
    secure: isSecureRequest(reply.request),
    path: '/',
    ...(expires ? { expires } : {}),
  });
  return token;
}

/** The token of this browser, set now if it has none (pages rendered by the server). */
export function csrfTokenFor(req: FastifyRequest, reply: FastifyReply): string {
  return req.cookies[CSRF_COOKIE] || setCsrfCookie(reply);
}

/** Refuses (403) a cookie-authenticated state change without the matching token. */
export function checkCsrf(req: FastifyRequest, presented?: string): void {
  if (SAFE_METHODS.has(req.method)) return;
  const cookie = req.cookies[CSRF_COOKIE];
  const header = presented ?? req.headers[CSRF_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (!cookie || !value || !sameSecret(cookie, value)) {
    throw forbidden('Missing or wrong CSRF token: send the quarry_csrf cookie value in the X-Quarry-CSRF header');
  }
}

/**
 * Log-in, sign-up and log-out happen before (or after) there is a session to bind a token to,
 * so for them the browser's own word is used: a request whose Origin names another host, or
 * that the browser marks cross-site, is refused (login CSRF). Clients that send neither header
 * (not browsers) are not affected. The host alone is compared, so a TLS-terminating proxy in
 * front does not turn same-site requests into foreign ones.
 */
export function refuseCrossSite(req: FastifyRequest): void {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.origin;
  let foreign = req.headers['sec-fetch-site'] === 'cross-site';
  if (typeof origin === 'string' && origin !== 'null') {
    try {
      foreign ||= new URL(origin).host !== req.host;
    } catch {
      foreign = true;
    }
  } else if (origin === 'null') foreign = true;
  if (foreign) throw forbidden('Cross-site request refused: log in from the Quarry dashboard itself');
}

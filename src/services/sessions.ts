/**
 * Sessions the caller holds: what a login-protected API's login endpoint opens and its
 * protected endpoints read (docs/sessions.md, decisions.md "Login-protected sites and sessions").
 *
 * - The login endpoint's call runs the recipe's `login` step; its cookie jar is encrypted with
 *   AES-256-GCM under a key derived (HKDF-SHA256, fresh salt per write) from a random
 *   `encryption_key` that is answered to the caller and never stored. The row keeps only the
 *   ciphertext; the session id, owner and API are bound into the GCM additional data, so a row
 *   cannot be moved to another owner or API.
 * - A protected endpoint needs the pair (`X-Session-Id` + `X-Encryption-Key`, or the body
 *   fields). Unknown, expired, another account's, another API's, undecryptable, or logged out by
 *   the site: 422 `session_invalid`, so the caller logs in again. Every use pushes the idle
 *   expiry forward and stores the jar again (sites rotate cookies).
 * - Login attempts: CHARGES.loginAttemptsPerHour per API and caller -> 429 `limit_type: "login"`.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { CHARGES } from '../config/index.js';
import { QuarryError, badRequest, notFound } from '../errors/index.js';
import { createCookieJar } from '../fetch/index.js';
import type { CookieJar, Fetcher, FetchRequest } from '../fetch/types.js';
import { loginDenyToError } from '../ratelimit/index.js';
import { resolveUrl } from '../recipe/index.js';
import type { EndpointRecipe, LoginStep, Recipe } from '../recipe/types.js';
import type { ServiceDeps } from './deps.js';
import { detectLoginWall } from '../builder/login-wall.js';
import { isRecord } from '../util/guards.js';

export interface SessionPair {
  sessionId: string;
  encryptionKey: string;
}

type SessionDeps = Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'limiter' | 'fetcher'>;

const KEY_BYTES = 32;
const INFO = Buffer.from('quarry api session v1');

/** Stored timestamps: the same sortable ISO form as clock.iso (six fraction digits). */
const stamp = (ms: number) => `${new Date(ms).toISOString().slice(0, -1)}000Z`;

const invalid = (message = 'Unknown or expired session: call the login endpoint again.') => new QuarryError('session_invalid', message);

function keyOf(encryptionKey: string, salt: Buffer): Buffer {
  const raw = /^[A-Za-z0-9_-]{43}$/.test(encryptionKey) ? Buffer.from(encryptionKey, 'base64url') : null;
  if (!raw || raw.length !== KEY_BYTES) throw invalid('The encryption_key does not open this session.');
  return Buffer.from(hkdfSync('sha256', raw, salt, INFO, KEY_BYTES));
}

const aadOf = (id: string, userId: string, scraperId: string) => Buffer.from(`${id}\n${userId}\n${scraperId}`);

interface Sealed {
  salt: string;
  iv: string;
  tag: string;
  ciphertext: string;
}

/** Encrypt a value (JSON) under a key derived from `secret`; exported for the build's credential hand-off. */
export function seal(secret: string, aad: Buffer, value: unknown): Sealed {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, salt), iv);
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return { salt: salt.toString('base64'), iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), ciphertext: ciphertext.toString('base64') };
}

/** Decrypt what `seal` made; null when the key (or the additional data) does not match. */
export function unseal(secret: string, aad: Buffer, sealed: Sealed): unknown {
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, Buffer.from(sealed.salt, 'base64')), Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(aad);
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]);
    return JSON.parse(plain.toString('utf8'));
  } catch (err) {
    if (err instanceof QuarryError) throw err;
    return null;
  }
}

/** A fresh random key in the form `keyOf` accepts. */
export const newSecret = (): string => randomBytes(KEY_BYTES).toString('base64url');

/** Store a new session for the jar; answers the pair. */
export async function createSession(
  deps: SessionDeps,
  owner: { userId: string; scraperId: string; loginEndpoint: string },
  jar: CookieJar,
): Promise<{ session_id: string; encryption_key: string }> {
  const id = `ses_${randomBytes(18).toString('base64url')}`;
  const encryptionKey = newSecret();
  const now = deps.clock.now().getTime();
  await sweepSessions(deps);
  await deps.db.kysely
    .insertInto('api_sessions')
    .values({
      id,
      user_id: owner.userId,
      scraper_id: owner.scraperId,
      login_endpoint: owner.loginEndpoint,
      ...seal(encryptionKey, aadOf(id, owner.userId, owner.scraperId), jar.toJSON()),
      created_at: stamp(now),
      last_used_at: stamp(now),
      expires_at: stamp(now + deps.config.apiSessionIdleMs),
    })
    .execute();
  return { session_id: id, encryption_key: encryptionKey };
}

/** The caller's live session on this API, decrypted into a cookie jar; 422 session_invalid otherwise. */
export async function openSession(deps: SessionDeps, owner: { userId: string; scraperId: string }, pair: SessionPair): Promise<CookieJar> {
  const row = await deps.db.kysely
    .selectFrom('api_sessions')
    .selectAll()
    .where('id', '=', pair.sessionId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
  if (!row || row.scraper_id !== owner.scraperId) throw invalid();
  if (row.expires_at <= stamp(deps.clock.now().getTime())) {
    await deleteSessionRow(deps, row.id);
    throw invalid('The session expired: call the login endpoint again.');
  }
  const snapshot = unseal(pair.encryptionKey, aadOf(row.id, row.user_id, row.scraper_id), row);
  if (snapshot === null) throw invalid('The encryption_key does not open this session.');
  return createCookieJar({ snapshot });
}

/** Store the jar after a call (cookies rotate) and push the idle expiry forward. */
export async function touchSession(deps: SessionDeps, owner: { userId: string; scraperId: string }, pair: SessionPair, jar: CookieJar): Promise<void> {
  const now = deps.clock.now().getTime();
  await deps.db.kysely
    .updateTable('api_sessions')
    .set({
      ...seal(pair.encryptionKey, aadOf(pair.sessionId, owner.userId, owner.scraperId), jar.toJSON()),
      last_used_at: stamp(now),
      expires_at: stamp(now + deps.config.apiSessionIdleMs),
    })
    .where('id', '=', pair.sessionId)
    .where('user_id', '=', owner.userId)
    .execute();
}

async function deleteSessionRow(deps: Pick<ServiceDeps, 'db'>, id: string): Promise<void> {
  await deps.db.kysely.deleteFrom('api_sessions').where('id', '=', id).execute();
}

/** The owner ends a session (DELETE /sessions/{session_id}); another account's is unknown (404). */
export async function deleteSession(deps: Pick<ServiceDeps, 'db'>, userId: string, sessionId: string): Promise<{ deleted: true }> {
  const res = await deps.db.kysely.deleteFrom('api_sessions').where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1) throw notFound(`Session ${sessionId} not found`);
  return { deleted: true };
}

/** Delete every expired session; returns how many. Run on every login and by the sweep job. */
export async function sweepSessions(deps: Pick<ServiceDeps, 'db' | 'clock'>): Promise<number> {
  const res = await deps.db.kysely.deleteFrom('api_sessions').where('expires_at', '<=', stamp(deps.clock.now().getTime())).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/**
 * GET endpoints take their parameters from the query string, and URLs are logged (ours, proxies',
 * the site's referrers): the pair belongs in the X-Session-Id / X-Encryption-Key headers there.
 */
export function refuseSessionInUrl(params: unknown): void {
  if (!isRecord(params)) return;
  if (params.session_id !== undefined || params.encryption_key !== undefined) {
    throw badRequest('Send session_id and encryption_key as the X-Session-Id and X-Encryption-Key headers, not in the URL');
  }
}

/**
 * The session pair of one execution, from the face's own headers or from the parameters'
 * `session_id` / `encryption_key` fields (which are taken out of the parameters): both or neither.
 * Parameters that are not an object are passed on for the service to refuse.
 */
export function splitSession(
  raw: unknown,
  headers: Partial<SessionPair> = {},
): { params: unknown; session?: SessionPair } {
  const params = isRecord(raw) ? { ...raw } : raw;
  const field = (name: string): string | undefined => {
    if (!isRecord(params)) return undefined;
    const v = params[name];
    delete params[name];
    return v === undefined || v === null ? undefined : String(v);
  };
  const fromParams = { sessionId: field('session_id'), encryptionKey: field('encryption_key') };
  const sessionId = headers.sessionId ?? fromParams.sessionId;
  const encryptionKey = headers.encryptionKey ?? fromParams.encryptionKey;
  if ((sessionId === undefined) !== (encryptionKey === undefined)) {
    throw badRequest('session_id and encryption_key must be sent together');
  }
  return sessionId !== undefined && encryptionKey !== undefined ? { params, session: { sessionId, encryptionKey } } : { params };
}

// ---- one execution of a login-protected API ----------------------------------------------

/** How one execution uses sessions: the fetcher and jar to run with, and what to do after. */
export interface SessionCall {
  fetcher: Fetcher;
  cookieJar: CookieJar | undefined;
  /** After a successful run: a login answers the new pair, a protected call stores its jar. */
  finish<B extends object>(body: B, jar: CookieJar): Promise<B>;
  /** After a failed run: a site that logged the session out turns the failure into session_invalid. */
  fail(err: unknown): Promise<never>;
}

/**
 * Prepare one execution (called by services/execute.ts once the endpoint is known). Endpoints of
 * APIs without a login pass through; a pair sent to them is checked like any other.
 */
export async function prepareSessionCall(
  deps: SessionDeps,
  caller: { userId: string },
  scraperId: string,
  recipe: Recipe,
  endpoint: EndpointRecipe,
  pair: SessionPair | null,
): Promise<SessionCall> {
  const owner = { userId: caller.userId, scraperId };
  const plain: SessionCall = {
    fetcher: deps.fetcher,
    cookieJar: undefined,
    finish: async (body) => body,
    fail: async (err) => {
      throw err;
    },
  };
  if (endpoint.initiates_session) {
    const limit = await deps.limiter.consumeLogin(scraperId, caller.userId);
    if (!limit.allowed) throw loginDenyToError(limit, CHARGES.loginAttemptsPerHour);
    return {
      ...plain,
      finish: async (body, jar) => ({ ...body, ...(await createSession(deps, { ...owner, loginEndpoint: endpoint.name }, jar)) }),
    };
  }
  if (!endpoint.depends_on_session) {
    if (pair) await openSession(deps, owner, pair);
    return plain;
  }
  if (!pair) {
    throw invalid(`${endpoint.name} needs a session: call ${endpoint.depends_on_session} and send X-Session-Id and X-Encryption-Key.`);
  }
  const jar = await openSession(deps, owner, pair);
  const watch = signInWatch(recipe, endpoint.depends_on_session);
  return {
    fetcher: watch.wrap(deps.fetcher),
    cookieJar: jar,
    finish: async (body, after) => {
      if (watch.loggedOut) return loggedOut(deps, pair.sessionId);
      await touchSession(deps, owner, pair, after);
      return body;
    },
    fail: async (err) => {
      if (watch.loggedOut) return loggedOut(deps, pair.sessionId);
      throw err;
    },
  };
}

async function loggedOut(deps: SessionDeps, sessionId: string): Promise<never> {
  await deleteSessionRow(deps, sessionId);
  throw invalid('The site ended this session (it asks to sign in again): call the login endpoint again.');
}

/**
 * Notices that the site no longer treats the session as logged in: a 401, being sent to the
 * login endpoint's sign-in page, or a page that is a sign-in wall ("please log in to see...").
 * Such an answer is never taken as data.
 */
function signInWatch(recipe: Recipe, loginEndpoint: string): { wrap(f: Fetcher): Fetcher; loggedOut: boolean } {
  const login = recipe.endpoints.find((e) => e.name === loginEndpoint)?.steps.find((s): s is LoginStep => s.type === 'login');
  const signInUrl = login && !login.url.includes('{') ? resolveUrl(login.url, recipe.source_url) : null;
  const signInPath = signInUrl ? new URL(signInUrl).pathname : null;
  const state = {
    loggedOut: false,
    wrap(f: Fetcher): Fetcher {
      return {
        robotsAllowed: (url, signal) => f.robotsAllowed(url, signal),
        // The wrapped fetcher's browser too: a render step behind a login needs it.
        browser: f.browser,
        close: () => f.close(),
        async fetch(req: FetchRequest) {
          const res = await f.fetch(req);
          const landed = new URL(res.url).pathname;
          const sentToSignIn = signInPath !== null && landed === signInPath && new URL(req.url).pathname !== signInPath;
          if (res.status === 401 || sentToSignIn || (res.status < 300 && /html/.test(res.contentType) && detectLoginWall(res) !== null)) {
            state.loggedOut = true;
            throw invalid('The site ended this session (it asks to sign in again): call the login endpoint again.');
          }
          return res;
        },
      };
    },
  };
  return state;
}

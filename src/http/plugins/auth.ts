/**
 * Authentication, decided per route by `config.auth`:
 * - 'key': an API key (X-API-Key wins over Authorization: Bearer), the contract's three 401 reasons;
 * - 'session': the dashboard's HttpOnly cookie only (a key cannot create a key);
 * - 'session_or_key': either;
 * - 'key_or_oauth': a key, or an OAuth access token (`qoa_...`, /mcp only; a 401 names the
 *   resource metadata in WWW-Authenticate so OAuth clients can discover how to log in);
 * - 'none' (default): public.
 * The dashboard calls keyed routes with its session cookie instead of a key (it never holds a
 * key); every state-changing request authenticated by the cookie must pass the cross-origin check
 * (Fetch Metadata, ./csrf.ts).
 * It runs at onRequest, before the body is read or validated, so an unauthenticated caller
 * learns nothing about a route's input rules.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { QuarryError, unauthorized } from '../../errors/index.js';
import { keyFromHeaders, verifyKey, verifyKeyFromMemory, KEY_DENIAL_MESSAGES, type KeyVerdict } from '../../services/keys.js';
import { sessionUser } from '../../services/accounts.js';
import type { ServiceDeps } from '../../services/deps.js';
import { ACCESS_TOKEN_PREFIX, verifyAccessToken } from '../../services/oauth.js';
import { refuseCrossOrigin } from './csrf.js';

export type AuthMode = 'key' | 'session' | 'session_or_key' | 'key_or_oauth' | 'none';

export interface Caller {
  userId: string;
  via: 'key' | 'session' | 'oauth';
  keyId: string | null;
  plan: string | null;
}

export const SESSION_COOKIE = 'quarry_session';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** The authenticated caller of a route that requires one. */
export function callerOf(req: FastifyRequest): Caller {
  if (!req.caller) throw unauthorized(KEY_DENIAL_MESSAGES.missing);
  return req.caller;
}

export function registerAuth(app: FastifyInstance, deps: Pick<ServiceDeps, 'db' | 'clock'>): void {
  app.decorateRequest('caller', null);
  const viaSessionOrKey = async (req: FastifyRequest, mode: AuthMode, presented: string | null): Promise<void> => {
    if (mode === 'key_or_oauth' && presented?.startsWith(ACCESS_TOKEN_PREFIX)) {
      const viaToken = await verifyAccessToken(deps.db, deps.clock, presented);
      if (!viaToken) throw withResourceMetadata(req, unauthorized('Invalid or expired OAuth access token'));
      req.caller = { userId: viaToken.userId, via: 'oauth', keyId: `oauth:${viaToken.grantId}`, plan: viaToken.plan };
      return;
    }
    if (mode === 'session' || ((mode === 'session_or_key' || mode === 'key') && presented === null)) {
      const userId = await sessionUser(deps.db, deps.clock, req.cookies[SESSION_COOKIE]);
      if (userId) {
        refuseCrossOrigin(req);
        // Keyed routes rate-limit and plan-check by key: the session stands in as its own "key".
        const plan = mode === 'key' ? await planOfUser(deps, userId) : null;
        req.caller = { userId, via: 'session', keyId: mode === 'key' ? `session:${userId}` : null, plan };
        return;
      }
      if (mode === 'session') {
        throw unauthorized(
          presented !== null ? 'This operation needs a logged-in session, not an API key' : 'Not logged in',
        );
      }
    }
    try {
      accept(req, await verifyKey(deps.db.kysely, deps.clock, presented));
    } catch (err) {
      throw mode === 'key_or_oauth' ? withResourceMetadata(req, err) : err;
    }
  };
  // Callback style: a key this process remembers is accepted without a promise (the hot path).
  app.addHook('onRequest', (req, _reply, done) => {
    const mode = req.routeOptions.config?.auth ?? 'none';
    if (req.url.startsWith('/auth/')) {
      try {
        refuseCrossOrigin(req);
      } catch (err) {
        return done(err as Error);
      }
    }
    if (mode === 'none') return done();
    const presented = keyFromHeaders(req.headers);
    // Without a key, a keyed route may still be the dashboard's (session cookie): the slow path decides.
    if (mode === 'key' && presented !== null) {
      const known = verifyKeyFromMemory(deps.db.kysely, deps.clock, presented);
      if (known) {
        try {
          accept(req, known);
        } catch (err) {
          return done(err as Error);
        }
        return done();
      }
    }
    viaSessionOrKey(req, mode, presented).then(() => done(), done);
  });
}

async function planOfUser(deps: Pick<ServiceDeps, 'db'>, userId: string): Promise<string | null> {
  const u = await deps.db.kysely.selectFrom('users').select('plan').where('id', '=', userId).executeTakeFirst();
  return u?.plan ?? null;
}

/**
 * RFC 9728 section 5.1 (as the MCP authorization spec asks): tells an OAuth-capable client where
 * to start. A caller that sent nothing is told both ways in, in words.
 */
function withResourceMetadata(req: FastifyRequest, err: unknown): unknown {
  if (!(err instanceof QuarryError)) return err;
  const metadata = `${req.protocol}://${req.host}/.well-known/oauth-protected-resource/mcp`;
  const answer =
    err.message === KEY_DENIAL_MESSAGES.missing
      ? unauthorized(
          'Authentication required: send an API key in the X-API-Key header (create one in the dashboard under Keys, ' +
            `or with POST /account/api-key), or sign in with OAuth (discovery: ${metadata}).`,
        )
      : err;
  answer.headers['www-authenticate'] = `Bearer resource_metadata="${metadata}"`;
  return answer;
}

function accept(req: FastifyRequest, verdict: KeyVerdict): void {
  if (!verdict.ok) throw unauthorized(KEY_DENIAL_MESSAGES[verdict.reason]);
  req.caller = { userId: verdict.userId, via: 'key', keyId: verdict.keyId, plan: verdict.plan };
}

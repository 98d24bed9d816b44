/**
 * Authentication, decided per route by `config.auth`:
 * - 'key': an API key (X-API-Key wins over Authorization: Bearer), the contract's three 401 reasons;
 * - 'session': the dashboard's HttpOnly cookie only (a key cannot create a key);
 * - 'session_or_key': either;
 * - 'none' (default): public.
 * It runs at onRequest, before the body is read or validated, so an unauthenticated caller
 * learns nothing about a route's input rules.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../errors/index.js';
import { keyFromHeaders, verifyKey, verifyKeyFromMemory, KEY_DENIAL_MESSAGES, type KeyVerdict } from '../../services/keys.js';
import { sessionUser } from '../../services/accounts.js';
import type { ServiceDeps } from '../../services/deps.js';

export type AuthMode = 'key' | 'session' | 'session_or_key' | 'none';

export interface Caller {
  userId: string;
  via: 'key' | 'session';
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
    if (mode === 'session' || (mode === 'session_or_key' && presented === null)) {
      const userId = await sessionUser(deps.db, deps.clock, req.cookies[SESSION_COOKIE]);
      if (userId) {
        req.caller = { userId, via: 'session', keyId: null, plan: null };
        return;
      }
      if (mode === 'session') {
        throw unauthorized(
          presented !== null ? 'This operation needs a logged-in session, not an API key' : 'Not logged in',
        );
      }
    }
    accept(req, await verifyKey(deps.db.kysely, deps.clock, presented));
  };
  // Callback style: a key this process remembers is accepted without a promise (the hot path).
  app.addHook('onRequest', (req, _reply, done) => {
    const mode = req.routeOptions.config?.auth ?? 'none';
    if (mode === 'none') return done();
    const presented = keyFromHeaders(req.headers);
    if (mode === 'key') {
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

function accept(req: FastifyRequest, verdict: KeyVerdict): void {
  if (!verdict.ok) throw unauthorized(KEY_DENIAL_MESSAGES[verdict.reason]);
  req.caller = { userId: verdict.userId, via: 'key', keyId: verdict.keyId, plan: verdict.plan };
}

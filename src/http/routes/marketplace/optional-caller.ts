/**
 * Public marketplace routes that say more to a known caller (the listing detail's user_status):
 * a presented key must be valid (a bad key is a 401, not silently anonymous); without one, a
 * dashboard session counts; without either, the caller is anonymous.
 */
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../../errors/index.js';
import { sessionUser } from '../../../services/accounts.js';
import type { ServiceDeps } from '../../../services/deps.js';
import { keyFromHeaders, verifyKey, KEY_DENIAL_MESSAGES } from '../../../services/keys.js';
import { SESSION_COOKIE } from '../../plugins/auth.js';

export async function optionalCallerId(req: FastifyRequest, deps: Pick<ServiceDeps, 'db' | 'clock'>): Promise<string | null> {
  const presented = keyFromHeaders(req.headers);
  if (presented !== null) {
    const verdict = await verifyKey(deps.db.kysely, deps.clock, presented);
    if (!verdict.ok) throw unauthorized(KEY_DENIAL_MESSAGES[verdict.reason]);
    return verdict.userId;
  }
  return sessionUser(deps.db, deps.clock, req.cookies[SESSION_COOKIE]);
}

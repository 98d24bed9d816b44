/**
 * OAuth 2.1 for MCP clients (docs/dashboard.md): dynamic client registration, the
 * authorization-code grant with PKCE (S256 only) through the dashboard's log-in and a consent
 * page, short-lived access tokens with rotating refresh tokens, and revocation.
 *
 * Glossary: a *client* is an MCP application that registered itself; a *grant* is one user's
 * permission for one client (what the dashboard lists and revokes); *codes* and *tokens* hang
 * off a grant and are stored as sha256 hashes only. Revoking a grant kills all its tokens.
 *
 * Errors are the MCP SDK's OAuth error classes: the OAuth endpoints answer in RFC 6749's shape
 * (`{error, error_description}`), which OAuth clients (the SDK's included) parse.
 */
import { createHash } from 'node:crypto';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import {
  InvalidClientError,
  InvalidClientMetadataError,
  InvalidGrantError,
  InvalidRequestError,
  InvalidScopeError,
  InvalidTargetError,
  UnsupportedResponseTypeError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { Db } from '../db/index.js';
import { iso, newId, type Clock } from '../clock.js';
import { notFound } from '../errors/index.js';
import type { Config } from '../config/index.js';
import { newToken, sameSecret, sha256Hex } from './secrets.js';

/** The one scope: use this account's tools over /mcp. */
export const MCP_SCOPE = 'mcp';
export const ACCESS_TOKEN_PREFIX = 'qoa_';
const REFRESH_TOKEN_PREFIX = 'qor_';

const hash = sha256Hex;
const secret = newToken;
const later = (clock: Clock, ms: number) => new Date(clock.now().getTime() + ms).toISOString();

// ---- registration ----

/** Loopback redirect targets may be plain http (native apps, OAuth 2.1 section 8.4.2); all others https. */
function acceptableRedirect(uri: string): boolean {
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return false;
  }
  if (u.hash) return false;
  if (u.protocol === 'https:') return true;
  return u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
}

export async function registerClient(db: Db, clock: Clock, body: unknown): Promise<OAuthClientInformationFull> {
  // The SDK's schema module brings zod (~3 MB of heap): loaded at the first registration, not at start-up.
  const { OAuthClientMetadataSchema } = await import('@modelcontextprotocol/sdk/shared/auth.js');
  const parsed = OAuthClientMetadataSchema.safeParse(body);
  if (!parsed.success) throw new InvalidClientMetadataError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const meta = parsed.data;
  if (meta.redirect_uris.length === 0) throw new InvalidClientMetadataError('redirect_uris: at least one is required');
  const bad = meta.redirect_uris.find((u) => !acceptableRedirect(u));
  if (bad) throw new InvalidClientMetadataError(`redirect_uris: ${bad} must be https, or http on a loopback address, without a fragment`);
  const grants = meta.grant_types ?? ['authorization_code', 'refresh_token'];
  if (grants.some((g) => g !== 'authorization_code' && g !== 'refresh_token')) {
    throw new InvalidClientMetadataError('grant_types: only authorization_code and refresh_token are supported');
  }
  if (meta.response_types && meta.response_types.some((r) => r !== 'code')) {
    throw new InvalidClientMetadataError('response_types: only code is supported');
  }
  const createdAt = clock.now();
  // Public clients only: PKCE protects the code, so no client secret is issued (RFC 7591 lets the server decide).
  const info: OAuthClientInformationFull = {
    ...meta,
    grant_types: grants,
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    scope: MCP_SCOPE,
    client_id: newId(),
    client_id_issued_at: Math.floor(createdAt.getTime() / 1000),
  };
  await db.kysely
    .insertInto('oauth_clients')
    .values({
      id: info.client_id,
      client_name: meta.client_name ?? null,
      redirect_uris: JSON.stringify(meta.redirect_uris),
      metadata: JSON.stringify(info),
      created_at: createdAt.toISOString(),
    })
    .execute();
  return info;
}

export interface OAuthClient {
  id: string;
  name: string;
  redirectUris: string[];
}

export async function findClient(db: Db, clientId: string | undefined): Promise<OAuthClient | null> {
  if (!clientId) return null;
  const row = await db.kysely.selectFrom('oauth_clients').selectAll().where('id', '=', clientId).executeTakeFirst();
  if (!row) return null;
  return { id: row.id, name: row.client_name ?? 'An unnamed application', redirectUris: JSON.parse(row.redirect_uris) as string[] };
}

// ---- authorization requests ----

export interface AuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  codeChallenge: string;
  state: string | null;
  scope: string;
  resource: string | null;
}

/**
 * An authorize request's fault, split as RFC 6749 4.1.2.1 requires: with a bad client or
 * redirect URI the user must not be sent anywhere (`redirect` null: show the error page); any
 * other fault goes back to the client's redirect URI.
 */
export class AuthorizeFault extends Error {
  constructor(
    readonly error: InstanceType<typeof InvalidRequestError>,
    readonly redirect: { uri: string; state: string | null } | null,
  ) {
    super(error.message);
  }
}

/** Validates the query (or the consent form, which repeats it). `resource` must be this server's /mcp when given. */
export async function checkAuthorizationRequest(
  db: Db,
  q: Record<string, string | undefined>,
  mcpResource: string,
): Promise<AuthorizationRequest> {
  const client = await findClient(db, q.client_id);
  if (!client) throw new AuthorizeFault(new InvalidClientError('Unknown client_id: register the client first'), null);
  // Exact string match, no normalisation: a redirect URI one character off is someone else's.
  const redirectUri = q.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    throw new AuthorizeFault(new InvalidRequestError('redirect_uri does not match any URI the client registered'), null);
  }
  const back = { uri: redirectUri, state: q.state ?? null };
  if (q.response_type !== 'code') throw new AuthorizeFault(new UnsupportedResponseTypeError('response_type must be code'), back);
  if (!q.code_challenge || !/^[A-Za-z0-9_-]{43,128}$/.test(q.code_challenge)) {
    throw new AuthorizeFault(new InvalidRequestError('code_challenge is required (PKCE)'), back);
  }
  if (q.code_challenge_method !== 'S256') throw new AuthorizeFault(new InvalidRequestError('code_challenge_method must be S256'), back);
  const scopes = (q.scope ?? MCP_SCOPE).split(' ').filter(Boolean);
  if (scopes.some((s) => s !== MCP_SCOPE)) throw new AuthorizeFault(new InvalidScopeError(`Only the scope "${MCP_SCOPE}" exists`), back);
  if (q.resource && q.resource !== mcpResource) {
    throw new AuthorizeFault(new InvalidTargetError(`resource must be ${mcpResource}`), back);
  }
  return { client, redirectUri, codeChallenge: q.code_challenge, state: q.state ?? null, scope: MCP_SCOPE, resource: q.resource ?? null };
}

/** The redirect back to the client, with `code` or an error, `state` and the issuer (RFC 9207). */
export function redirectBack(redirect: { uri: string; state: string | null }, issuer: string, params: Record<string, string>): string {
  const u = new URL(redirect.uri);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  if (redirect.state !== null) u.searchParams.set('state', redirect.state);
  u.searchParams.set('iss', issuer);
  return u.toString();
}

/** The user said yes: one grant per user and client (reused while it lives), and a one-time code. */
export async function approve(db: Db, clock: Clock, config: Config, userId: string, req: AuthorizationRequest): Promise<string> {
  const now = iso(clock);
  const code = secret('qoc_');
  await db.kysely.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('oauth_grants')
      .select('id')
      .where('user_id', '=', userId)
      .where('client_id', '=', req.client.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    const grantId = existing?.id ?? newId();
    if (!existing) {
      await trx
        .insertInto('oauth_grants')
        .values({ id: grantId, user_id: userId, client_id: req.client.id, scope: req.scope, created_at: now, last_used_at: null, revoked_at: null })
        .execute();
    }
    await trx
      .insertInto('oauth_codes')
      .values({
        id: hash(code),
        grant_id: grantId,
        redirect_uri: req.redirectUri,
        code_challenge: req.codeChallenge,
        resource: req.resource,
        expires_at: later(clock, config.oauth.codeTtlMs),
        used_at: null,
      })
      .execute();
  });
  return code;
}

// ---- the token endpoint ----

async function issueTokens(db: Db, clock: Clock, config: Config, grantId: string): Promise<OAuthTokens> {
  const access = secret(ACCESS_TOKEN_PREFIX);
  const refresh = secret(REFRESH_TOKEN_PREFIX);
  await db.kysely
    .insertInto('oauth_tokens')
    .values([
      { id: hash(access), grant_id: grantId, kind: 'access', expires_at: later(clock, config.oauth.accessTokenTtlMs), revoked_at: null },
      { id: hash(refresh), grant_id: grantId, kind: 'refresh', expires_at: later(clock, config.oauth.refreshTokenTtlMs), revoked_at: null },
    ])
    .execute();
  await db.kysely.updateTable('oauth_grants').set({ last_used_at: iso(clock) }).where('id', '=', grantId).execute();
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: Math.floor(config.oauth.accessTokenTtlMs / 1000),
    refresh_token: refresh,
    scope: MCP_SCOPE,
  };
}

async function revokeGrantTokens(db: Db, clock: Clock, grantId: string): Promise<void> {
  const now = iso(clock);
  await db.kysely.updateTable('oauth_grants').set({ revoked_at: now }).where('id', '=', grantId).where('revoked_at', 'is', null).execute();
  await db.kysely.updateTable('oauth_tokens').set({ revoked_at: now }).where('grant_id', '=', grantId).where('revoked_at', 'is', null).execute();
}

function pkceMatches(verifier: string, challenge: string): boolean {
  return sameSecret(createHash('sha256').update(verifier).digest('base64url'), challenge);
}

async function liveGrant(db: Db, grantId: string, clientId: string | undefined) {
  const grant = await db.kysely.selectFrom('oauth_grants').selectAll().where('id', '=', grantId).executeTakeFirst();
  if (!grant || grant.revoked_at) throw new InvalidGrantError('The grant was revoked');
  if (grant.client_id !== clientId) throw new InvalidGrantError('The grant belongs to another client');
  return grant;
}

export async function exchangeCode(
  db: Db,
  clock: Clock,
  config: Config,
  p: { client_id?: string; code?: string; code_verifier?: string; redirect_uri?: string; resource?: string },
  mcpResource: string,
): Promise<OAuthTokens> {
  if (!p.code || !p.code_verifier) throw new InvalidRequestError('code and code_verifier are required');
  if (!(await findClient(db, p.client_id))) throw new InvalidClientError('Unknown client_id');
  const row = await db.kysely.selectFrom('oauth_codes').selectAll().where('id', '=', hash(p.code)).executeTakeFirst();
  if (!row) throw new InvalidGrantError('Unknown authorization code');
  // Mark the code used first and atomically: of two racing exchanges only one wins.
  const claimed = await db.kysely
    .updateTable('oauth_codes')
    .set({ used_at: iso(clock) })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) {
    // A replayed code may mean it was stolen: everything issued from it dies (OAuth 2.1 section 4.1.3).
    await revokeGrantTokens(db, clock, row.grant_id);
    throw new InvalidGrantError('The authorization code was already used');
  }
  if (Date.parse(row.expires_at) <= clock.now().getTime()) throw new InvalidGrantError('The authorization code expired');
  await liveGrant(db, row.grant_id, p.client_id);
  if (p.redirect_uri !== row.redirect_uri) throw new InvalidGrantError('redirect_uri differs from the one authorized');
  if (!pkceMatches(p.code_verifier, row.code_challenge)) throw new InvalidGrantError('code_verifier does not match the code_challenge');
  if (p.resource && p.resource !== mcpResource) throw new InvalidTargetError(`resource must be ${mcpResource}`);
  return issueTokens(db, clock, config, row.grant_id);
}

export async function refreshTokens(
  db: Db,
  clock: Clock,
  config: Config,
  p: { client_id?: string; refresh_token?: string },
): Promise<OAuthTokens> {
  if (!p.refresh_token) throw new InvalidRequestError('refresh_token is required');
  const row = await db.kysely
    .selectFrom('oauth_tokens')
    .selectAll()
    .where('id', '=', hash(p.refresh_token))
    .where('kind', '=', 'refresh')
    .executeTakeFirst();
  if (!row) throw new InvalidGrantError('Unknown refresh token');
  const grant = await liveGrant(db, row.grant_id, p.client_id);
  if (Date.parse(row.expires_at) <= clock.now().getTime()) throw new InvalidGrantError('The refresh token expired');
  // A client that sends two requests as its access token expires refreshes twice with the same
  // token (the MCP SDK does: its POST and its GET stream each meet the 401). The second refresh
  // within a few seconds of the rotation is that client, not a thief: it gets a pair of its own.
  // Later, a rotated-out token coming back means someone holds a copy: the whole grant dies.
  const rotatedJustNow = (revokedAt: string) => clock.now().getTime() - Date.parse(revokedAt) < config.oauth.refreshReuseGraceMs;
  if (row.revoked_at) {
    if (rotatedJustNow(row.revoked_at)) return issueTokens(db, clock, config, grant.id);
    await revokeGrantTokens(db, clock, grant.id);
    throw new InvalidGrantError('The refresh token was already used');
  }
  // Only the first rotation's time is kept: two refreshes at the same instant both get a pair, as above.
  await db.kysely
    .updateTable('oauth_tokens')
    .set({ revoked_at: iso(clock) })
    .where('id', '=', row.id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return issueTokens(db, clock, config, grant.id);
}

/**
 * RFC 7009: revoking a refresh token ends the grant (and its access tokens); an access token
 * alone ends just itself. Unknown tokens, or another client's, are ignored (200 either way).
 */
export async function revokeToken(db: Db, clock: Clock, p: { client_id?: string; token?: string }): Promise<void> {
  if (!p.token) throw new InvalidRequestError('token is required');
  const row = await db.kysely.selectFrom('oauth_tokens').selectAll().where('id', '=', hash(p.token)).executeTakeFirst();
  if (!row) return;
  const grant = await db.kysely.selectFrom('oauth_grants').select('client_id').where('id', '=', row.grant_id).executeTakeFirst();
  if (!grant || grant.client_id !== p.client_id) return;
  if (row.kind === 'refresh') return revokeGrantTokens(db, clock, row.grant_id);
  await db.kysely.updateTable('oauth_tokens').set({ revoked_at: iso(clock) }).where('id', '=', row.id).execute();
}

// ---- the resource server side: /mcp ----

export interface OAuthCaller {
  userId: string;
  grantId: string;
  plan: string;
}

/** The caller behind an access token, or null when it is unknown, expired or revoked (or its grant is). */
export async function verifyAccessToken(db: Db, clock: Clock, token: string): Promise<OAuthCaller | null> {
  const row = await db.kysely
    .selectFrom('oauth_tokens as t')
    .innerJoin('oauth_grants as g', 'g.id', 't.grant_id')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .select(['t.expires_at', 't.revoked_at', 't.kind', 'g.id as grant_id', 'g.revoked_at as grant_revoked_at', 'u.id as user_id', 'u.plan'])
    .where('t.id', '=', hash(token))
    .executeTakeFirst();
  if (!row || row.kind !== 'access' || row.revoked_at || row.grant_revoked_at) return null;
  if (Date.parse(row.expires_at) <= clock.now().getTime()) return null;
  return { userId: row.user_id, grantId: row.grant_id, plan: row.plan };
}

// ---- the dashboard's view: connected applications ----

export interface GrantView {
  id: string;
  client_id: string;
  client_name: string;
  scope: string;
  created_at: string;
  last_used_at: string | null;
}

export async function listGrants(db: Db, userId: string): Promise<GrantView[]> {
  const rows = await db.kysely
    .selectFrom('oauth_grants as g')
    .innerJoin('oauth_clients as c', 'c.id', 'g.client_id')
    .select(['g.id', 'g.client_id', 'c.client_name', 'g.scope', 'g.created_at', 'g.last_used_at'])
    .where('g.user_id', '=', userId)
    .where('g.revoked_at', 'is', null)
    .orderBy('g.created_at', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, client_name: r.client_name ?? 'An unnamed application' }));
}

/** Revokes one of the user's grants at once; another user's grant is 404, as if it did not exist. */
export async function revokeGrant(db: Db, clock: Clock, userId: string, grantId: string): Promise<void> {
  const grant = await db.kysely
    .selectFrom('oauth_grants')
    .select('id')
    .where('id', '=', grantId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!grant) throw notFound(`Connected application ${grantId} not found`);
  await revokeGrantTokens(db, clock, grant.id);
}

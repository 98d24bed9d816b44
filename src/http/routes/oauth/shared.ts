/**
 * What the OAuth route modules share: this server's URLs (taken from the request, so the
 * metadata is right behind any host name the operator uses), the form-body parser OAuth's
 * endpoints need, and answering with RFC 6749's error shape.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';

export const originOf = (req: FastifyRequest): string => `${req.protocol}://${req.host}`;
/** The protected resource: the MCP endpoint. */
export const mcpResourceOf = (req: FastifyRequest): string => `${originOf(req)}/mcp`;

const FORM = 'application/x-www-form-urlencoded';

/** OAuth's token, revocation and consent requests are form-encoded (RFC 6749 section 4.1.3). */
export function acceptFormBodies(scope: FastifyInstance): void {
  if (scope.hasContentTypeParser(FORM)) return;
  scope.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** A flat string record of a form or JSON body (anything else is ignored). */
export function fieldsOf(body: unknown): Record<string, string | undefined> {
  if (!body || typeof body !== 'object') return {};
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** Answers an OAuth error in RFC 6749's shape; anything else is rethrown for the service's handler. */
export function sendOAuthError(reply: FastifyReply, err: unknown): FastifyReply {
  if (!(err instanceof OAuthError)) throw err;
  const status = err.errorCode === 'invalid_client' ? 401 : err.errorCode === 'server_error' ? 500 : 400;
  return reply.code(status).header('cache-control', 'no-store').send(err.toResponseObject());
}

export const oauthErrorSchema = {
  type: 'object',
  properties: { error: { type: 'string' }, error_description: { type: 'string' }, error_uri: { type: 'string' } },
} as const;

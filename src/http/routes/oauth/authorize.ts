import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteModule } from '../types.js';
import { AccessDeniedError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { AuthorizeFault, approve, checkAuthorizationRequest, redirectBack } from '../../../services/oauth.js';
import { getAccount, sessionUser } from '../../../services/accounts.js';
import { SESSION_COOKIE } from '../../plugins/auth.js';
import { isCrossOrigin } from '../../plugins/csrf.js';
import { acceptFormBodies, fieldsOf, mcpResourceOf, originOf } from './shared.js';
import { CONSENT_CSS, authorizeErrorPage, consentPage } from './consent-page.js';

const str = { type: 'string', maxLength: 2048 } as const;
/** Validated in the service (its faults must go back to the client per RFC 6749, not as 422s); listed here for the API docs. */
const authorizeQuery = {
  type: 'object',
  properties: {
    response_type: str,
    client_id: str,
    redirect_uri: str,
    code_challenge: str,
    code_challenge_method: str,
    state: str,
    scope: str,
    resource: str,
  },
} as const;

/** No script may run on these pages; the form may post here and (after the redirect) to the client. */
const pagePolicy = (formTarget?: string) =>
  `default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'${formTarget ? ` ${formTarget}` : ''}`;

function html(reply: FastifyReply, status: number, body: string, formTarget?: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', pagePolicy(formTarget))
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .send(body);
}

/** A fault either goes back to the client (with `error`), or, when the client or redirect URI is bad, stays here. */
function fault(req: FastifyRequest, reply: FastifyReply, err: unknown): FastifyReply {
  if (!(err instanceof AuthorizeFault)) throw err;
  if (!err.redirect) return html(reply, 400, authorizeErrorPage(err.message));
  const o = err.error.toResponseObject();
  return reply.redirect(redirectBack(err.redirect, originOf(req), { error: o.error, error_description: o.error_description ?? '' }), 302);
}

/**
 * GET /oauth/authorize shows the consent page to a logged-in user (or sends them through the
 * dashboard's log-in first, coming back here); POST /oauth/authorize is that page's answer.
 */
const route: RouteModule = (app, deps) => {
  app.get('/oauth/consent.css', { config: { auth: 'none' }, schema: { hide: true } }, async (_req, reply) =>
    reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CONSENT_CSS),
  );
  app.get(
    '/oauth/authorize',
    { config: { auth: 'none' }, schema: { tags: ['oauth'], summary: 'OAuth authorization endpoint: log-in and consent page (HTML)', querystring: authorizeQuery } },
    async (req, reply) => {
      const q = fieldsOf(req.query);
      let request;
      try {
        request = await checkAuthorizationRequest(deps.db, q, mcpResourceOf(req));
      } catch (err) {
        return fault(req, reply, err);
      }
      const userId = await sessionUser(deps.db, deps.clock, req.cookies[SESSION_COOKIE]);
      if (!userId) return reply.redirect(`/login?next=${encodeURIComponent(req.url)}`, 302);
      const account = await getAccount(deps.db, userId);
      return html(reply, 200, consentPage(request, q, account.email), new URL(request.redirectUri).origin);
    },
  );
  void app.register(async (scope) => {
    acceptFormBodies(scope);
    scope.post(
      '/oauth/authorize',
      { config: { auth: 'none' }, schema: { tags: ['oauth'], summary: 'The consent decision (form post from the consent page)', consumes: ['application/x-www-form-urlencoded'] } },
      async (req, reply) => {
        const f = fieldsOf(req.body);
        const userId = await sessionUser(deps.db, deps.clock, req.cookies[SESSION_COOKIE]);
        if (!userId) return html(reply, 401, authorizeErrorPage('Your session ended. Start the connection again from the application.'));
        if (isCrossOrigin(req)) {
          return html(reply, 403, authorizeErrorPage('This form did not come from Quarry’s consent page (the browser says it was posted from another site).'));
        }
        try {
          const request = await checkAuthorizationRequest(deps.db, f, mcpResourceOf(req));
          const back = { uri: request.redirectUri, state: request.state };
          if (f.decision !== 'approve') {
            const denied = new AccessDeniedError('The user denied access').toResponseObject();
            return reply.redirect(redirectBack(back, originOf(req), { error: denied.error, error_description: denied.error_description ?? '' }), 302);
          }
          const code = await approve(deps.db, deps.clock, deps.config, userId, request);
          return reply.redirect(redirectBack(back, originOf(req), { code }), 302);
        } catch (err) {
          return fault(req, reply, err);
        }
      },
    );
  });
};
export default route;

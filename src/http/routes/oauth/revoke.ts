import type { RouteModule } from '../types.js';
import { revokeToken } from '../../../services/oauth.js';
import { acceptFormBodies, fieldsOf, oauthErrorSchema, sendOAuthError } from './shared.js';

/** POST /oauth/revoke: token revocation (RFC 7009); unknown tokens answer 200 too. */
const route: RouteModule = (app, deps) => {
  void app.register(async (scope) => {
    acceptFormBodies(scope);
    scope.post(
      '/oauth/revoke',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['oauth'],
          summary: 'Revoke an access or refresh token (RFC 7009)',
          consumes: ['application/x-www-form-urlencoded'],
          response: { 200: { type: 'object', additionalProperties: true }, 400: oauthErrorSchema },
        },
      },
      async (req, reply) => {
        try {
          await revokeToken(deps.db, deps.clock, fieldsOf(req.body));
          return reply.header('cache-control', 'no-store').send({});
        } catch (err) {
          return sendOAuthError(reply, err);
        }
      },
    );
  });
};
export default route;

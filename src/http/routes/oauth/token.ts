import type { RouteModule } from '../types.js';
import { exchangeCode, refreshTokens } from '../../../services/oauth.js';
import { UnsupportedGrantTypeError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { acceptFormBodies, fieldsOf, mcpResourceOf, oauthErrorSchema, sendOAuthError } from './shared.js';

/** POST /oauth/token: code (with its PKCE verifier) for tokens, or a refresh token for new ones (rotated). */
const route: RouteModule = (app, deps) => {
  void app.register(async (scope) => {
    acceptFormBodies(scope);
    scope.post(
      '/oauth/token',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['oauth'],
          summary: 'Exchange an authorization code or a refresh token for tokens',
          consumes: ['application/x-www-form-urlencoded'],
          response: { 200: { type: 'object', additionalProperties: true }, 400: oauthErrorSchema, 401: oauthErrorSchema },
        },
      },
      async (req, reply) => {
        const p = fieldsOf(req.body);
        try {
          let tokens;
          if (p.grant_type === 'authorization_code') tokens = await exchangeCode(deps.db, deps.clock, deps.config, p, mcpResourceOf(req));
          else if (p.grant_type === 'refresh_token') tokens = await refreshTokens(deps.db, deps.clock, deps.config, p);
          else throw new UnsupportedGrantTypeError('grant_type must be authorization_code or refresh_token');
          return reply.header('cache-control', 'no-store').send(tokens);
        } catch (err) {
          return sendOAuthError(reply, err);
        }
      },
    );
  });
};
export default route;

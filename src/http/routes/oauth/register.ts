import type { RouteModule } from '../types.js';
import { registerClient } from '../../../services/oauth.js';
import { oauthErrorSchema, sendOAuthError } from './shared.js';

/** POST /oauth/register: dynamic client registration (RFC 7591), public clients with PKCE. */
const route: RouteModule = (app, deps) => {
  app.post(
    '/oauth/register',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['oauth'],
        summary: 'Register an OAuth client (RFC 7591)',
        body: { type: 'object', additionalProperties: true },
        response: { 201: { type: 'object', additionalProperties: true }, 400: oauthErrorSchema },
      },
    },
    async (req, reply) => {
      try {
        const info = await registerClient(deps.db, deps.clock, req.body);
        return reply.code(201).header('cache-control', 'no-store').send(info);
      } catch (err) {
        return sendOAuthError(reply, err);
      }
    },
  );
};
export default route;

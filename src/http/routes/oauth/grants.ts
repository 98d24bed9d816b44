import type { RouteModule } from '../types.js';
import { listGrants, revokeGrant } from '../../../services/oauth.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';

const security: Array<Record<string, string[]>> = [{ Session: [] }, { ApiKey: [] }, { Bearer: [] }];

/** GET /account/oauth-grants: the applications connected through OAuth (what the dashboard lists). */
export const listRoute: RouteModule = (app, deps) => {
  app.get(
    '/account/oauth-grants',
    {
      config: { auth: 'session_or_key' },
      schema: {
        tags: ['account'],
        summary: 'List applications connected through OAuth',
        security,
        response: {
          200: {
            type: 'object',
            properties: {
              grants: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'string' },
                    client_id: { type: 'string' },
                    client_name: { type: 'string' },
                    scope: { type: 'string' },
                    created_at: { type: 'string' },
                    last_used_at: { type: ['string', 'null'] },
                  },
                },
              },
            },
          },
          ...errorResponses(401),
        },
      },
    },
    async (req) => ({ grants: await listGrants(deps.db, callerOf(req).userId) }),
  );
};

/** DELETE /account/oauth-grants/{id}: revokes the application's access and every token at once. */
export const revokeRoute: RouteModule = (app, deps) => {
  app.delete<{ Params: { id: string } }>(
    '/account/oauth-grants/:id',
    {
      config: { auth: 'session_or_key' },
      schema: {
        tags: ['account'],
        summary: 'Revoke a connected application',
        security,
        params: { type: 'object', properties: { id: { type: 'string', maxLength: 100 } }, required: ['id'] },
        response: { 200: { type: 'object', properties: { revoked: { type: 'boolean' }, id: { type: 'string' } } }, ...errorResponses(401, 404) },
      },
    },
    async (req) => {
      await revokeGrant(deps.db, deps.clock, callerOf(req).userId, req.params.id);
      return { revoked: true, id: req.params.id };
    },
  );
};

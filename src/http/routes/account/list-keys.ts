import type { RouteModule } from '../types.js';
import { listKeys } from '../../../services/keys.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';

/** GET /account/api-keys: the caller's keys, never their values. */
const route: RouteModule = (app, deps) => {
  app.get(
    '/account/api-keys',
    {
      config: { auth: 'session_or_key' },
      schema: {
        tags: ['account'],
        summary: 'List API keys (without values)',
        security: [{ Session: [] }, { ApiKey: [] }, { Bearer: [] }],
        response: {
          200: {
            type: 'object',
            properties: {
              keys: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'string' },
                    name: { type: ['string', 'null'] },
                    prefix: { type: 'string' },
                    created_at: { type: 'string' },
                    expires_at: { type: ['string', 'null'] },
                    last_used: { type: ['string', 'null'] },
                    revoked_at: { type: ['string', 'null'] },
                  },
                },
              },
            },
          },
          ...errorResponses(401),
        },
      },
    },
    async (req) => ({ keys: await listKeys(deps.db, callerOf(req).userId) }),
  );
};
export default route;

import type { RouteModule } from '../types.js';
import { createKey } from '../../../services/keys.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';

/** POST /account/api-key: a new key, shown once. A logged-in session only: a key cannot create a key. */
const route: RouteModule = (app, deps) => {
  app.post<{ Body: { name?: string; expires_at?: string | null } | undefined }>(
    '/account/api-key',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['account'],
        summary: 'Create an API key',
        security: [{ Session: [] }],
        body: {
          type: ['object', 'null'],
          properties: {
            name: { type: 'string', maxLength: 100 },
            expires_at: { type: ['string', 'null'], format: 'date-time' },
          },
          additionalProperties: false,
        },
        response: {
          201: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              api_key: { type: ['string', 'null'] },
              name: { type: ['string', 'null'] },
              created_at: { type: ['string', 'null'] },
              expires_at: { type: ['string', 'null'] },
              last_used: { type: ['string', 'null'] },
              message: { type: ['string', 'null'] },
              warning: { type: ['string', 'null'] },
            },
          },
          ...errorResponses(401, 422),
        },
      },
    },
    async (req, reply) => {
      const body = req.body ?? {};
      const key = await createKey(deps.db, deps.clock, callerOf(req).userId, {
        name: body.name ?? null,
        expiresAt: body.expires_at ?? null,
      });
      return reply.code(201).send(key);
    },
  );
};
export default route;

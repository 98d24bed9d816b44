import type { RouteModule } from '../types.js';
import { usagePerApi } from '../../../services/usage.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';

/** GET /account/usage/apis: calls, errors and credits per API over the last days (the usage page's table). */
const route: RouteModule = (app, deps) => {
  app.get<{ Querystring: { days?: number } }>(
    '/account/usage/apis',
    {
      config: { auth: 'session_or_key' },
      schema: {
        tags: ['account'],
        summary: 'Calls, errors and credits per API',
        security: [{ Session: [] }, { ApiKey: [] }, { Bearer: [] }],
        querystring: { type: 'object', properties: { days: { type: 'integer', minimum: 1, maximum: 90, default: 30 } }, additionalProperties: false },
        response: {
          200: {
            type: 'object',
            properties: {
              apis: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    scraper_id: { type: 'string' },
                    name: { type: ['string', 'null'] },
                    calls: { type: 'integer' },
                    errors: { type: 'integer' },
                    credits: { type: 'number' },
                    last_called_at: { type: ['string', 'null'] },
                  },
                  required: ['scraper_id', 'name', 'calls', 'errors', 'credits', 'last_called_at'],
                },
              },
            },
            required: ['apis'],
          },
          ...errorResponses(401, 422),
        },
      },
    },
    async (req) => {
      await deps.callLog.flush(); // calls are logged in batches: the answer includes the last one
      return { apis: await usagePerApi(deps.db, deps.clock, callerOf(req).userId, req.query.days ?? 30) };
    },
  );
};
export default route;

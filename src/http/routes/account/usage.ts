import type { RouteModule } from '../types.js';
import { usagePerDay } from '../../../services/usage.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';

/** GET /account/usage: calls and credits per UTC day (the dashboard's usage chart). */
const route: RouteModule = (app, deps) => {
  app.get<{ Querystring: { days?: number } }>(
    '/account/usage',
    {
      config: { auth: 'session_or_key' },
      schema: {
        tags: ['account'],
        summary: 'Calls and credits per day',
        security: [{ Session: [] }, { ApiKey: [] }, { Bearer: [] }],
        querystring: { type: 'object', properties: { days: { type: 'integer', minimum: 1, maximum: 90, default: 30 } }, additionalProperties: false },
        response: {
          200: {
            type: 'object',
            properties: {
              days: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { date: { type: 'string' }, calls: { type: 'integer' }, errors: { type: 'integer' }, credits: { type: 'integer' } },
                },
              },
            },
          },
          ...errorResponses(401, 422),
        },
      },
    },
    async (req) => {
      await deps.callLog.flush();
      return { days: await usagePerDay(deps.db, deps.clock, callerOf(req).userId, req.query.days ?? 30) };
    },
  );
};
export default route;

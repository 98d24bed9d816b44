import type { RouteModule } from '../types.js';
import { listUpdates } from '../../../services/marketplace/index.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses, taskIdParams } from '../../schemas.js';
import { keySecurity } from './schemas.js';

/** GET /dispatch/tasks/{task_id}/updates: what the canonical changed since the caller's copy was synced. */
const route: RouteModule = (app, deps) => {
  app.get<{ Params: { task_id: string } }>(
    '/dispatch/tasks/:task_id/updates',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['marketplace'],
        summary: 'Upstream updates of an API that follows a marketplace canonical',
        security: keySecurity,
        params: taskIdParams,
        response: {
          200: {
            type: 'object',
            properties: {
              updates: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    endpoint_name: { type: 'string' },
                    type: { type: 'string', enum: ['new', 'updated'] },
                    description: { type: 'string' },
                    method: { type: 'string' },
                    user_has_called: { type: 'boolean' },
                    breaking: { type: 'boolean' },
                    breaking_changes: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: { field: { type: 'string' }, change: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } },
                      },
                    },
                    from_version: { type: ['integer', 'null'] },
                    to_version: { type: 'integer' },
                  },
                  required: ['endpoint_name', 'type', 'description', 'method', 'user_has_called'],
                },
              },
              canonical_scraper_id: { type: 'string' },
              marketplace_id: { type: 'string' },
              latest_version: { type: 'integer' },
              pinned_version: { type: ['integer', 'null'] },
            },
            required: ['updates', 'canonical_scraper_id'],
          },
          ...errorResponses(401, 404, 409),
        },
      },
    },
    async (req) => listUpdates(deps, callerOf(req).userId, req.params.task_id),
  );
};
export default route;

import type { RouteModule } from '../types.js';
import { mergeUpdates } from '../../../services/marketplace/index.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses, taskIdParams } from '../../schemas.js';
import { keySecurity } from './schemas.js';

/** POST /dispatch/tasks/{task_id}/merge-updates: copy chosen upstream endpoints into a new version of the caller's API. */
const route: RouteModule = (app, deps) => {
  app.post<{ Params: { task_id: string }; Body: { endpoints: string[] } }>(
    '/dispatch/tasks/:task_id/merge-updates',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['marketplace'],
        summary: 'Merge upstream updates of chosen endpoints',
        security: keySecurity,
        params: taskIdParams,
        body: {
          type: 'object',
          properties: {
            endpoints: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', minLength: 1, maxLength: 100 } },
          },
          required: ['endpoints'],
        },
        response: {
          200: {
            type: 'object',
            properties: {
              merged: { type: 'integer' },
              endpoints: { type: 'array', items: { type: 'string' } },
              code_merged: { type: 'boolean' },
              version: { type: 'integer' },
              pinned_version: { type: 'integer' },
            },
            required: ['merged', 'endpoints', 'code_merged'],
          },
          ...errorResponses(400, 401, 404, 409, 422),
        },
      },
    },
    async (req) => mergeUpdates(deps, callerOf(req).userId, req.params.task_id, req.body.endpoints),
  );
};
export default route;

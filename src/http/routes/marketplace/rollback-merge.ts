import type { RouteModule } from '../types.js';
import { rollbackMerge } from '../../../services/marketplace/index.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses, taskIdParams } from '../../schemas.js';
import { keySecurity } from './schemas.js';

/** POST /dispatch/tasks/{task_id}/rollback-merge: undo the latest merge (409 when there is none to undo). */
const route: RouteModule = (app, deps) => {
  app.post<{ Params: { task_id: string } }>(
    '/dispatch/tasks/:task_id/rollback-merge',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['marketplace'],
        summary: 'Roll back the most recent merge',
        security: keySecurity,
        params: taskIdParams,
        response: {
          200: {
            type: 'object',
            properties: { rolled_back: { type: 'boolean' }, version: { type: 'integer' }, restored_version: { type: 'integer' } },
            required: ['rolled_back'],
          },
          ...errorResponses(401, 404, 409),
        },
      },
    },
    async (req) => rollbackMerge(deps, callerOf(req).userId, req.params.task_id),
  );
};
export default route;

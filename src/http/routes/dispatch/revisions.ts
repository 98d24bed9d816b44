import type { RouteModule } from '../types.js';
import { listRevisions } from '../../../services/tasks.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses, taskIdParams } from '../../schemas.js';

/** GET /dispatch/tasks/{task_id}/revisions: the child revision tasks, newest first. */
const route: RouteModule = (app, deps) => {
  app.get<{ Params: { task_id: string }; Querystring: { limit: number; offset: number } }>(
    '/dispatch/tasks/:task_id/revisions',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['dispatch'],
        summary: 'List revision tasks of a task',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        params: taskIdParams,
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
            offset: { type: 'integer', minimum: 0, default: 0 },
          },
        },
        response: { 200: { $ref: 'TaskList#' }, ...errorResponses(401, 404, 422) },
      },
    },
    async (req) => listRevisions(deps, callerOf(req).userId, req.params.task_id, req.query),
  );
};
export default route;

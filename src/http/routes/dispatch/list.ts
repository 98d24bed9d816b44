import type { RouteModule } from '../types.js';
import { listTasks } from '../../../services/tasks.js';
import { TASK_STATUSES } from '../../../services/task-state.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';

/** GET /dispatch/tasks: the caller's tasks, newest first. */
const route: RouteModule = (app, deps) => {
  app.get<{ Querystring: { status?: string; limit: number; offset: number } }>(
    '/dispatch/tasks',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['dispatch'],
        summary: "List the caller's tasks",
        security: [{ ApiKey: [] }, { Bearer: [] }],
        querystring: {
          type: 'object',
          properties: {
            status: { type: 'string', enum: [...TASK_STATUSES] },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
            offset: { type: 'integer', minimum: 0, default: 0 },
          },
        },
        response: { 200: { $ref: 'TaskList#' }, ...errorResponses(401, 422) },
      },
    },
    async (req) => listTasks(deps, callerOf(req).userId, req.query),
  );
};
export default route;

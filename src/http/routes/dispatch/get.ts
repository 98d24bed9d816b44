import type { RouteModule } from '../types.js';
import { getOwnedTask, toTaskView } from '../../../services/tasks.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses, taskIdParams } from '../../schemas.js';

/** GET /dispatch/tasks/{task_id}: one task, with its generated API once completed. */
const route: RouteModule = (app, deps) => {
  app.get<{ Params: { task_id: string } }>(
    '/dispatch/tasks/:task_id',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['dispatch'],
        summary: 'Get a task',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        params: taskIdParams,
        response: { 200: { $ref: 'Task#' }, ...errorResponses(401, 404) },
      },
    },
    async (req) => toTaskView(deps, await getOwnedTask(deps, callerOf(req).userId, req.params.task_id)),
  );
};
export default route;

import type { RouteModule } from '../types.js';
import { cancelTask } from '../../../services/tasks.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses, taskIdParams } from '../../schemas.js';

/** POST /dispatch/tasks/{task_id}/cancel: 200 for an in-flight task, 409 when already terminal. */
const route: RouteModule = (app, deps) => {
  app.post<{ Params: { task_id: string } }>(
    '/dispatch/tasks/:task_id/cancel',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['dispatch'],
        summary: 'Cancel an in-flight task',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        params: taskIdParams,
        response: {
          200: {
            type: 'object',
            properties: { task_id: { type: 'string' }, previous_status: { type: 'string' }, cancelled: { type: 'boolean' } },
          },
          ...errorResponses(401, 404, 409),
        },
      },
    },
    async (req) => cancelTask(deps, callerOf(req).userId, req.params.task_id),
  );
};
export default route;

import type { RouteModule } from '../types.js';
import { deleteTask } from '../../../services/removal.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses, taskIdParams } from '../../schemas.js';

/**
 * DELETE /dispatch/tasks/{task_id}: 204 for a failed or cancelled task (or a completed one whose
 * API is archived); 409 while it runs or while its API is live; 404 for another account's.
 */
const route: RouteModule = (app, deps) => {
  app.delete<{ Params: { task_id: string } }>(
    '/dispatch/tasks/:task_id',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['dispatch'],
        summary: 'Delete a finished task that built nothing',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        params: taskIdParams,
        response: { 204: { type: 'null', description: 'Deleted' }, ...errorResponses(401, 404, 409) },
      },
    },
    async (req, reply) => {
      await deleteTask(deps, callerOf(req).userId, req.params.task_id);
      return reply.code(204).send();
    },
  );
};
export default route;

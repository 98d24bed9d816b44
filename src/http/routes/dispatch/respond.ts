import type { RouteModule } from '../types.js';
import { respondToTask } from '../../../services/tasks.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses, taskIdParams } from '../../schemas.js';

/** POST /dispatch/{task_id}: answer the input prompt of a task waiting in needs_input. */
const route: RouteModule = (app, deps) => {
  app.post<{ Params: { task_id: string }; Body: { user_response: Record<string, unknown> } }>(
    '/dispatch/:task_id',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['dispatch'],
        summary: 'Answer an input prompt',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        params: taskIdParams,
        body: {
          type: 'object',
          properties: { user_response: { type: 'object', additionalProperties: true } },
          required: ['user_response'],
        },
        response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } }, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (req) => respondToTask(deps, callerOf(req).userId, req.params.task_id, req.body.user_response),
  );
};
export default route;

import type { RouteModule } from '../types.js';
import { reviseTask, type ReviseInput } from '../../../services/revisions/index.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses, taskIdParams } from '../../schemas.js';

/**
 * POST /dispatch/tasks/{task_id}/revise: classify a natural-language change to a completed
 * task's API and queue it as a child task. 409 unless the task is completed (or while another
 * revision of the API runs), 422 when the request cannot be read, 402 when a private revision
 * cannot be paid.
 */
const route: RouteModule = (app, deps) => {
  app.post<{ Params: { task_id: string }; Body: ReviseInput }>(
    '/dispatch/tasks/:task_id/revise',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['dispatch'],
        summary: 'Revise a completed API with a natural-language request',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        params: taskIdParams,
        body: {
          type: 'object',
          properties: {
            revision: { type: 'string', minLength: 1, maxLength: 4000, description: 'The change, e.g. "also return the author".' },
            contributes_to_marketplace: { type: 'boolean', default: true },
          },
          required: ['revision'],
        },
        response: {
          200: {
            type: 'object',
            properties: { task_id: { type: 'string' }, revision_type: { type: 'string', enum: ['fix', 'extend', 'modify'] } },
            required: ['task_id', 'revision_type'],
          },
          ...errorResponses(401, 402, 404, 409, 422),
        },
      },
    },
    async (req) => reviseTask(deps, callerOf(req).userId, req.params.task_id, req.body),
  );
};
export default route;

import type { RouteModule } from '../types.js';
import { createDispatch, FORCE_NEW_REMOVED, type DispatchInput } from '../../../services/tasks.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';

/** POST /dispatch: match a marketplace API or queue a build. */
const route: RouteModule = (app, deps) => {
  app.post<{ Body: DispatchInput }>(
    '/dispatch',
    {
      config: { auth: 'key' },
      // The removed field is refused before schema validation: 400, whatever else the body holds.
      preValidation: async (req) => {
        const body = req.body as unknown;
        if (body && typeof body === 'object' && 'force_new' in body) throw FORCE_NEW_REMOVED();
      },
      schema: {
        tags: ['dispatch'],
        summary: 'Create (or match) an API for a website',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        body: {
          type: 'object',
          properties: {
            url: { type: 'string', minLength: 1, maxLength: 2048 },
            task: { type: 'string', maxLength: 4000 },
            contributes_to_marketplace: { type: 'boolean', default: true },
            allow_auth: { type: 'boolean', default: false },
            workspace: { type: 'boolean', default: false },
          },
          required: ['url'],
        },
        response: {
          200: {
            type: 'object',
            properties: {
              task_id: { type: 'string' },
              matched: { type: 'boolean' },
              test_inputs: { type: 'array', items: {} },
              may_require_auth: { type: 'boolean' },
            },
            required: ['task_id', 'matched', 'test_inputs', 'may_require_auth'],
          },
          ...errorResponses(400, 401, 402, 403, 422),
        },
      },
    },
    async (req) => createDispatch(deps, callerOf(req).userId, req.body, deps.dispatchHooks, req.id),
  );
};
export default route;

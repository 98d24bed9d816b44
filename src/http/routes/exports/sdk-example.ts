import type { RouteModule } from '../types.js';
import { sdkExample } from '../../../services/exports/sdk-example.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses, taskIdParams } from '../../schemas.js';

/** GET /dispatch/tasks/{task_id}/sdk-example: TypeScript for the SDK, or null until the task completes. */
const route: RouteModule = (app, deps) => {
  app.get<{ Params: { task_id: string } }>(
    '/dispatch/tasks/:task_id/sdk-example',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['exports'],
        summary: 'TypeScript example calling the API through the Quarry SDK',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        params: taskIdParams,
        response: {
          200: {
            type: 'object',
            properties: {
              sdk_usage_example: {
                anyOf: [
                  {
                    type: 'object',
                    properties: {
                      code: { type: 'string' },
                      endpoints: { type: 'array', items: { type: 'string' } },
                      has_session: { type: 'boolean' },
                      language: { type: 'string', enum: ['typescript'] },
                    },
                    required: ['code', 'endpoints', 'has_session', 'language'],
                  },
                  { type: 'null' },
                ],
              },
            },
            required: ['sdk_usage_example'],
          },
          ...errorResponses(401, 404),
        },
      },
    },
    async (req) => sdkExample(deps, callerOf(req).userId, req.params.task_id),
  );
};
export default route;

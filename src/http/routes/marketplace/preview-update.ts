import type { RouteModule } from '../types.js';
import { previewUpdate } from '../../../services/marketplace/index.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';
import { keySecurity } from './schemas.js';

/**
 * POST /dispatch/tasks/{task_id}/preview-update/{endpoint_name}: run the canonical's latest
 * endpoint with `params` (default: its sample inputs); the caller's copy is untouched.
 */
const route: RouteModule = (app, deps) => {
  app.post<{ Params: { task_id: string; endpoint_name: string }; Body: { params?: Record<string, unknown> } | undefined }>(
    '/dispatch/tasks/:task_id/preview-update/:endpoint_name',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['marketplace'],
        summary: "Preview an update: run the canonical's endpoint without changing the copy",
        security: keySecurity,
        params: {
          type: 'object',
          properties: {
            task_id: { type: 'string', minLength: 1, maxLength: 100 },
            endpoint_name: { type: 'string', minLength: 1, maxLength: 100 },
          },
          required: ['task_id', 'endpoint_name'],
        },
        body: {
          type: ['object', 'null'],
          properties: { params: { type: 'object', additionalProperties: true } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              status: { type: 'string', enum: ['success', 'error'] },
              data: {},
              meta: {},
              error: {},
              sample_inputs: { type: 'object', additionalProperties: true },
              version: { type: 'integer' },
            },
            required: ['status', 'data', 'sample_inputs'],
          },
          ...errorResponses(401, 404, 409, 422),
          // The execution rate limit's own body: {error: {error, message, limit_type, retry_after}, status_code}.
          429: { type: 'object', additionalProperties: true },
        },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const controller = new AbortController();
      req.raw.once('close', () => controller.abort());
      return previewUpdate(deps, caller, req.params.task_id, req.params.endpoint_name, req.body?.params, controller.signal);
    },
  );
};
export default route;

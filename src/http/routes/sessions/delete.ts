import type { RouteModule } from '../types.js';
import { deleteSession } from '../../../services/sessions.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';

/**
 * DELETE /sessions/{session_id}: the caller ends a session a login endpoint gave it (its cookies
 * are deleted at once). Another account's session is unknown: 404.
 */
const route: RouteModule = (app, deps) => {
  app.delete<{ Params: { session_id: string } }>(
    '/sessions/:session_id',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['sessions'],
        summary: 'End a session opened by a login endpoint',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        params: { type: 'object', properties: { session_id: { type: 'string', minLength: 1, maxLength: 200 } }, required: ['session_id'] },
        response: { 200: { type: 'object', properties: { deleted: { type: 'boolean' } } }, ...errorResponses(401, 404) },
      },
    },
    async (req) => deleteSession(deps, callerOf(req).userId, req.params.session_id),
  );
};
export default route;

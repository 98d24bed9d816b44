import type { RouteModule } from '../types.js';
import { revokeKey } from '../../../services/keys.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';

/** DELETE /account/api-keys/{id}: revokes at once. */
const route: RouteModule = (app, deps) => {
  app.delete<{ Params: { id: string } }>(
    '/account/api-keys/:id',
    {
      config: { auth: 'session_or_key' },
      schema: {
        tags: ['account'],
        summary: 'Revoke an API key',
        security: [{ Session: [] }, { ApiKey: [] }, { Bearer: [] }],
        params: { type: 'object', properties: { id: { type: 'string', maxLength: 100 } }, required: ['id'] },
        response: { 200: { type: 'object', properties: { revoked: { type: 'boolean' }, id: { type: 'string' } } }, ...errorResponses(401, 404) },
      },
    },
    async (req) => {
      await revokeKey(deps.db, deps.clock, callerOf(req).userId, req.params.id);
      return { revoked: true, id: req.params.id };
    },
  );
};
export default route;

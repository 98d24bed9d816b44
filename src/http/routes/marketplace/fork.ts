import type { RouteModule } from '../types.js';
import { fork } from '../../../services/marketplace/index.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';
import { acquiredSchema, keySecurity, listingIdParams } from './schemas.js';

/** POST /marketplace/apis/{id}/fork: a new editable copy of the latest release (`source: forked`). */
const route: RouteModule = (app, deps) => {
  app.post<{ Params: { id: string } }>(
    '/marketplace/apis/:id/fork',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['marketplace'],
        summary: 'Fork a marketplace API (an editable personal copy)',
        security: keySecurity,
        params: listingIdParams,
        response: { 200: acquiredSchema, ...errorResponses(401, 404) },
      },
    },
    async (req) => fork(deps, callerOf(req).userId, req.params.id),
  );
};
export default route;

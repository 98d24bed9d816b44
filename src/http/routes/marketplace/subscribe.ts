import type { RouteModule } from '../types.js';
import { subscribe } from '../../../services/marketplace/index.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';
import { acquiredSchema, keySecurity, listingIdParams } from './schemas.js';

/**
 * POST /marketplace/apis/{id}/subscribe: the caller's own copy, pinned to the latest release
 * (subscribing again returns the same copy). Also answers the task that records it.
 */
const route: RouteModule = (app, deps) => {
  app.post<{ Params: { id: string } }>(
    '/marketplace/apis/:id/subscribe',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['marketplace'],
        summary: 'Subscribe to a marketplace API (a pinned personal copy)',
        security: keySecurity,
        params: listingIdParams,
        response: { 200: acquiredSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (req) => subscribe(deps, callerOf(req).userId, req.params.id),
  );
};
export default route;

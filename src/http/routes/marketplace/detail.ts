import type { RouteModule } from '../types.js';
import { listingDetail } from '../../../services/marketplace/index.js';
import { errorResponses } from '../../schemas.js';
import { optionalCallerId } from './optional-caller.js';
import { listingDetailSchema, listingIdParams } from './schemas.js';

/**
 * GET /marketplace/apis/{id} (id or slug): the listing detail. No auth; with a valid key (or a
 * dashboard session) it adds the caller's user_status, user_scraper_id and pinned_version.
 */
const route: RouteModule = (app, deps) => {
  app.get<{ Params: { id: string } }>(
    '/marketplace/apis/:id',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['marketplace'],
        summary: 'A marketplace API in detail',
        params: listingIdParams,
        response: { 200: listingDetailSchema, ...errorResponses(401, 404) },
      },
    },
    async (req) => listingDetail(deps, req.params.id, await optionalCallerId(req, deps)),
  );
};
export default route;

import type { RouteModule } from '../types.js';
import { activeTaskOfScraper } from '../../../services/tasks.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';

/** GET /dispatch/scrapers/{scraper_id}/active-task: the in-flight revision of a scraper, or null. */
const route: RouteModule = (app, deps) => {
  app.get<{ Params: { scraper_id: string } }>(
    '/dispatch/scrapers/:scraper_id/active-task',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['dispatch'],
        summary: 'In-flight revision task of a scraper',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        params: { type: 'object', properties: { scraper_id: { type: 'string', maxLength: 100 } }, required: ['scraper_id'] },
        response: {
          200: { type: 'object', properties: { task: { anyOf: [{ $ref: 'Task#' }, { type: 'null' }] } }, required: ['task'] },
          ...errorResponses(401, 404),
        },
      },
    },
    async (req) => activeTaskOfScraper(deps, callerOf(req).userId, req.params.scraper_id),
  );
};
export default route;

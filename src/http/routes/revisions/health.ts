import type { RouteModule } from '../types.js';
import { getOwnedScraper } from '../../../services/scrapers.js';
import { healthRows } from '../../../services/revisions/index.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';

const nstr = { type: ['string', 'null'] } as const;

/**
 * GET /dispatch/scrapers/{scraper_id}/health (beyond the contract): what self-healing found for
 * each endpoint of an own API it has checked: status, since when it fails, the repair.
 */
const route: RouteModule = (app, deps) => {
  app.get<{ Params: { scraper_id: string } }>(
    '/dispatch/scrapers/:scraper_id/health',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['dispatch'],
        summary: 'Self-healing state of the endpoints of an API',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        params: { type: 'object', properties: { scraper_id: { type: 'string', maxLength: 100 } }, required: ['scraper_id'] },
        response: {
          200: {
            type: 'object',
            properties: {
              scraper_id: { type: 'string' },
              endpoints: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    endpoint_name: { type: 'string' },
                    status: { type: 'string', enum: ['healthy', 'failing', 'repairing', 'repaired', 'unrepaired'] },
                    checked_at: { type: 'string' },
                    failing_since: nstr,
                    last_failure: nstr,
                    repair_task_id: nstr,
                    repaired_at: nstr,
                    repairs: { type: 'integer' },
                  },
                },
              },
            },
            required: ['scraper_id', 'endpoints'],
          },
          ...errorResponses(401, 404),
        },
      },
    },
    async (req) => {
      const scraper = await getOwnedScraper(deps.db, callerOf(req).userId, req.params.scraper_id);
      const rows = await healthRows(deps.db.kysely, scraper.id);
      return { scraper_id: scraper.id, endpoints: rows.map(({ scraper_id: _s, ...row }) => ({ ...row, repairs: Number(row.repairs) })) };
    },
  );
};
export default route;

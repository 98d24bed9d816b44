import type { RouteModule } from '../types.js';
import { scraperMetadata } from '../../../services/recipes.js';
import { findScraper } from '../../../services/scrapers.js';
import { parseSnapshotVersion } from '../../snapshot-version.js';
import { notFound } from '../../../errors/index.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';

/** GET /scraper/{scraper_id}: the contract's Scraper metadata (own scrapers and marketplace canonicals). */
const route: RouteModule = (app, deps) => {
  app.get<{ Params: { scraper_id: string } }>(
    '/scraper/:scraper_id',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['execution'],
        summary: 'Scraper metadata and its request flow',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        params: { type: 'object', properties: { scraper_id: { type: 'string', maxLength: 100 } }, required: ['scraper_id'] },
        headers: { type: 'object', properties: { 'api-snapshot-version': { type: 'string' } } },
        response: {
          200: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              website: { type: 'string' },
              created_at: { type: 'string' },
              user_id: { type: 'string' },
              request_flow: { type: 'object', additionalProperties: true },
              has_script: { type: 'boolean' },
              name: { type: 'string' },
              description: { type: 'string' },
              source: { type: 'string' },
              version: { type: 'integer' },
              latest_version: { type: 'integer' },
              canonical_scraper_id: { type: ['string', 'null'] },
              archived_at: { type: ['string', 'null'], description: 'When its owner archived it; null while live' },
            },
          },
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const version = parseSnapshotVersion(req.headers['api-snapshot-version']) ?? null;
      const scraper = await findScraper(deps.db.kysely, req.params.scraper_id);
      const visible =
        scraper && (scraper.user_id === caller.userId || (deps.canonicals ? await deps.canonicals.isCallable(scraper, version) : false));
      if (!scraper || !visible) throw notFound(`Scraper ${req.params.scraper_id} not found`);
      return scraperMetadata(deps, scraper, version);
    },
  );
};
export default route;

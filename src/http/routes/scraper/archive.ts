import type { RouteModule } from '../types.js';
import { archiveScraper, restoreScraper } from '../../../services/removal.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';

const params = { type: 'object', properties: { scraper_id: { type: 'string', minLength: 1, maxLength: 100 } }, required: ['scraper_id'] } as const;

const archiveState = {
  type: 'object',
  properties: {
    scraper_id: { type: 'string' },
    archived: { type: 'boolean' },
    archived_at: { type: ['string', 'null'], description: 'When it was archived; null once restored' },
  },
  required: ['scraper_id', 'archived', 'archived_at'],
} as const;

/**
 * DELETE /scraper/{scraper_id} archives the caller's API; POST /scraper/{scraper_id}/restore
 * brings it back. Both idempotent; another account's API is 404 (docs/decisions.md, "Removing
 * APIs and tasks").
 */
const route: RouteModule = (app, deps) => {
  app.delete<{ Params: { scraper_id: string } }>(
    '/scraper/:scraper_id',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['execution'],
        summary: 'Archive an API: its endpoints stop answering your calls until it is restored',
        description:
          'Nothing is deleted: versions, sessions and call history stay, and a version published to the marketplace stays for its subscribers. Archiving again answers the first archive time.',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        params,
        response: { 200: archiveState, ...errorResponses(401, 404) },
      },
    },
    async (req) => archiveScraper(deps, callerOf(req).userId, req.params.scraper_id),
  );
  app.post<{ Params: { scraper_id: string } }>(
    '/scraper/:scraper_id/restore',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['execution'],
        summary: 'Restore an archived API',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        params,
        response: { 200: archiveState, ...errorResponses(401, 404) },
      },
    },
    async (req) => restoreScraper(deps, callerOf(req).userId, req.params.scraper_id),
  );
};
export default route;

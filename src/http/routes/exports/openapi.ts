import type { RouteModule } from '../types.js';
import { openApiExport } from '../../../services/exports/openapi-export.js';
import { ifNoneMatchHits } from '../../../services/exports/etag.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';

/**
 * GET /v1/apis/{scraper_id}/openapi.json: the OpenAPI 3.1 document of an own API or of a
 * callable marketplace canonical. `version` pins a snapshot (400 unless an integer >= 1, 404 when
 * it does not exist for the caller) and is echoed in API-Snapshot-Version. A strong ETag over the
 * canonical JSON; If-None-Match -> 304 with no body (only after the access check, so a 304 never
 * confirms that someone else's API exists).
 */
const route: RouteModule = (app, deps) => {
  app.get<{ Params: { scraper_id: string }; Querystring: { version?: string } }>(
    '/v1/apis/:scraper_id/openapi.json',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['exports'],
        summary: 'OpenAPI 3.1 document of an API',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        params: {
          type: 'object',
          properties: { scraper_id: { type: 'string', maxLength: 100, description: 'The scraper id (a UUID).' } },
          required: ['scraper_id'],
        },
        querystring: {
          type: 'object',
          properties: { version: { type: 'string', description: 'Pin a version snapshot: an integer >= 1.' } },
        },
        headers: { type: 'object', properties: { 'if-none-match': { type: 'string' } } },
        response: {
          200: { description: 'The OpenAPI 3.1 document', type: 'object', additionalProperties: true },
          304: { description: 'Not modified: the document matches If-None-Match', type: 'null' },
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (req, reply) => {
      const doc = await openApiExport(deps, callerOf(req).userId, req.params.scraper_id, req.query.version);
      void reply.header('etag', doc.etag).header('cache-control', 'private, no-cache');
      if (doc.pinned !== null) void reply.header('api-snapshot-version', String(doc.pinned));
      if (ifNoneMatchHits(req.headers['if-none-match'], doc.etag)) return reply.code(304).send();
      // The exact text the ETag was computed over.
      return reply.type('application/json; charset=utf-8').send(doc.body);
    },
  );
};
export default route;

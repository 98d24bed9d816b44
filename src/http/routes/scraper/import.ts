import type { RouteModule } from '../types.js';
import { importRecipe, pushRecipeVersion, versionHistory } from '../../../services/recipes.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';

const created = {
  type: 'object',
  properties: {
    scraper_id: { type: 'string' },
    version: { type: 'integer' },
    generated_api: { $ref: 'GeneratedApi#' },
  },
} as const;

const scraperParams = {
  type: 'object',
  properties: { scraper_id: { type: 'string', maxLength: 100 } },
  required: ['scraper_id'],
} as const;

/**
 * Bring your own recipe: POST /scrapers creates a scraper from a hand-written recipe,
 * PUT /scrapers/{id} adds a new version, GET /scrapers/{id}/versions lists them.
 */
const route: RouteModule = (app, deps) => {
  app.post(
    '/scrapers',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['scrapers'],
        summary: 'Create a scraper from a recipe (docs/recipe.md)',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        body: { type: 'object', description: 'A recipe document.' },
        response: { 201: created, ...errorResponses(400, 401, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await importRecipe(deps, callerOf(req).userId, req.body)),
  );
  app.put<{ Params: { scraper_id: string } }>(
    '/scrapers/:scraper_id',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['scrapers'],
        summary: 'Add a new version of an own scraper from a recipe',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        params: scraperParams,
        body: { type: 'object', description: 'A recipe document.' },
        response: { 200: created, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (req) => pushRecipeVersion(deps, callerOf(req).userId, req.params.scraper_id, req.body),
  );
  app.get<{ Params: { scraper_id: string } }>(
    '/scrapers/:scraper_id/versions',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['scrapers'],
        summary: 'Version history of an own scraper',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        params: scraperParams,
        response: {
          200: {
            type: 'object',
            properties: {
              versions: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { version: { type: 'integer' }, reason: { type: 'string' }, created_at: { type: 'string' } },
                },
              },
            },
          },
          ...errorResponses(401, 404),
        },
      },
    },
    async (req) => versionHistory(deps, callerOf(req).userId, req.params.scraper_id),
  );
};
export default route;

import type { RouteModule } from '../types.js';
import { browseListings, type BrowseQuery } from '../../../services/marketplace/index.js';
import { CATEGORIES } from '../../../marketplace/search/index.js';
import { errorResponses } from '../../schemas.js';
import { countryParam, scoredSummarySchema, semanticParam } from './schemas.js';

/** GET /marketplace/apis: browse (no q: sorted top / recent / name) or hybrid search (q). No auth. */
const route: RouteModule = (app, deps) => {
  app.get<{ Querystring: BrowseQuery }>(
    '/marketplace/apis',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['marketplace'],
        summary: 'Search and browse marketplace APIs',
        querystring: {
          type: 'object',
          properties: {
            q: { type: 'string', maxLength: 500, description: 'Free-text query: hybrid-ranked when given' },
            sort: { type: 'string', enum: ['top', 'recent', 'name'], default: 'top', description: 'Order when not searching' },
            category: { type: 'string', enum: [...CATEGORIES], description: 'Category slug (primary or secondary)' },
            country: countryParam,
            semantic: semanticParam,
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
            offset: { type: 'integer', minimum: 0, default: 0 },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              items: { type: 'array', items: scoredSummarySchema },
              total: { type: 'integer' },
              limit: { type: 'integer' },
              offset: { type: 'integer' },
              semantic: { type: 'boolean' },
            },
            required: ['items', 'total', 'limit', 'offset'],
          },
          ...errorResponses(422),
        },
      },
    },
    async (req) => browseListings(deps, req.query),
  );
};
export default route;

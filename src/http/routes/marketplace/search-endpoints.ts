import type { RouteModule } from '../types.js';
import { searchEndpoints, type EndpointSearchQuery } from '../../../services/marketplace/index.js';
import { validationFailed } from '../../../errors/index.js';
import { errorResponses } from '../../schemas.js';
import { countryParam, scoredSummarySchema, semanticParam } from './schemas.js';

/** GET /marketplace/search-endpoints: matching APIs and matching endpoints, two groups. No auth. */
const route: RouteModule = (app, deps) => {
  app.get<{ Querystring: EndpointSearchQuery }>(
    '/marketplace/search-endpoints',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['marketplace'],
        summary: 'Search marketplace endpoints and APIs',
        querystring: {
          type: 'object',
          properties: {
            q: { type: 'string', minLength: 1, maxLength: 120 },
            limit_apis: { type: 'integer', minimum: 1, maximum: 20, default: 5 },
            limit_endpoints: { type: 'integer', minimum: 1, maximum: 40, default: 10 },
            country: countryParam,
            semantic: semanticParam,
          },
          required: ['q'],
        },
        response: {
          200: {
            type: 'object',
            properties: {
              query: { type: 'string' },
              apis: { type: 'array', items: scoredSummarySchema },
              endpoints: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    api_id: { type: 'string' },
                    api_slug: { type: 'string' },
                    api_name: { type: 'string' },
                    endpoint_name: { type: 'string' },
                    method: { type: 'string' },
                    summary: { type: 'string' },
                    score: { type: 'number' },
                  },
                },
              },
              semantic: { type: 'boolean' },
            },
            required: ['query', 'apis', 'endpoints'],
          },
          ...errorResponses(422),
        },
      },
    },
    async (req) => {
      if (!req.query.q.trim()) {
        throw validationFailed('q: must contain a non-blank character', [{ field: 'q', message: 'is blank', in: 'querystring' }]);
      }
      return searchEndpoints(deps, req.query);
    },
  );
};
export default route;

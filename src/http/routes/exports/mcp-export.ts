import type { RouteModule } from '../types.js';
import { mcpExport } from '../../../services/exports/mcp-tools.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses, taskIdParams } from '../../schemas.js';

const tool = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    description: { type: 'string' },
    inputSchema: { type: 'object', additionalProperties: true },
    outputSchema: { type: 'object', additionalProperties: true },
    annotations: { type: 'object', additionalProperties: true },
    _meta: {
      type: 'object',
      properties: {
        scraper_id: { type: 'string' },
        endpoint_name: { type: 'string' },
        method: { type: 'string' },
        execution_url: { type: 'string' },
        initiates_session: { type: 'boolean' },
        depends_on_session: { type: ['string', 'null'] },
      },
    },
  },
  required: ['name', 'description', 'inputSchema'],
} as const;

/** GET /dispatch/tasks/{task_id}/export/mcp: a completed API as MCP tool objects (409 before it completes). */
const route: RouteModule = (app, deps) => {
  app.get<{ Params: { task_id: string } }>(
    '/dispatch/tasks/:task_id/export/mcp',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['exports'],
        summary: 'Export an API as Model Context Protocol tools',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        params: taskIdParams,
        response: {
          200: { type: 'object', properties: { tools: { type: 'array', items: tool } }, required: ['tools'] },
          ...errorResponses(401, 404, 409),
        },
      },
    },
    async (req) => mcpExport(deps, callerOf(req).userId, req.params.task_id),
  );
};
export default route;

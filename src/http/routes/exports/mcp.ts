import type { FastifyReply } from 'fastify';
import type { RouteModule } from '../types.js';
import { handleMcpPost, jsonRpcError } from '../../../mcp/http-transport.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';

const security: Array<Record<string, string[]>> = [{ ApiKey: [] }, { Bearer: [] }, { OAuth: ['mcp'] }];
/** As http/app.ts sets it on every answer (not imported: app.ts imports the routes). */
const REQUEST_ID_HEADER = 'x-quarry-request-id';

/**
 * POST /mcp: the Model Context Protocol server (Streamable HTTP, stateless, JSON answers),
 * authenticated by API key or OAuth access token (401 before the body is read). GET and DELETE
 * belong to the transport's session and stream features, which a stateless server does not
 * offer: 405, as the transport's specification says.
 */
const route: RouteModule = (app, deps) => {
  app.post(
    '/mcp',
    {
      config: { auth: 'key_or_oauth' },
      schema: {
        tags: ['mcp'],
        summary: 'Model Context Protocol server (Streamable HTTP)',
        description: 'Send JSON-RPC messages (initialize, tools/list, tools/call) with Accept: application/json, text/event-stream. See docs/mcp.md.',
        security,
        body: { description: 'A JSON-RPC message, or a batch of them.' },
        response: errorResponses(401),
      },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      // The transport writes the raw response itself; our trace header goes on first.
      reply.hijack();
      reply.raw.setHeader(REQUEST_ID_HEADER, req.id);
      try {
        await handleMcpPost(deps, { userId: caller.userId, keyId: caller.keyId ?? '', plan: caller.plan ?? 'free' }, req.raw, reply.raw, req.body);
      } catch (err) {
        req.log.error({ err }, 'MCP request failed');
        if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json' });
        if (!reply.raw.writableEnded) reply.raw.end(JSON.stringify(jsonRpcError(-32603, 'Internal error')));
      }
    },
  );
  const notAllowed = async (_req: unknown, reply: FastifyReply) =>
    reply.code(405).header('allow', 'POST').send(jsonRpcError(-32000, 'Method not allowed: this MCP server is stateless; send JSON-RPC messages with POST'));
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      config: { auth: 'key_or_oauth' },
      schema: { tags: ['mcp'], summary: `${method} /mcp: not offered by the stateless server (405)`, security, response: errorResponses(401) },
      handler: notAllowed,
    });
  }
};
export default route;

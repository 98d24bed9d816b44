import type { FastifyReply } from 'fastify';
import type { RouteModule } from '../types.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';
import { isQuarryError, knownError } from '../../../errors/index.js';

const security: Array<Record<string, string[]>> = [{ ApiKey: [] }, { Bearer: [] }, { OAuth: ['mcp'] }];
/** As http/app.ts sets it on every answer (not imported: app.ts imports the routes). */
const REQUEST_ID_HEADER = 'x-quarry-request-id';

/** A JSON-RPC error body for failures outside the protocol server (no request id is known). */
const jsonRpcError = (code: number, message: string) => ({ jsonrpc: '2.0', error: { code, message }, id: null });

/**
 * The MCP server and its SDK (zod schemas, the Streamable HTTP transport: ~7 MB of heap) load on
 * the first POST /mcp, not at start-up: a deployment nobody reaches over MCP never holds them.
 * The module system keeps the loaded module, so later requests do not load it again.
 */
const loadTransport = () => import('../../../mcp/http-transport.js');

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
        const { handleMcpPost } = await loadTransport();
        await handleMcpPost(deps, { userId: caller.userId, keyId: caller.keyId ?? '', plan: caller.plan ?? 'free' }, req.raw, reply.raw, req.body);
      } catch (err) {
        // A lost database or Redis connection is a 503 to retry (errors/index.ts knownError); anything else a 500.
        const lost = isQuarryError(err) ? null : knownError(err);
        if (lost) req.log.warn({ err }, 'MCP request met a lost connection');
        else req.log.error({ err }, 'MCP request failed');
        if (!reply.raw.headersSent) reply.raw.writeHead(lost?.status ?? 500, { 'content-type': 'application/json', ...lost?.headers });
        if (!reply.raw.writableEnded) reply.raw.end(JSON.stringify(jsonRpcError(-32603, lost?.message ?? 'Internal error')));
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

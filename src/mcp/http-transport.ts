/**
 * The thin transport adapter: one POST /mcp exchange, in the Streamable HTTP transport's
 * stateless mode. Each request gets its own protocol server bound to the caller the HTTP layer
 * authenticated, answers with plain JSON (no SSE stream is held open), and is torn down when
 * the response closes. Nothing lives between requests except the capped-result store, so any
 * server process can answer any request (read_more aside: see docs/mcp.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ServiceDeps } from '../services/deps.js';
import type { McpCaller } from './context.js';
import { createMcpServer } from './server.js';

export async function handleMcpPost(
  deps: ServiceDeps,
  caller: McpCaller,
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
): Promise<void> {
  const server = createMcpServer(deps, caller);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.once('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}

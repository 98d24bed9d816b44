/**
 * The MCP protocol core for one authenticated caller: tools/list (the platform tools, then one
 * tool per endpoint of the caller's APIs, PAGE_SIZE per page with a cursor) and tools/call
 * (a platform tool, or an endpoint tool run through executeEndpoint). Every result goes through
 * the result cap (result-pages.ts). A tool that fails answers `isError: true` with the service's
 * own error body; an unknown tool or a bad cursor is a protocol error (-32602).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { isQuarryError, toHttp } from '../errors/index.js';
import type { ServiceDeps } from '../services/deps.js';
import { ExecutionFailure } from '../services/execute.js';
import { endpointToolsPage, findEndpointTool, listCallerApis, type CatalogApi, type CatalogPosition } from './catalog.js';
import type { McpCaller, ToolContext, ToolOutcome } from './context.js';
import { checkArgs } from './args.js';
import { PLATFORM_TOOLS, runEndpoint } from './platform-tools.js';
import { resultPagesOf } from './result-pages.js';

/** Tools per tools/list page (the first page also holds the platform tools). */
export const PAGE_SIZE = 50;

const INSTRUCTIONS = `Quarry turns websites into typed APIs.
- Your APIs' endpoints are tools named <api>__<endpoint>. With many APIs, use find_tools to find one by words instead of listing them all.
- build_api starts a build and answers a task_id; get_task (with wait_seconds) follows it until it completes.
- Results longer than 24 KB are cut into parts; pass the cursor of a part to read_more for the next one.`;

export function createMcpServer(deps: ServiceDeps, caller: McpCaller): Server {
  const server = new Server(
    { name: 'quarry', title: 'Quarry', version: '2.0.0' },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
  );
  let apis: Promise<CatalogApi[]> | null = null;
  const context = (signal: AbortSignal): ToolContext => ({
    deps,
    caller,
    signal,
    pages: resultPagesOf(deps),
    apis: () => (apis ??= listCallerApis(deps, caller.userId)),
  });

  server.setRequestHandler(ListToolsRequestSchema, async (req, extra) => {
    const from = req.params?.cursor === undefined ? null : decodeCursor(req.params.cursor);
    const platform = from ? [] : PLATFORM_TOOLS.map((t) => t.definition as Tool);
    const page = await endpointToolsPage(deps, await context(extra.signal).apis(), from, PAGE_SIZE - platform.length);
    const tools = [...platform, ...(page.tools as unknown as Tool[])];
    return page.next ? { tools, nextCursor: encodeCursor(page.next) } : { tools };
  });

  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const ctx = context(extra.signal);
    const { name } = req.params;
    const args = req.params.arguments ?? {};
    try {
      const platform = PLATFORM_TOOLS.find((t) => t.definition.name === name);
      if (platform) return await toResult(ctx, await platform.run(ctx, checkArgs(platform.definition.inputSchema, args)));
      const tool = await findEndpointTool(deps, await ctx.apis(), name);
      if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}. Use find_tools to find the tools of your APIs.`);
      return await toResult(ctx, await runEndpoint(ctx, tool._meta.scraper_id, tool._meta.endpoint_name, args));
    } catch (err) {
      if (err instanceof McpError) throw err;
      return errorResult(deps, err);
    }
  });
  return server;
}

async function toResult(ctx: ToolContext, outcome: ToolOutcome): Promise<CallToolResult> {
  const part = 'part' in outcome ? outcome.part : await ctx.pages.first(ctx.caller.userId, outcome.value);
  const meta: Record<string, unknown> = { ...('meta' in outcome ? outcome.meta : {}) };
  const content: CallToolResult['content'] = [{ type: 'text', text: part.text }];
  if (part.note) {
    content.push({ type: 'text', text: part.next ? `${part.note} cursor: ${part.next}` : part.note });
    Object.assign(meta, { cursor: part.next, has_more: part.next !== null });
  }
  return Object.keys(meta).length > 0 ? { content, _meta: meta } : { content };
}

/** The service's own error body (management or execution envelope) as the tool's error text. */
function errorResult(deps: ServiceDeps, thrown: unknown): CallToolResult {
  // An execution's failure carries its accounting as values (services/execute.ts).
  const failure = thrown instanceof ExecutionFailure ? thrown : null;
  const err = failure ? failure.error : thrown;
  const http = toHttp(err);
  if (!isQuarryError(err) || err.code === 'internal') deps.logger.error({ err }, 'MCP tool failed');
  const meta: Record<string, unknown> = { status_code: http.statusCode };
  if (failure) {
    Object.assign(meta, { credits_charged: failure.charged }, failure.balance === null ? {} : { credits_remaining: failure.balance });
  }
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(http.body) }], _meta: meta };
}

function encodeCursor(pos: CatalogPosition): string {
  return Buffer.from(JSON.stringify([pos.apiId, pos.apiIndex, pos.endpoint])).toString('base64url');
}

function decodeCursor(cursor: string): CatalogPosition {
  try {
    const [apiId, apiIndex, endpoint] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof apiId === 'string' && isCount(apiIndex) && isCount(endpoint)) {
      return { apiId, apiIndex, endpoint };
    }
  } catch {
    // fall through: not one of our cursors
  }
  throw new McpError(ErrorCode.InvalidParams, 'Invalid tools/list cursor');
}

const isCount = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;

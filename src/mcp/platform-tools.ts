/**
 * The platform tools of decisions.md, each mapped onto one service: search_marketplace,
 * build_api (createDispatch), get_task (the task, with progress), call_endpoint
 * (executeEndpoint: the same limits and credits as HTTP), revise_api (reviseTask); plus find_tools (search the
 * caller's own endpoint tools) and read_more (the rest of a capped result).
 */
import { notFound } from '../errors/index.js';
import { reviseTask } from '../services/revisions/index.js';
import { createDispatch, getOwnedTask, toTaskView } from '../services/tasks.js';
import { executeEndpoint } from '../services/execute.js';
import { splitSession } from '../services/sessions.js';
import { isTerminal } from '../services/task-state.js';
import type { PlatformTool, ToolContext, ToolOutcome } from './context.js';
import { taskSummary } from './task-summary.js';
import { searchTools } from './tool-search.js';
import { searchMarketplace as marketplaceSearch } from './marketplace-tool.js';
import { removeApi, restoreApi } from './removal-tools.js';
import { createMonitor, listChanges } from '../services/monitors/index.js';

const str = (maxLength: number, description: string, minLength = 1) => ({ type: 'string', minLength, maxLength, description });
const object = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** Run an endpoint exactly as POST /scraper/{id}/{endpoint} does (rate limit per key, price, credits). */
export async function runEndpoint(
  ctx: ToolContext,
  scraperId: string,
  endpointName: string,
  params: unknown,
  opts: { version?: number } = {},
): Promise<ToolOutcome> {
  const res = await executeEndpoint(ctx.deps, ctx.caller, {
    scraperId,
    endpointName,
    // A session pair arrives among the tool's arguments (session_id, encryption_key).
    read: () => ({ ...splitSession(params), version: opts.version }),
    signal: ctx.signal,
  });
  return { value: res.body, meta: { credits_charged: res.charged, credits_remaining: res.balance } };
}

async function taskValue(ctx: ToolContext, taskId: string): Promise<Record<string, unknown>> {
  const task = await toTaskView(ctx.deps, await getOwnedTask(ctx.deps, ctx.caller.userId, taskId));
  const apis = await ctx.apis();
  return taskSummary(task, (id) => apis.find((a) => a.id === id)?.slug);
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

const searchMarketplace: PlatformTool = {
  definition: {
    name: 'search_marketplace',
    title: 'Search the marketplace',
    description:
      'Search the public marketplace of ready-made APIs by words (site, data, use). Answers matching APIs and endpoints, each with the canonical_scraper_id to run it with call_endpoint.',
    inputSchema: object({ query: str(120, 'What to look for'), limit: { type: 'integer', minimum: 1, maximum: 20, default: 5 } }, ['query']),
    annotations: readOnly,
  },
  run: async (ctx, args) => ({ value: await marketplaceSearch(ctx, String(args.query), Number(args.limit)) }),
};

const buildApi: PlatformTool = {
  definition: {
    name: 'build_api',
    title: 'Build an API from a website',
    description:
      'Start building a typed API from a website address and a description of the wanted data. Answers at once with the task_id and its progress; follow it with get_task.',
    inputSchema: object(
      {
        url: str(2048, 'Website address (http or https)'),
        task: str(4000, 'The data wanted, in plain words', 0),
        contributes_to_marketplace: { type: 'boolean', default: true, description: 'false makes a private, charged build (permanent)' },
        allow_auth: { type: 'boolean', default: false, description: 'Permit a build that needs login (paid plans)' },
      },
      ['url'],
    ),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  },
  async run(ctx, args) {
    const started = await createDispatch(ctx.deps, ctx.caller.userId, args as { url: string }, ctx.deps.dispatchHooks);
    const task = await taskValue(ctx, started.task_id);
    return { value: { matched: started.matched, may_require_auth: started.may_require_auth, test_inputs: started.test_inputs, ...task } };
  },
};

const getTask: PlatformTool = {
  definition: {
    name: 'get_task',
    title: 'Get a build task',
    description:
      'A build task: status, progress, and when completed the API with the tool of each endpoint. wait_seconds waits (up to 25 s) until the task ends or asks for input.',
    inputSchema: object(
      { task_id: str(100, 'The task_id of build_api'), wait_seconds: { type: 'integer', minimum: 0, maximum: 25, default: 0 } },
      ['task_id'],
    ),
    annotations: readOnly,
  },
  async run(ctx, args) {
    const taskId = String(args.task_id);
    const deadline = Date.now() + Number(args.wait_seconds) * 1000;
    for (;;) {
      const row = await getOwnedTask(ctx.deps, ctx.caller.userId, taskId);
      if (isTerminal(row.status) || row.status === 'needs_input' || Date.now() >= deadline || ctx.signal.aborted) break;
      await sleep(Math.min(500, deadline - Date.now()), ctx.signal);
    }
    return { value: await taskValue(ctx, taskId) };
  },
};

const callEndpoint: PlatformTool = {
  definition: {
    name: 'call_endpoint',
    title: 'Call an API endpoint',
    description:
      'Run an endpoint of one of your APIs (or a marketplace canonical) by scraper_id and endpoint_name. Same answer, limits and credits as POST /scraper/{scraper_id}/{endpoint_name}.',
    inputSchema: object(
      {
        scraper_id: str(100, 'The scraper id'),
        endpoint_name: str(100, 'The endpoint name'),
        params: { type: 'object', default: {}, description: "The endpoint's parameters (its input_params)" },
        version: { type: 'integer', minimum: 1, description: 'Pin a version of the API' },
      },
      ['scraper_id', 'endpoint_name'],
    ),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  },
  run: (ctx, args) =>
    runEndpoint(ctx, String(args.scraper_id), String(args.endpoint_name), args.params, {
      version: args.version === undefined ? undefined : Number(args.version),
    }),
};

const reviseApi: PlatformTool = {
  definition: {
    name: 'revise_api',
    title: 'Revise an API',
    description:
      'Ask for a change of a completed API in plain words (fix, extend or modify). Answers the revision task_id and its progress; follow it with get_task.',
    inputSchema: object(
      {
        task_id: str(100, 'The completed task of the API'),
        revision: str(4000, 'The change wanted'),
        contributes_to_marketplace: { type: 'boolean', default: true },
      },
      ['task_id', 'revision'],
    ),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  },
  async run(ctx, args) {
    const queued = await reviseTask(ctx.deps, ctx.caller.userId, String(args.task_id), {
      revision: String(args.revision),
      contributes_to_marketplace: args.contributes_to_marketplace as boolean,
    });
    return { value: { revision_type: queued.revision_type, ...(await taskValue(ctx, queued.task_id)) } };
  },
};

const findTools: PlatformTool = {
  definition: {
    name: 'find_tools',
    title: 'Find tools of your APIs',
    description:
      "Find the tools of your own APIs by words (site, data, endpoint), instead of listing them all. Answers each tool's name, description and inputSchema; call it by name.",
    inputSchema: object({ query: str(200, 'Words to look for; empty lists all', 0), limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 } }),
    annotations: readOnly,
  },
  async run(ctx, args) {
    const { hits, total } = await searchTools(ctx.deps, await ctx.apis(), String(args.query ?? ''), Number(args.limit));
    const tools = hits.map(({ tool }) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      scraper_id: tool._meta.scraper_id,
      endpoint_name: tool._meta.endpoint_name,
    }));
    return { value: { tools, total } };
  },
};

const readMore: PlatformTool = {
  definition: {
    name: 'read_more',
    title: 'Read the rest of a long result',
    description: 'Results longer than 24 KB are cut; each part names a cursor. Pass it here for the next part (kept 15 minutes).',
    inputSchema: object({ cursor: str(64, 'The cursor of the previous part') }, ['cursor']),
    annotations: readOnly,
  },
  async run(ctx, args) {
    const part = await ctx.pages.read(ctx.caller.userId, String(args.cursor));
    if (!part) throw notFound('Unknown or expired cursor: run the original tool again');
    return { part };
  },
};

const createMonitorTool: PlatformTool = {
  definition: {
    name: 'create_monitor',
    title: 'Monitor an endpoint for changes',
    description:
      'Run one endpoint of your API on a schedule (every_seconds, or cron in UTC) with fixed params and record which records were added, removed or changed, field by field. Optional webhook_url receives signed monitor.changed webhooks (Standard Webhooks; the answer carries the whsec_ secret, shown only now). Read the changes with list_monitor_changes.',
    inputSchema: object(
      {
        scraper_id: str(100, 'The scraper id of your API'),
        endpoint_name: str(100, 'The endpoint to run'),
        params: { type: 'object', default: {}, description: "The endpoint's parameters, fixed for every run" },
        every_seconds: { type: 'integer', minimum: 1, description: 'Run every N seconds (plan minimum: free 3600, paid 60)' },
        cron: str(100, 'Or a cron expression (UTC)'),
        webhook_url: str(2000, 'Receives a signed webhook per change'),
        key_fields: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 10, description: 'Fields identifying a record (default: its id or url field)' },
        name: str(200, 'A name for the monitor'),
      },
      ['scraper_id', 'endpoint_name'],
    ),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  },
  async run(ctx, args) {
    const monitor = await createMonitor(ctx.deps, ctx.caller.userId, {
      scraper_id: String(args.scraper_id),
      endpoint_name: String(args.endpoint_name),
      params: (args.params as Record<string, unknown> | undefined) ?? {},
      every_seconds: args.every_seconds === undefined ? null : Number(args.every_seconds),
      cron: args.cron === undefined ? null : String(args.cron),
      webhook_url: args.webhook_url === undefined ? null : String(args.webhook_url),
      key_fields: (args.key_fields as string[] | undefined) ?? null,
      name: args.name === undefined ? null : String(args.name),
    });
    return { value: monitor };
  },
};

const listMonitorChanges: PlatformTool = {
  definition: {
    name: 'list_monitor_changes',
    title: "List a monitor's changes",
    description: 'The item-level changes a monitor found, newest first: records added, removed, and changed with each field from -> to. Pass next_cursor back as cursor for older ones.',
    inputSchema: object(
      { monitor_id: str(100, 'The monitor_id of create_monitor'), cursor: str(500, 'next_cursor of the previous answer'), limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
      ['monitor_id'],
    ),
    annotations: readOnly,
  },
  run: async (ctx, args) => ({
    value: await listChanges(ctx.deps, ctx.caller.userId, String(args.monitor_id), {
      limit: args.limit === undefined ? 20 : Number(args.limit),
      cursor: args.cursor === undefined ? undefined : String(args.cursor),
    }),
  }),
};

export const PLATFORM_TOOLS: PlatformTool[] = [searchMarketplace, buildApi, getTask, callEndpoint, reviseApi, removeApi, restoreApi, createMonitorTool, listMonitorChanges, findTools, readMore];

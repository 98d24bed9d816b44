/**
 * An API's endpoints as Model Context Protocol tool objects (decisions.md "Exports and MCP"):
 * `{name, description, inputSchema, outputSchema, annotations, _meta}`. The export of a task
 * (GET /dispatch/tasks/{id}/export/mcp) and the live MCP server (src/mcp) share this mapping.
 */
import type { Config } from '../../config/index.js';
import { conflict } from '../../errors/index.js';
import type { EndpointRecipe, Recipe } from '../../recipe/types.js';
import type { ServiceDeps } from '../deps.js';
import { endpointDefinition, executionBaseUrl } from '../api-view.js';
import { findScraper, getLatestVersion } from '../scrapers.js';
import { getOwnedTask } from '../tasks.js';
import { objectSchema } from './openapi.js';
import { apiSlug, toolName } from './tool-names.js';

type Json = Record<string, unknown>;

export interface McpToolMeta {
  scraper_id: string;
  endpoint_name: string;
  method: string;
  execution_url: string;
  initiates_session: boolean;
  depends_on_session: string | null;
}

export interface McpTool {
  name: string;
  description: string;
  inputSchema: Json;
  outputSchema?: Json;
  annotations: Json;
  _meta: McpToolMeta;
}

export interface ToolApi {
  scraperId: string;
  slug: string;
  recipe: Recipe;
}

/** The session pair a protected endpoint needs, as tool arguments (execution reads them from the body). */
const SESSION_ARGS = {
  session_id: { type: 'string', description: 'session_id answered by the login endpoint' },
  encryption_key: { type: 'string', description: 'encryption_key answered by the login endpoint' },
};

export function endpointTool(
  config: Pick<Config, 'publicUrl'>,
  api: ToolApi,
  ep: EndpointRecipe,
  opts: { outputSchema: boolean } = { outputSchema: true },
): McpTool {
  const def = endpointDefinition(ep);
  const input = objectSchema(def.input_params);
  // New objects only: recipes come from a shared cache and must never be changed.
  const inputSchema: Json = def.depends_on_session
    ? {
        ...input,
        properties: { ...((input.properties as Json | undefined) ?? {}), ...SESSION_ARGS },
        required: [...(Array.isArray(input.required) ? (input.required as string[]) : []), 'session_id', 'encryption_key'],
      }
    : input;
  const tool: McpTool = {
    name: toolName(api.slug, ep.name),
    description: toolDescription(api, ep, def.price),
    inputSchema,
    annotations: {
      title: `${api.recipe.name}: ${ep.name}`,
      // Scraping reads a site; a login starts a session on it.
      readOnlyHint: !def.initiates_session,
      destructiveHint: false,
      idempotentHint: !def.initiates_session,
      openWorldHint: true,
    },
    _meta: {
      scraper_id: api.scraperId,
      endpoint_name: ep.name,
      method: ep.method,
      execution_url: `${executionBaseUrl(config, api.scraperId)}/${ep.name}`,
      initiates_session: def.initiates_session,
      depends_on_session: def.depends_on_session ?? null,
      ...(def.field_confidence ? { field_confidence: def.field_confidence } : {}),
    },
  };
  if (opts.outputSchema && def.return_schema.type === 'object') tool.outputSchema = def.return_schema;
  return tool;
}

function toolDescription(api: ToolApi, ep: EndpointRecipe, price: number): string {
  const parts = [ep.description.trim() || ep.name, `API: ${api.recipe.name} (${api.recipe.source_url}).`];
  parts.push(`${price} credit${price === 1 ? '' : 's'} per successful call.`);
  if (ep.initiates_session) parts.push('Answers session_id and encryption_key for the endpoints that need this login.');
  if (ep.depends_on_session) parts.push(`Needs session_id and encryption_key from ${toolName(api.slug, ep.depends_on_session)}.`);
  return parts.join(' ');
}

export function apiTools(config: Pick<Config, 'publicUrl'>, api: ToolApi, opts?: { outputSchema: boolean }): McpTool[] {
  return api.recipe.endpoints.map((ep) => endpointTool(config, api, ep, opts));
}

/** GET /dispatch/tasks/{task_id}/export/mcp: the tools of a completed task's API. */
export async function mcpExport(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  userId: string,
  taskId: string,
): Promise<{ tools: McpTool[] }> {
  const task = await getOwnedTask(deps, userId, taskId);
  const scraper = task.status === 'completed' && task.result_scraper_id ? await findScraper(deps.db.kysely, task.result_scraper_id) : undefined;
  if (!scraper) throw conflict(`Task ${taskId} is ${task.status}; only a completed task has an API to export`);
  const { recipe } = await getLatestVersion(deps.db.kysely, scraper);
  return { tools: apiTools(deps.config, { scraperId: scraper.id, slug: apiSlug(recipe.name), recipe }) };
}

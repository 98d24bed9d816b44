/**
 * The caller's endpoint tools: one per endpoint of each API the caller owns (built, subscribed,
 * forked or imported) and has not archived, in creation order, so a new API adds tools at the end and never moves
 * or renames older ones. Only the narrow list of APIs (id, name) is read for every request;
 * recipes are read for the APIs a page, a lookup or a search actually needs (and versions are
 * cached by services/scrapers).
 */
import type { ServiceDeps } from '../services/deps.js';
import { getVersion } from '../services/scrapers.js';
import { apiTools, type McpTool, type ToolApi } from '../services/exports/mcp-tools.js';
import { uniqueSlugs } from '../services/exports/tool-names.js';

export interface CatalogApi {
  id: string;
  name: string;
  /** The site the API reads. */
  website: string;
  latest_version: number;
  slug: string;
}

type Deps = Pick<ServiceDeps, 'db' | 'config'>;

/** The live server's tools carry no outputSchema: results are capped text, not structured content. */
const TOOL_OPTIONS = { outputSchema: false };

export async function listCallerApis(deps: Deps, userId: string): Promise<CatalogApi[]> {
  const rows = await deps.db.kysely
    .selectFrom('scrapers')
    .select(['id', 'name', 'website', 'latest_version', 'archived_at'])
    .where('user_id', '=', userId)
    .where('source', '!=', 'canonical')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  // Slugs are given over every API, archived ones too, so archiving or restoring one never renames another's tools.
  const slugs = uniqueSlugs(rows);
  return rows.filter((r) => r.archived_at === null).map(({ archived_at: _, ...r }) => ({ ...r, slug: slugs.get(r.id) ?? 'api' }));
}

export async function toolsOfApi(deps: Deps, api: CatalogApi): Promise<McpTool[]> {
  const version = await getVersion(deps.db.kysely, api.id, api.latest_version);
  if (!version) return [];
  const toolApi: ToolApi = { scraperId: api.id, slug: api.slug, recipe: version.recipe };
  return apiTools(deps.config, toolApi, TOOL_OPTIONS);
}

/** Where a tools/list page starts: an API (by id, and its place when the cursor was made) and an endpoint in it. */
export interface CatalogPosition {
  apiId: string;
  apiIndex: number;
  endpoint: number;
}

/**
 * Up to `limit` endpoint tools from `from` (the start when null), and where the next page
 * starts (null at the end). If the API of the cursor vanished meanwhile, the listing goes on
 * from the API that now stands at its place: a few tools may repeat or be skipped, nothing fails.
 */
export async function endpointToolsPage(
  deps: Deps,
  apis: CatalogApi[],
  from: CatalogPosition | null,
  limit: number,
): Promise<{ tools: McpTool[]; next: CatalogPosition | null }> {
  const found = from ? apis.findIndex((a) => a.id === from.apiId) : -1;
  let apiIndex = found >= 0 ? found : Math.max(0, from?.apiIndex ?? 0);
  let endpoint = found >= 0 && from ? from.endpoint : 0;
  const tools: McpTool[] = [];
  while (apiIndex < apis.length && tools.length < limit) {
    const all = await toolsOfApi(deps, apis[apiIndex]);
    const taken = all.slice(endpoint, endpoint + (limit - tools.length));
    tools.push(...taken);
    endpoint += taken.length;
    if (endpoint >= all.length) {
      apiIndex++;
      endpoint = 0;
    }
  }
  const next = apiIndex < apis.length ? { apiId: apis[apiIndex].id, apiIndex, endpoint } : null;
  return { tools, next };
}

/** The endpoint tool of that name, if the caller has one. Slugs hold no `__`, so the prefix names one API. */
export async function findEndpointTool(deps: Deps, apis: CatalogApi[], name: string): Promise<McpTool | null> {
  const api = apis.find((a) => name.startsWith(`${a.slug}__`));
  if (!api) return null;
  return (await toolsOfApi(deps, api)).find((t) => t.name === name) ?? null;
}

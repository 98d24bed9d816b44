/**
 * `find_tools`: find the caller's endpoint tools by words, so an agent with hundreds of APIs
 * does not have to page through tools/list. Plain word matching, weighted by where a word is
 * found (the tool and endpoint name, the API's name and site, the parameter names, the description); a query word of
 * three letters or more also matches as a prefix ("book" finds "books").
 */
import type { ServiceDeps } from '../services/deps.js';
import type { McpTool } from '../services/exports/mcp-tools.js';
import { toolsOfApi, type CatalogApi } from './catalog.js';

export interface ToolHit {
  tool: McpTool;
  score: number;
}

const WEIGHTS = { name: 3, api: 2, site: 2, params: 2, description: 1 } as const;

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(singular);
}

/** A crude plural fold on both sides of a match ("essays" finds "essay", "books" finds "book"). */
const singular = (w: string) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

function fieldsOf(api: CatalogApi, tool: McpTool): Array<[Set<string>, number]> {
  let site = api.website;
  try {
    site = new URL(api.website).hostname;
  } catch {
    // not a URL: its words are still worth matching
  }
  return [
    [new Set(words(`${tool.name} ${tool._meta.endpoint_name}`)), WEIGHTS.name],
    [new Set(words(api.name)), WEIGHTS.api],
    [new Set(words(site)), WEIGHTS.site],
    [new Set(words(Object.keys((tool.inputSchema.properties as object | undefined) ?? {}).join(' '))), WEIGHTS.params],
    [new Set(words(tool.description)), WEIGHTS.description],
  ];
}

function scoreOf(query: string[], fields: Array<[Set<string>, number]>): number {
  let score = 0;
  for (const q of query) {
    let best = 0;
    for (const [set, weight] of fields) {
      if (weight <= best) continue;
      if (set.has(q) || (q.length >= 3 && [...set].some((w) => w.startsWith(q)))) best = weight;
    }
    score += best;
  }
  return score;
}

/** The best `limit` tools for the query (all tools, in catalogue order, when it has no words). */
export async function searchTools(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  apis: CatalogApi[],
  query: string,
  limit: number,
): Promise<{ hits: ToolHit[]; total: number }> {
  const q = [...new Set(words(query))];
  const hits: ToolHit[] = [];
  for (const api of apis) {
    for (const tool of await toolsOfApi(deps, api)) {
      const score = q.length === 0 ? 0 : scoreOf(q, fieldsOf(api, tool));
      if (q.length === 0 || score > 0) hits.push({ tool, score });
    }
  }
  // Stable sort: equal scores keep catalogue order.
  hits.sort((a, b) => b.score - a.score);
  return { hits: hits.slice(0, limit), total: hits.length };
}

/**
 * `search_marketplace`: the marketplace's endpoint search (services/marketplace searchEndpoints:
 * matching APIs and matching endpoints), with what an agent needs to call a hit at once through
 * call_endpoint: the canonical scraper id, and for each endpoint hit its parameters.
 */
import { searchEndpoints } from '../services/marketplace/index.js';
import { listingsByIds } from '../services/marketplace/listings.js';
import { releaseRecipe } from '../services/marketplace/copies.js';
import type { ToolContext } from './context.js';

export async function searchMarketplace(ctx: ToolContext, query: string, limit: number): Promise<Record<string, unknown>> {
  const found = await searchEndpoints(ctx.deps, { q: query, limit_apis: limit, limit_endpoints: Math.min(40, limit * 2) });
  const ids = [...new Set([...found.apis.map((a) => a.id), ...found.endpoints.map((e) => e.api_id)])];
  const rows = await listingsByIds(ctx.deps.db.kysely, ids);
  const apis = found.apis.map((a) => ({
    id: a.id,
    slug: a.slug,
    name: a.name,
    description: a.description,
    source_url: a.source_url,
    endpoint_count: a.endpoint_count,
    canonical_scraper_id: rows.get(a.id)?.canonical_scraper_id ?? null,
    endpoints: a.endpoint_preview,
    score: a.score,
  }));
  const endpoints = [];
  for (const e of found.endpoints) {
    const row = rows.get(e.api_id);
    const recipe = row ? await releaseRecipe(ctx.deps.db.kysely, row.canonical_scraper_id, row.latest_version) : undefined;
    const ep = recipe?.endpoints.find((x) => x.name === e.endpoint_name);
    endpoints.push({
      ...e,
      canonical_scraper_id: row?.canonical_scraper_id ?? null,
      ...(ep ? { description: ep.description, input_params: ep.input_params, sample_inputs: ep.sample_inputs } : {}),
    });
  }
  return {
    query: found.query,
    apis,
    endpoints,
    next_step: 'Run a marketplace endpoint with call_endpoint {scraper_id: canonical_scraper_id, endpoint_name, params}.',
  };
}

/**
 * Previewing an update: the canonical's endpoint at its latest release runs with the caller's
 * parameters (or its own sample inputs), and nothing of the caller's copy changes. It takes a
 * token of the caller's execution rate limit (it makes the target site work) but no credits
 * (it is a test, not a call of the caller's API), and it is not logged as a call of the copy.
 * A failing run is still a successful preview: `status: "error"` with the execution envelope's
 * error object.
 */
import { planOf } from '../../config/index.js';
import { notFound, toHttp, isQuarryError, QuarryError } from '../../errors/index.js';
import { denyToError } from '../../ratelimit/index.js';
import { runEndpoint } from '../../recipe/index.js';
import type { ServiceDeps } from '../deps.js';
import { releaseRecipe } from './copies.js';
import { followedApi } from './followed.js';
import { endpointOf } from './recipe-diff.js';

export interface PreviewResult {
  status: 'success' | 'error';
  data: unknown;
  meta?: unknown;
  error?: unknown;
  sample_inputs: Record<string, unknown>;
  /** The canonical release that ran. */
  version: number;
}

export interface PreviewCaller {
  userId: string;
  keyId: string | null;
  plan: string | null;
}

export async function previewUpdate(
  deps: ServiceDeps,
  caller: PreviewCaller,
  taskId: string,
  endpointName: string,
  params: Record<string, unknown> | undefined,
  signal?: AbortSignal,
): Promise<PreviewResult> {
  const { listing } = await followedApi(deps, caller.userId, taskId);
  const recipe = await releaseRecipe(deps.db.kysely, listing.canonical_scraper_id, listing.latest_version);
  const endpoint = recipe ? endpointOf(recipe, endpointName) : undefined;
  if (!recipe || !endpoint) throw notFound(`Endpoint ${endpointName} not found in ${listing.slug} release ${listing.latest_version}`);
  if (caller.keyId) {
    const limit = await deps.limiter.consumeExecution(caller.keyId, planOf(caller.plan ?? 'free'));
    if (!limit.allowed) throw denyToError(limit);
  }
  const base = { sample_inputs: endpoint.sample_inputs, version: listing.latest_version };
  try {
    const result = await runEndpoint(recipe, endpoint.name, params ?? endpoint.sample_inputs, {
      fetcher: deps.fetcher,
      signal,
      logger: deps.logger,
    });
    const body = result.body as { data?: unknown; meta?: unknown };
    return { status: 'success', data: body.data ?? null, ...(body.meta !== undefined ? { meta: body.meta } : {}), ...base };
  } catch (err) {
    const e = isQuarryError(err) ? err : new QuarryError('scraper_bug', 'The endpoint crashed while previewing');
    if (!isQuarryError(err)) deps.logger.warn({ err }, 'marketplace: preview crashed');
    return { status: 'error', data: null, error: toHttp(e).body.error, ...base };
  }
}

/**
 * Scrapers as their owners see them: bring-your-own recipes (import, new versions), the
 * contract's Scraper metadata, and version history. Imported recipes are validated against the
 * recipe schema, with errors pointing at the offending path.
 */
import { validateRecipe, recipeHasScript } from '../recipe/index.js';
import type { Recipe } from '../recipe/types.js';
import { validationFailed } from '../errors/index.js';
import type { ServiceDeps } from './deps.js';
import { addVersion, createScraper, getOwnedScraper, getVersion, listVersions, type ScraperRow } from './scrapers.js';
import { generatedApi, type GeneratedApi } from './api-view.js';
import { notFound } from '../errors/index.js';

export interface ScraperMetadata {
  id: string;
  website: string;
  created_at: string;
  user_id: string;
  request_flow: Recipe;
  has_script: boolean;
  name: string;
  description: string;
  source: string;
  version: number;
  latest_version: number;
  canonical_scraper_id: string | null;
  /** When the owner archived it (services/removal.ts); null while live. */
  archived_at: string | null;
}

export function checkRecipe(doc: unknown): Recipe {
  const result = validateRecipe(doc);
  if (!result.ok) {
    const first = result.errors[0];
    throw validationFailed(
      `Invalid recipe at ${first?.path || '/'}: ${first?.message ?? 'does not match the recipe schema'}`,
      result.errors,
    );
  }
  return result.recipe;
}

export async function importRecipe(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  userId: string,
  doc: unknown,
): Promise<{ scraper_id: string; version: number; generated_api: GeneratedApi }> {
  const recipe = checkRecipe(doc);
  const scraper = await deps.db.kysely.transaction().execute((trx) =>
    createScraper(trx, deps.clock, { userId, recipe, source: 'built', reason: 'import', hasScript: recipeHasScript(recipe) }),
  );
  return { scraper_id: scraper.id, version: 1, generated_api: generatedApi(deps.config, scraper.id, recipe) };
}

export async function pushRecipeVersion(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  userId: string,
  scraperId: string,
  doc: unknown,
): Promise<{ scraper_id: string; version: number; generated_api: GeneratedApi }> {
  await getOwnedScraper(deps.db, userId, scraperId);
  const recipe = checkRecipe(doc);
  const version = await deps.db.kysely
    .transaction()
    .execute((trx) => addVersion(trx, deps.clock, scraperId, recipe, 'import', null, { hasScript: recipeHasScript(recipe) }));
  return { scraper_id: scraperId, version, generated_api: generatedApi(deps.config, scraperId, recipe) };
}

export async function scraperMetadata(
  deps: Pick<ServiceDeps, 'db'>,
  scraper: ScraperRow,
  version?: number | null,
): Promise<ScraperMetadata> {
  const wanted = version ?? scraper.latest_version;
  const v = await getVersion(deps.db.kysely, scraper.id, wanted);
  if (!v) throw notFound(`Scraper ${scraper.id} has no version ${wanted}`);
  return {
    id: scraper.id,
    website: scraper.website,
    created_at: scraper.created_at,
    user_id: scraper.user_id,
    request_flow: v.recipe,
    has_script: recipeHasScript(v.recipe),
    name: scraper.name,
    description: scraper.description,
    source: scraper.source,
    version: wanted,
    latest_version: scraper.latest_version,
    canonical_scraper_id: scraper.canonical_scraper_id,
    archived_at: scraper.archived_at ?? null,
  };
}

export async function versionHistory(deps: Pick<ServiceDeps, 'db'>, userId: string, scraperId: string) {
  await getOwnedScraper(deps.db, userId, scraperId);
  return { versions: await listVersions(deps.db.kysely, scraperId) };
}

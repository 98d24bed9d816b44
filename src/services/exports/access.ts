/**
 * Which API snapshot an export may show: the caller's own scraper, or a marketplace canonical
 * that the marketplace says is callable at that version (release versions only). The rule is
 * the execution rule (services/execute.ts), so a document never describes something the
 * caller could not run; everything else is the same 404.
 */
import { badRequest, notFound } from '../../errors/index.js';
import type { Recipe } from '../../recipe/types.js';
import type { ServiceDeps } from '../deps.js';
import { findScraper, getVersion, type ScraperRow } from '../scrapers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `version` query parameter: absent, or an integer >= 1 written plainly; anything else is 400. */
export function parseVersionQuery(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  if (!/^[1-9][0-9]{0,8}$/.test(raw)) throw badRequest('version must be an integer >= 1');
  return Number(raw);
}

export interface ApiSnapshot {
  scraper: ScraperRow;
  version: number;
  recipe: Recipe;
}

export async function visibleSnapshot(
  deps: Pick<ServiceDeps, 'db' | 'canonicals'>,
  userId: string,
  scraperId: string,
  version: number | null,
): Promise<ApiSnapshot> {
  const scraper = UUID.test(scraperId) ? await findScraper(deps.db.kysely, scraperId) : undefined;
  const allowed =
    scraper !== undefined &&
    (scraper.user_id === userId || (deps.canonicals ? await deps.canonicals.isCallable(scraper, version) : false));
  if (!scraper || !allowed) throw notFound(`Scraper ${scraperId} not found`);
  const wanted = version ?? scraper.latest_version;
  const snapshot = await getVersion(deps.db.kysely, scraper.id, wanted);
  if (!snapshot) throw notFound(`Scraper ${scraperId} has no version ${wanted}`);
  return { scraper, version: wanted, recipe: snapshot.recipe };
}

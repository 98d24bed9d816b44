/**
 * Scrapers and their immutable numbered versions. Every change (build, revision, import,
 * merge, rollback) appends a version; nothing rewrites one. Execution uses the newest unless
 * a version is pinned.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, Db } from '../db/index.js';
import type { ScrapersTable } from '../db/schema.js';
import { iso, newId, type Clock } from '../clock.js';
import { notFound } from '../errors/index.js';
import { preparedQuery } from '../db/prepared.js';
import type { Recipe } from '../recipe/types.js';
import { LruCache } from '../lru-cache.js';
import { sqliteRowCache, type RowCache } from '../db/row-cache.js';

type Q = Kysely<Database> | Transaction<Database>;

export type ScraperSource = 'built' | 'subscribed' | 'forked' | 'canonical' | 'imported';

export type ScraperRow = ScrapersTable;

export interface ScraperVersion {
  scraper_id: string;
  version: number;
  recipe: Recipe;
  reason: string;
  info: Record<string, unknown> | null;
  created_at: string;
}

export async function createScraper(
  q: Q,
  clock: Clock,
  input: {
    userId: string;
    recipe: Recipe;
    source: ScraperSource;
    reason: string;
    taskId?: string | null;
    canonicalScraperId?: string | null;
    pinnedVersion?: number | null;
    contributesToMarketplace?: boolean;
    hasScript?: boolean;
    id?: string;
  },
): Promise<ScraperRow> {
  const now = iso(clock);
  const row: ScraperRow = {
    id: input.id ?? newId(),
    user_id: input.userId,
    website: input.recipe.source_url,
    name: input.recipe.name,
    description: input.recipe.description,
    source: input.source,
    canonical_scraper_id: input.canonicalScraperId ?? null,
    pinned_version: input.pinnedVersion ?? null,
    contributes_to_marketplace: input.contributesToMarketplace === false ? 0 : 1,
    has_script: input.hasScript ? 1 : 0,
    latest_version: 1,
    task_id: input.taskId ?? null,
    created_at: now,
    updated_at: now,
    archived_at: null,
  };
  await q.insertInto('scrapers').values(row).execute();
  await q
    .insertInto('scraper_versions')
    .values({ scraper_id: row.id, version: 1, recipe: JSON.stringify(input.recipe), reason: input.reason, info: null, created_at: now })
    .execute();
  return row;
}

/**
 * Append a version. The (scraper_id, version) primary key makes two concurrent writers
 * collide instead of both claiming the same number; the loser's transaction fails and retries.
 */
export async function addVersion(
  q: Q,
  clock: Clock,
  scraperId: string,
  recipe: Recipe,
  reason: string,
  info: Record<string, unknown> | null = null,
  extra: { hasScript?: boolean } = {},
): Promise<number> {
  const cur = await q.selectFrom('scrapers').select('latest_version').where('id', '=', scraperId).executeTakeFirst();
  if (!cur) throw notFound(`Scraper ${scraperId} not found`);
  const version = cur.latest_version + 1;
  const now = iso(clock);
  await q
    .insertInto('scraper_versions')
    .values({ scraper_id: scraperId, version, recipe: JSON.stringify(recipe), reason, info: info ? JSON.stringify(info) : null, created_at: now })
    .execute();
  await q
    .updateTable('scrapers')
    .set({
      latest_version: version,
      updated_at: now,
      name: recipe.name,
      description: recipe.description,
      ...(extra.hasScript !== undefined ? { has_script: extra.hasScript ? 1 : 0 } : {}),
    })
    .where('id', '=', scraperId)
    .execute();
  return version;
}

// Read on every execution: precompiled (db/prepared.ts).
const selectScraper = preparedQuery(1, (db, scraperId: string) => db.selectFrom('scrapers').selectAll().where('id', '=', scraperId));

/** Scraper rows kept in memory per database, exact (db/row-cache.ts): every execution reads one. */
const rowCaches = new WeakMap<object, RowCache<ScraperRow>>();

export async function findScraper(q: Q, scraperId: string): Promise<ScraperRow | undefined> {
  const load = async () => (await selectScraper(q, scraperId))[0];
  if (q.isTransaction) return load();
  let cache = rowCaches.get(q);
  if (!cache) rowCaches.set(q, (cache = sqliteRowCache<ScraperRow>(q as Kysely<Database>, 'scrapers', 'id')));
  return cache.read(scraperId, load);
}

/** A scraper the user owns; anything else (unknown or another account's) is the same 404. */
export async function getOwnedScraper(db: Db, userId: string, scraperId: string): Promise<ScraperRow> {
  const row = await findScraper(db.kysely, scraperId);
  if (!row || row.user_id !== userId) throw notFound(`Scraper ${scraperId} not found`);
  return row;
}

/**
 * Versions never change once written, so parsed ones are kept (bounded, oldest dropped): the
 * execution path reads the same few recipes over and over.
 */
const versionCache = new LruCache<string, ScraperVersion>(2_000);

export async function getVersion(q: Q, scraperId: string, version: number): Promise<ScraperVersion | undefined> {
  const cacheKey = `${scraperId}\u0000${version}`;
  const cached = versionCache.get(cacheKey);
  if (cached) return cached;
  const found = await readVersion(q, scraperId, version);
  // Only committed reads are cached: a version read inside an open transaction may still roll back.
  if (found && !q.isTransaction) {
    versionCache.set(cacheKey, found);
  }
  return found;
}

async function readVersion(q: Q, scraperId: string, version: number): Promise<ScraperVersion | undefined> {
  const row = await q
    .selectFrom('scraper_versions')
    .selectAll()
    .where('scraper_id', '=', scraperId)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    scraper_id: row.scraper_id,
    version: row.version,
    recipe: JSON.parse(row.recipe) as Recipe,
    reason: row.reason,
    info: row.info ? (JSON.parse(row.info) as Record<string, unknown>) : null,
    created_at: row.created_at,
  };
}

export async function getLatestVersion(q: Q, scraper: Pick<ScraperRow, 'id' | 'latest_version'>): Promise<ScraperVersion> {
  const v = await getVersion(q, scraper.id, scraper.latest_version);
  if (!v) throw notFound(`Scraper ${scraper.id} has no version`);
  return v;
}

export async function listVersions(q: Q, scraperId: string): Promise<Array<{ version: number; reason: string; created_at: string }>> {
  return q
    .selectFrom('scraper_versions')
    .select(['version', 'reason', 'created_at'])
    .where('scraper_id', '=', scraperId)
    .orderBy('version', 'desc')
    .execute();
}

/**
 * Who may run a canonical: any valid key, at a release version (or the latest, which is always a
 * release: a canonical changes only by releases). A pinned version that is not a release is
 * unavailable (404), like an unknown one. Releases never disappear, so a positive answer is
 * remembered.
 */
import type { Db } from '../../db/index.js';
import type { ScraperRow } from '../scrapers.js';

export interface Canonicals {
  isCallable(scraper: ScraperRow, version: number | null): Promise<boolean>;
}

export function createCanonicals(db: Db): Canonicals {
  const known = new Set<string>();
  return {
    async isCallable(scraper, version) {
      if (scraper.source !== 'canonical') return false;
      const wanted = version ?? scraper.latest_version;
      const key = `${scraper.id}\u0000${wanted}`;
      if (known.has(key)) return true;
      const release = await db.kysely
        .selectFrom('marketplace_releases')
        .select('version')
        .where('canonical_scraper_id', '=', scraper.id)
        .where('version', '=', wanted)
        .executeTakeFirst();
      if (!release) return false;
      if (known.size > 10_000) known.clear();
      known.add(key);
      return true;
    },
  };
}

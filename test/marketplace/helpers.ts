/** Seeding the marketplace without the builder: a user's scraper published as a release. */
import type { TestApp, TestUser } from '../helpers/app.js';
import { addVersion, createScraper } from '../../src/services/scrapers.js';
import { publishRelease, type PublishedRelease } from '../../src/services/marketplace/index.js';
import type { Recipe } from '../../src/recipe/types.js';

/** A built scraper of `user` holding `recipe`, contributed to the marketplace. */
export async function contribute(
  t: TestApp,
  user: TestUser,
  recipe: Recipe,
  opts: { url?: string; site?: Parameters<typeof publishRelease>[1]['site']; scraperId?: string } = {},
): Promise<{ scraperId: string; release: PublishedRelease }> {
  const { db, clock } = t.runtime.deps;
  // With scraperId: a revision of an existing scraper (a new version, then its contribution).
  const scraperId = opts.scraperId
    ? (await addVersion(db.kysely, clock, opts.scraperId, recipe, 'revision'), opts.scraperId)
    : (await createScraper(db.kysely, clock, { userId: user.userId, recipe, source: 'built', reason: 'build' })).id;
  const release = await publishRelease(t.runtime.deps, {
    scraperId,
    recipe,
    taskId: null,
    site: opts.site ?? null,
    url: opts.url ?? recipe.source_url,
  });
  if (!release) throw new Error('nothing was published');
  return { scraperId, release };
}

export async function listing(t: TestApp, id: string, key?: string) {
  const res = await t.call('GET', `/marketplace/apis/${id}`, { key: key ?? null });
  if (res.statusCode !== 200) throw new Error(`detail answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

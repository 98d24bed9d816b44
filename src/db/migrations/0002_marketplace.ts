import type { Kysely } from 'kysely';

/**
 * The marketplace: listings (one per site canonical), their releases, and the copies that
 * follow a canonical. A canonical is a `scrapers` row with source `canonical` owned by the
 * marketplace system account created here: a users row with a fixed id and no password, so it
 * can never log in (password checks fail on a null hash) and owns nothing but canonicals.
 */
export const MARKETPLACE_USER_ID = '00000000-0000-4000-8000-00000000c0de';
export const MARKETPLACE_USER_EMAIL = 'marketplace@system.quarry.invalid';

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: MARKETPLACE_USER_ID,
      email: MARKETPLACE_USER_EMAIL,
      password_hash: null,
      plan: 'free',
      credits: 0,
      disclaimer_accepted_at: null,
      workspace_id: null,
      created_at: new Date().toISOString(),
    })
    .execute();

  await db.schema
    .createTable('marketplace_listings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('canonical_scraper_id', 'text', (c) => c.notNull().unique().references('scrapers.id').onDelete('cascade'))
    // normalized host + path prefix (services/marketplace/site-key.ts): one canonical per site
    .addColumn('site_key', 'text', (c) => c.notNull().unique())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('front_facing_description', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('is_authenticated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('primary_category', 'text', (c) => c.notNull())
    .addColumn('secondary_categories', 'text', (c) => c.notNull())
    .addColumn('country', 'text')
    .addColumn('latest_version', 'integer', (c) => c.notNull())
    .addColumn('endpoint_count', 'integer', (c) => c.notNull())
    // every endpoint's {endpoint_name, method, summary}: the preview's source and the search index's text
    .addColumn('endpoint_summaries', 'text', (c) => c.notNull())
    .addColumn('site_title', 'text')
    .addColumn('site_description', 'text')
    .addColumn('site_lang', 'text')
    .addColumn('site_text', 'text')
    .addColumn('trust', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('marketplace_listings_host').on('marketplace_listings').column('host').execute();
  await db.schema.createIndex('marketplace_listings_changed').on('marketplace_listings').column('changed_at').execute();

  await db.schema
    .createTable('marketplace_releases')
    .addColumn('canonical_scraper_id', 'text', (c) => c.notNull().references('scrapers.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('listing_id', 'text', (c) => c.notNull())
    .addColumn('task_id', 'text')
    .addColumn('contributor_user_id', 'text')
    .addColumn('contributed_scraper_id', 'text')
    .addColumn('endpoints', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('marketplace_releases_pk', ['canonical_scraper_id', 'version'])
    .execute();
  await db.schema.createIndex('marketplace_releases_listing').on('marketplace_releases').column('listing_id').execute();

  await db.schema
    .createTable('marketplace_copies')
    .addColumn('scraper_id', 'text', (c) => c.primaryKey().references('scrapers.id').onDelete('cascade'))
    .addColumn('listing_id', 'text', (c) => c.notNull())
    .addColumn('canonical_scraper_id', 'text', (c) => c.notNull())
    .addColumn('endpoint_bases', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('marketplace_copies_canonical').on('marketplace_copies').column('canonical_scraper_id').execute();

  // Copies of a canonical are looked up by it (subscriber counts, trust signals, user_status).
  await db.schema.createIndex('scrapers_canonical').on('scrapers').column('canonical_scraper_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('scrapers_canonical').ifExists().execute();
  for (const t of ['marketplace_copies', 'marketplace_releases', 'marketplace_listings']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await db.deleteFrom('scrapers').where('user_id', '=', MARKETPLACE_USER_ID).execute();
  await db.deleteFrom('users').where('id', '=', MARKETPLACE_USER_ID).execute();
}

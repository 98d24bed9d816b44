import type { Kysely } from 'kysely';

/**
 * Archiving an API (docs/decisions.md, "Removing APIs and tasks"): `scrapers.archived_at` is set
 * while the owner has archived it. Nothing is deleted, so restoring brings back the same API
 * (versions, sessions, call history) and a marketplace release made from it stays untouched.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scrapers').addColumn('archived_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scrapers').dropColumn('archived_at').execute();
}

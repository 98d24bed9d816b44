import type { Kysely } from 'kysely';

/**
 * Self-healing state: one row per endpoint the self-heal sweep has looked at, saying whether it
 * works, since when it fails, and the fix revision that repairs it (see docs/revisions.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('endpoint_health')
    .addColumn('scraper_id', 'text', (c) => c.notNull().references('scrapers.id').onDelete('cascade'))
    .addColumn('endpoint_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .addColumn('failing_since', 'text')
    .addColumn('last_failure', 'text')
    .addColumn('repair_task_id', 'text')
    .addColumn('repaired_at', 'text')
    .addColumn('repairs', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('endpoint_health_pk', ['scraper_id', 'endpoint_name'])
    .execute();
  await db.schema.createIndex('endpoint_health_status').on('endpoint_health').columns(['status', 'checked_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('endpoint_health').execute();
}

import type { Kysely } from 'kysely';

/**
 * Monitors (decisions.md "Monitors", docs/monitors.md):
 * - `monitors`: one endpoint of the caller's API with fixed inputs on a schedule. `next_run_at`
 *   is the slot the ticker claims with a conditional update (exactly one run per slot).
 * - `monitor_runs`: every run, scheduled or manual; `slot` is unique per monitor, so even two
 *   tickers that both believed they won cannot record a slot twice.
 * - `monitor_baselines`: the records of the last good run, the diff's left side.
 * - `monitor_changes`: item-level diffs, newest first by `created_at`.
 * - `monitor_deliveries`: one webhook delivery per change (and per redelivery), with its log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('monitors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scraper_id', 'text', (c) => c.notNull())
    .addColumn('endpoint_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('every_seconds', 'integer')
    .addColumn('cron', 'text')
    .addColumn('key_fields', 'text')
    .addColumn('max_pages', 'integer', (c) => c.notNull())
    .addColumn('webhook_url', 'text')
    .addColumn('webhook_secret', 'text', (c) => c.notNull())
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paused_reason', 'text')
    .addColumn('next_run_at', 'text')
    .addColumn('last_run_at', 'text')
    .addColumn('last_run_status', 'text')
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('monitors_due').on('monitors').columns(['paused', 'next_run_at']).execute();
  await db.schema.createIndex('monitors_user').on('monitors').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('monitor_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('monitor_id', 'text', (c) => c.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scheduled_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('records', 'integer')
    .addColumn('pages', 'integer')
    .addColumn('charged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('change_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('monitor_runs_slot').on('monitor_runs').columns(['monitor_id', 'slot']).unique().execute();
  await db.schema.createIndex('monitor_runs_monitor').on('monitor_runs').columns(['monitor_id', 'created_at']).execute();

  await db.schema
    .createTable('monitor_baselines')
    .addColumn('monitor_id', 'text', (c) => c.primaryKey().references('monitors.id').onDelete('cascade'))
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('records', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('monitor_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('monitor_id', 'text', (c) => c.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('added', 'text', (c) => c.notNull())
    .addColumn('removed', 'text', (c) => c.notNull())
    .addColumn('changed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('monitor_changes_monitor').on('monitor_changes').columns(['monitor_id', 'created_at']).execute();

  await db.schema
    .createTable('monitor_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('monitor_id', 'text', (c) => c.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('change_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_latency_ms', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('log', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('monitor_deliveries_monitor').on('monitor_deliveries').columns(['monitor_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['monitor_deliveries', 'monitor_changes', 'monitor_baselines', 'monitor_runs', 'monitors']) await db.schema.dropTable(t).execute();
}

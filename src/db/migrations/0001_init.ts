import type { Kysely } from 'kysely';

/**
 * The first schema. Column types are the portable subset of SQLite and PostgreSQL
 * (text, integer, bigint); see db/schema.ts for why.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disclaimer_accepted_at', 'text')
    .addColumn('workspace_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('web_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_user').on('api_keys').column('user_id').execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('ref', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credit_ledger_user').on('credit_ledger').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('task', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('iteration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_input_prompt', 'text')
    .addColumn('user_response', 'text')
    .addColumn('result_scraper_id', 'text')
    .addColumn('result_marketplace_id', 'text')
    .addColumn('error', 'text')
    .addColumn('parent_task_id', 'text')
    .addColumn('extends_scraper_id', 'text')
    .addColumn('revision_type', 'text')
    .addColumn('auth_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_auth', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('contributes_to_marketplace', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('workspace', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress', 'text')
    .addColumn('marketplace_apis', 'text')
    .addColumn('existing_marketplace_apis', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('tasks_user_created').on('tasks').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('tasks_parent').on('tasks').column('parent_task_id').execute();
  await db.schema.createIndex('tasks_extends').on('tasks').column('extends_scraper_id').execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('job_key', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('task_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_claim').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('jobs_task').on('jobs').column('task_id').execute();

  await db.schema
    .createTable('scrapers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('website', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('canonical_scraper_id', 'text')
    .addColumn('pinned_version', 'integer')
    .addColumn('contributes_to_marketplace', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('has_script', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('latest_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('task_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scrapers_user').on('scrapers').column('user_id').execute();

  await db.schema
    .createTable('scraper_versions')
    .addColumn('scraper_id', 'text', (c) => c.notNull().references('scrapers.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('recipe', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('info', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('scraper_versions_pk', ['scraper_id', 'version'])
    .execute();

  await db.schema
    .createTable('endpoint_calls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('scraper_id', 'text', (c) => c.notNull())
    .addColumn('endpoint_name', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('endpoint_calls_scraper')
    .on('endpoint_calls')
    .columns(['scraper_id', 'endpoint_name', 'created_at'])
    .execute();
  await db.schema.createIndex('endpoint_calls_user').on('endpoint_calls').columns(['user_id', 'scraper_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'endpoint_calls',
    'scraper_versions',
    'scrapers',
    'jobs',
    'tasks',
    'credit_ledger',
    'api_keys',
    'web_sessions',
    'users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}

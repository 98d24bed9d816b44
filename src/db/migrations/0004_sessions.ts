import type { Kysely } from 'kysely';

/**
 * Login-protected APIs (docs/sessions.md):
 * - `api_sessions`: a caller's session with a site, made by an API's login endpoint. The site's
 *   cookies are stored only as AES-256-GCM ciphertext under a key derived from the caller's
 *   `encryption_key`, which is never stored. Idle expiry by `expires_at`.
 * - `task_logins`: a build's login state: the sign-in form the builder found (no secrets), the
 *   failed attempts, and the credentials waiting for the worker, encrypted, deleted when the
 *   build ends.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scraper_id', 'text', (c) => c.notNull().references('scrapers.id').onDelete('cascade'))
    .addColumn('login_endpoint', 'text', (c) => c.notNull())
    .addColumn('salt', 'text', (c) => c.notNull())
    .addColumn('iv', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('ciphertext', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_sessions_expiry').on('api_sessions').column('expires_at').execute();
  await db.schema.createIndex('api_sessions_user').on('api_sessions').columns(['user_id', 'scraper_id']).execute();

  await db.schema
    .createTable('task_logins')
    .addColumn('task_id', 'text', (c) => c.primaryKey().references('tasks.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('secret', 'text')
    .addColumn('secret_expires_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('task_logins').execute();
  await db.schema.dropTable('api_sessions').execute();
}

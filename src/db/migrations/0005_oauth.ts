import type { Kysely } from 'kysely';

/**
 * OAuth 2.1 for MCP clients (docs/dashboard.md): dynamically registered clients, the grants a
 * user gave them (revocable from the dashboard), one-time authorization codes and the tokens
 * issued under a grant. Codes and tokens are stored as sha256 hashes, never in clear.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_name', 'text')
    /** JSON array of the registered redirect URIs, matched exactly. */
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    /** The full registration metadata as the client sent it (JSON). */
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('oauth_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_clients.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('oauth_grants_user').on('oauth_grants').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('oauth_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('grant_id', 'text', (c) => c.notNull().references('oauth_grants.id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('resource', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createTable('oauth_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('grant_id', 'text', (c) => c.notNull().references('oauth_grants.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('oauth_tokens_grant').on('oauth_tokens').columns(['grant_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['oauth_tokens', 'oauth_codes', 'oauth_grants', 'oauth_clients']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}

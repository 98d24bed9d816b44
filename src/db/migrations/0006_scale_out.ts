import type { Kysely } from 'kysely';

/**
 * Scale-out: long MCP results cut into parts are kept in the database, so a `read_more` cursor
 * works whichever API process answers it (src/mcp/page-store.ts). Rows expire after 15 minutes
 * and are swept when new ones are written.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mcp_result_pages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mcp_result_pages_expires').on('mcp_result_pages').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mcp_result_pages').execute();
}

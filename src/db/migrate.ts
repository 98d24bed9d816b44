/**
 * Numbered migrations, applied in order at start-up and by `quarry migrate`. The list is
 * explicit (not read from a folder) so bundlers and tsx see every file.
 */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001_init.js';

const MIGRATIONS: Record<string, Migration> = {
  '0001_init': m0001,
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

/**
 * Apply every pending migration. Pass the `Db` (not only its Kysely) when it may live in a
 * non-default PostgreSQL schema: Kysely's migrator looks for its bookkeeping tables across
 * all schemas unless told which one is ours.
 */
export async function migrateToLatest(target: Kysely<any> | { kysely: Kysely<any>; pgSchema?: string | null }): Promise<string[]> {
  const db = 'kysely' in target ? target.kysely : target;
  const schema = 'kysely' in target ? (target.pgSchema ?? undefined) : undefined;
  const migrator = new Migrator({ db, provider: new StaticProvider(), ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

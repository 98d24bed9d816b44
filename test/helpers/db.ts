/**
 * One real, fresh database per test file: a new SQLite file in a temp folder, or, when
 * QUARRY_TEST_DATABASE=postgres, a new schema in this machine's PostgreSQL (database `test`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb, migrateToLatest, type Db } from '../../src/db/index.js';

export const TEST_PG_URL = process.env.QUARRY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const usePostgres = process.env.QUARRY_TEST_DATABASE === 'postgres';

export interface TestDb {
  db: Db;
  dataDir: string;
  /** Settings that open this same database from another process (worker, CLI). */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

export async function createTestDb(opts: { postgres?: boolean } = {}): Promise<TestDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-test-'));
  if (opts.postgres ?? usePostgres) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const db = openDb({ databaseUrl: TEST_PG_URL, dataDir, pgSchema: schema });
    await migrateToLatest(db);
    const url = new URL(TEST_PG_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    return {
      db,
      dataDir,
      env: { DATABASE_URL: url.toString(), QUARRY_DATA_DIR: dataDir },
      async cleanup() {
        await db.close();
        const c = new pg.Client({ connectionString: TEST_PG_URL });
        await c.connect();
        await c.query(`drop schema ${schema} cascade`);
        await c.end();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const db = openDb({ databaseUrl: null, dataDir });
  await migrateToLatest(db);
  return {
    db,
    dataDir,
    env: { QUARRY_DATA_DIR: dataDir },
    async cleanup() {
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Run by task-read-cache.test.ts in a separate Node process (as a worker process would be):
 * opens the test database named by the environment and sets a task's error text.
 */
import { openDb } from '../../src/db/index.js';

const [taskId, error] = process.argv.slice(2);
const db = openDb({ databaseUrl: process.env.DATABASE_URL || null, dataDir: process.env.QUARRY_DATA_DIR ?? '.' });
try {
  await db.kysely.updateTable('tasks').set({ error }).where('id', '=', taskId).execute();
} finally {
  await db.close();
}

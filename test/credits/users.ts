import { newId } from '../../src/clock.js';
import type { Db } from '../../src/db/index.js';
import type { UsersTable } from '../../src/db/schema.js';

/** The row of a free-plan user with this id, for tests that write users directly (inside their own transactions too). */
export function userRow(id: string, credits = 0): UsersTable {
  return {
    id,
    email: `${id}@example.test`,
    password_hash: null,
    plan: 'free',
    credits,
    disclaimer_accepted_at: null,
    workspace_id: null,
    created_at: new Date().toISOString(),
  };
}

/** A user row written directly (the ledger under test is the only thing that changes credits). */
export async function insertUser(db: Db, credits = 0): Promise<string> {
  const id = newId();
  await db.kysely.insertInto('users').values(userRow(id, credits)).execute();
  return id;
}

/**
 * Charges survive a crash exactly as acknowledged. A process charging with 50 charges in flight
 * (on SQLite they are group-committed, see services/credits.ts) is killed with SIGKILL at a
 * random moment, several times over. Afterwards:
 * - every charge the process acknowledged has its ledger row (no credit answered and lost);
 * - the balance is the grant minus exactly the charge rows (no credit spent twice, no debit
 *   without its ledger row, none lost between them), and each row's balance_after is distinct.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { getBalance, grant } from '../../src/services/credits.js';
import { createTestDb, type TestDb } from '../helpers/db.js';
import { insertUser } from './users.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const GRANT = 1_000_000;

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

/** Starts a charging process, kills it after `acks` acknowledgements plus a random delay; returns the acknowledged refs. */
function chargeUntilKilled(userId: string, acks: number): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'crash-worker.ts'), userId, '50'], {
    cwd: root,
    env: { ...process.env, ...t.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let killing = false;
  const acked = (): string[] => out.split('\n').filter((l) => l.startsWith('ok ')).map((l) => l.slice(3));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!killing && acked().length >= acks) {
        killing = true;
        setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * 15));
      }
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolve(acked());
      else reject(new Error(`crash worker ended on its own (${_code}): ${err}`));
    });
  });
}

describe('credits across a crash', () => {
  it('keeps every acknowledged charge and never spends a credit twice', async () => {
    const user = await insertUser(t.db);
    await grant(t.db, systemClock, user, GRANT, 'plan_grant');
    const acknowledged: string[] = [];
    for (let round = 0; round < 4; round++) acknowledged.push(...(await chargeUntilKilled(user, 300 + round * 97)));

    const rows = await t.db.kysely.selectFrom('credit_ledger').selectAll().where('user_id', '=', user).where('reason', '=', 'crash_test').execute();
    const stored = new Set(rows.map((r) => r.ref));
    expect(acknowledged.length).toBeGreaterThanOrEqual(300 * 4);
    expect(acknowledged.filter((ref) => !stored.has(ref))).toEqual([]);
    expect(stored.size).toBe(rows.length);
    expect(rows.every((r) => Number(r.delta) === -1)).toBe(true);

    const balance = await getBalance(t.db, user);
    expect(balance).toBe(GRANT - rows.length);
    const after = rows.map((r) => Number(r.balance_after)).sort((a, b) => a - b);
    expect(after).toEqual(Array.from({ length: rows.length }, (_, i) => balance + i));
  }, 60_000);
});

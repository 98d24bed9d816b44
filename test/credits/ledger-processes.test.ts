/**
 * Charges from two separate Node processes on the same database (on SQLite: the same file,
 * two connections competing for its write lock). In one process Kysely serialises SQLite
 * transactions, so only this test shows the charge is atomic in the database itself.
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

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

interface Worker {
  ready: Promise<void>;
  go(): void;
  result: Promise<{ ok: number; short: number }>;
}

function startWorker(userId: string, count: number): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'charge-worker.ts'), userId, String(count)], {
    cwd: root,
    env: { ...process.env, ...t.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    if (out.startsWith('ready\n')) markReady();
  });
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const result = new Promise<{ ok: number; short: number }>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(out.slice('ready\n'.length)) as { ok: number; short: number });
      else reject(new Error(`charge worker exited with ${code}: ${err}`));
    });
  });
  return { ready, go: () => child.stdin.end('go\n'), result };
}

describe('credit ledger across processes', () => {
  it('never spends more than the balance when two processes charge at once', async () => {
    const user = await insertUser(t.db);
    await grant(t.db, systemClock, user, 150, 'plan_grant');

    const workers = [startWorker(user, 100), startWorker(user, 100)];
    // Both connected before either charges, so their charges overlap.
    await Promise.race([Promise.all(workers.map((w) => w.ready)), Promise.all(workers.map((w) => w.result))]);
    workers.forEach((w) => w.go());
    const [a, b] = await Promise.all(workers.map((w) => w.result));
    expect(a.ok + b.ok).toBe(150);
    expect(a.short + b.short).toBe(50);
    expect(await getBalance(t.db, user)).toBe(0);

    const rows = await t.db.kysely.selectFrom('credit_ledger').selectAll().where('user_id', '=', user).execute();
    const charges = rows.filter((r) => r.delta < 0);
    expect(charges).toHaveLength(150);
    expect(rows.reduce((sum, r) => sum + Number(r.delta), 0)).toBe(0);
    // Each charge saw its own balance, 149 down to 0.
    expect(charges.map((r) => Number(r.balance_after)).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 150 }, (_, i) => i),
    );
  });
});

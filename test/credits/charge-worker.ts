/**
 * Run by ledger-processes.test.ts in a separate Node process: opens the test database named by
 * the environment (as the server or CLI would), prints "ready", waits for a line on stdin
 * (so that both processes start charging together), then fires `count` concurrent charges
 * of 1 and prints {"ok": n, "short": m}.
 */
import { once } from 'node:events';
import { systemClock } from '../../src/clock.js';
import { openDb } from '../../src/db/index.js';
import { charge } from '../../src/services/credits.js';

const [userId, countArg] = process.argv.slice(2);
const db = openDb({ databaseUrl: process.env.DATABASE_URL || null, dataDir: process.env.QUARRY_DATA_DIR ?? '.' });
try {
  // A first query opens the connection before the start signal.
  await charge(db, systemClock, userId, 0, 'warm-up');
  process.stdout.write('ready\n');
  await once(process.stdin, 'data');
  const results = await Promise.all(
    Array.from({ length: Number(countArg) }, (_, i) => charge(db, systemClock, userId, 1, 'execution', `p${process.pid}-${i}`)),
  );
  const ok = results.filter((r) => r.ok).length;
  process.stdout.write(JSON.stringify({ ok, short: results.length - ok }));
} finally {
  await db.close();
}
